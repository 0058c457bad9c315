// The models a regression seed replays with (its `edits`): each the model as it was when seeds were found.

/**
 * The model before a round waited for the answers the last one abandoned, and while a rename copied
 * the secret to dropped targets too (every seed found until the open seeds of session 5 were triaged).
 */
export const UNSPACED_MODEL = { apart: false, renameListed: false, wide: false };
/**
 * The timed model with the leak rounds and records in parts, as `pnpm sim` plays it (the tests replay a
 * seed without them unless told).
 */
export const TIMED_MODEL = { modes: true, parts: true, timed: true };
/**
 * The model before issue 36 widened it to every target kind, the record in GitLab, keep 1 to 3 and GET
 * /auth misreporting (every seed found until then).
 */
export const NARROW_MODEL = { wide: false };
/** The model before the histories kept time (issues 33, 34): no rotate-every, revoke-after, dry run nor Vercel target. */
export const WIDE_MODEL = { timed: false };
/** The model before the choices that reach the mutants (list edits, clock steps, refused writes). */
export const TRIAGED_MODEL = { ...UNSPACED_MODEL, lists: false, clock: false, refusals: false };
export const FIRST_MODEL = { ...TRIAGED_MODEL, rename: false, record: false };
