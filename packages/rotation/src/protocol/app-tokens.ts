// With a GitHub App: its installation tokens are minted in the preflight, before any key exists,
// so an App not installed on an owner, a permission or a repository it lacks fails there with
// nothing changed (I4); and revoked when the run ends, whatever ended it (a failed revocation only
// warns: the token expires within the hour).

import { AppAccessError } from '../github-app/app-access-error.js';
import type { RotationContext } from './context.js';
import { probe } from '../internal/probes.js';

export async function mintAppTokens(ctx: RotationContext): Promise<void> {
  if (!ctx.appTokens || ctx.appTokensMinted) return;
  ctx.appTokensMinted = true;
  try {
    await ctx.appTokens.mintAll((line) => ctx.log('preflight', line));
  } catch (error) {
    if (!(error instanceof AppAccessError)) throw error;
    ctx.fail({ code: 'github-app-failed', step: 'preflight', summary: error.message, advice: error.advice, cause: error });
  }
}

export async function revokeAppTokens(ctx: RotationContext): Promise<void> {
  if (!ctx.appTokens) return;
  const { revoked, failed } = await ctx.appTokens.revokeAll();
  if (revoked.length) ctx.note(`Revoked the GitHub App's installation tokens (${revoked.join(', ')})`);
  for (const { owner, problem } of failed) {
    probe('app-token-not-revoked');
    ctx.notice(ctx.currentStep(), { code: 'app-token-not-revoked', owner, problem, actions: [] });
  }
}
