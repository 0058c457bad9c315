// Errors of the input checks: each names the input, so the `::error::` line says what to fix.

/** One input that cannot be used. The message names the input and never quotes a secret. */
export class InputError extends Error {
  override readonly name = 'InputError';

  constructor(
    readonly input: string,
    readonly problem: string,
  ) {
    super(`Input '${input}' ${problem}`);
  }
}

/** Every invalid input of a run at once, so one failed run lists all there is to fix. */
export class InvalidInputsError extends Error {
  override readonly name = 'InvalidInputsError';

  constructor(readonly errors: readonly InputError[]) {
    super(
      errors.length === 1
        ? `${errors[0]!.message}. Nothing was done.`
        : `${errors.length} inputs are invalid; nothing was done:\n${errors.map((e) => `- ${e.message}`).join('\n')}`,
    );
  }
}
