// Which of the rotation's code probes the random histories must hit (issue 36): the test command
// fails, naming them, when one of REQUIRED_PROBES was never hit in its histories.

/** Probes every run of the test command's histories must hit at least once. */
export const REQUIRED_PROBES: readonly string[] = [];

/** Probes today's histories cannot reach, each with what would reach it. */
export const NOT_YET_REQUIRED: Readonly<Record<string, string>> = {};

/** The histories a run must play for the required probes to be checked: the test command's count. */
export const REQUIRED_PROBES_AT = 10_000;
