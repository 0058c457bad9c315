// Calling a person about a stuck family (issue 33, item 4): one issue in the place that keeps the
// record, opened on entering the stuck state and updated at most once a day while it lasts (its own
// `updated_at` says when it last was: nothing else is kept), closed by the first run to succeed after
// an acknowledgement; and, with `notifyUrl`, a small JSON post each time the issue is opened or
// updated. Nothing here changes a run's outcome: a failure is the notice `person-not-called`.

import { STUCK_TITLE_PREFIX, stuckIssueText } from '../notices/render.js';
import { describeError } from '../platform.js';
import type { RotationContext } from '../protocol/context.js';
import { LEASE_HELD, underFreeLease } from '../protocol/lease-points.js';
import type { RotationStep } from '../log.js';
import { probe } from '../internal/probes.js';
import type { IssueTracker } from './issue-tracker.js';
import { CALL_AGAIN_AFTER_MS, type StuckMark } from './stuck-mark.js';

/** How an issue is found again: its title starts with this, whatever the reason. */
export function issueTitleStart(family: string): string {
  return `${STUCK_TITLE_PREFIX}${family} is stuck (`;
}

/**
 * `entered`: the family just got stuck (the issue is opened, or updated when one is open).
 * `still`: a later run found it stuck (the issue is opened when missing, updated when a day old).
 */
export async function callPerson(
  ctx: RotationContext,
  step: RotationStep,
  family: string,
  mark: StuckMark,
  when: 'entered' | 'still',
): Promise<void> {
  const text = stuckIssueText({ family, ...mark });
  let called = when === 'entered';
  if (ctx.issues) {
    let doing: 'open' | 'update' = 'open';
    try {
      const issue = await ctx.issues.findOpen(issueTitleStart(family));
      called = !issue || when === 'entered' || ctx.now().getTime() - Date.parse(issue.updatedAt) >= CALL_AGAIN_AFTER_MS;
      if (!issue) called = await openIssue(ctx, ctx.issues, family, text, when);
      else if (called) {
        doing = 'update';
        await ctx.issues.update(issue, text.title, `${text.body}\n\nStill stuck at ${ctx.now().toISOString()}.`);
      }
      if (called) ctx.log(step, `${doing === 'open' ? 'Opened' : 'Updated'} the issue "${text.title}" in ${ctx.issues.describe()}`);
    } catch (error) {
      ctx.notice(step, { code: 'person-not-called', family, channel: 'issue', doing, error: describeError(error), actions: [] });
    }
  }
  if (called && ctx.notifyUrl) await postWebhook(ctx, step, ctx.notifyUrl, family, mark, text);
}

/**
 * Opens the family's issue. A run that found the family stuck (`still`) does so only under the
 * family's lease, looking again once it holds it: the run that marked the family holds the lease
 * while it opens its own (seed 600005388: a run started meanwhile opened a second one). While
 * another run holds the lease, the issue is left to it: false, nobody called by this run.
 */
async function openIssue(
  ctx: RotationContext,
  issues: IssueTracker,
  family: string,
  text: { title: string; body: string },
  when: 'entered' | 'still',
): Promise<boolean> {
  const open = async (lookAgain: boolean) => {
    if (lookAgain && (await issues.findOpen(issueTitleStart(family)))) return false;
    await issues.open(text.title, text.body);
    return true;
  };
  if (when === 'entered') return open(false);
  const opened = await underFreeLease(ctx, open);
  if (opened === LEASE_HELD) probe('stuck-issue-left-to-holder');
  return opened === true;
}

/** The first run to succeed after an acknowledgement (or a rebuilt record) closes the family's open issue. */
export async function closeIssue(ctx: RotationContext, family: string): Promise<void> {
  if (!ctx.issues) return;
  try {
    const issue = await ctx.issues.findOpen(issueTitleStart(family));
    if (!issue) return;
    await ctx.issues.close(issue);
    ctx.log('revoke', `Closed the issue about stuck family ${family} in ${ctx.issues.describe()}: this run succeeded`);
  } catch (error) {
    ctx.notice('revoke', { code: 'person-not-called', family, channel: 'issue', doing: 'close', error: describeError(error), actions: [] });
  }
}

/**
 * The webhook: `text` (what Slack's and Teams' incoming webhooks show), and the facts a program reads.
 * Never a key value: the remedy is a notice's words (ids, names and target specs).
 */
async function postWebhook(
  ctx: RotationContext,
  step: RotationStep,
  url: string,
  family: string,
  mark: StuckMark,
  text: ReturnType<typeof stuckIssueText>,
) {
  const document = {
    text: `${text.title}: ${text.remedy}${mark.runUrl ? ` (${mark.runUrl})` : ''}`,
    family,
    reason: mark.notice.code,
    since: mark.since,
    remedy: text.remedy,
    ...(mark.runUrl && { runUrl: mark.runUrl }),
  };
  try {
    const answer = await (ctx.notifyFetch ?? fetch)(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(document),
      signal: AbortSignal.timeout(15_000),
    });
    if (!answer.ok) throw new Error(`the webhook answered ${answer.status}`);
    ctx.log(step, `Posted the stuck family ${family} to the webhook of \`notifyUrl\``);
  } catch (error) {
    ctx.notice(step, { code: 'person-not-called', family, channel: 'webhook', doing: 'post', error: describeError(error), actions: [] });
  }
}
