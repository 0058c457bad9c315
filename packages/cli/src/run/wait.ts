// `keyturn wait`: @keyturn/api's waiter, for operations by id or every pending one of a project.
// Exit 0 when all finished, 3 when one failed, 4 when the timeout ran out.

import { describeWaitResult, type WaitResult } from '@keyturn/api';
import { parseDuration, parseOperationIds, parseProjectId } from '@keyturn/api/values';
import type { Command } from 'commander';
import { CliError } from '../cli-error.js';
import { inCliTerms } from '../client-words.js';
import { platformClient } from '../clients.js';
import { commandContext } from '../command-context.js';
import type { ConfigReaderLoader } from '../define-command.js';
import { WAIT_SETTINGS } from '../command-settings.js';
import { EXIT } from '../exit-codes.js';
import { interruptSignal } from '../interrupt.js';
import { renderTable, writeResult } from '../output.js';
import { SettingReader } from '../setting-reader.js';

export async function runWait(cmd: Command, loadConfigReader: ConfigReaderLoader): Promise<void> {
  const ctx = await commandContext(cmd, WAIT_SETTINGS, loadConfigReader);
  const reader = new SettingReader(ctx.settings);
  const client = platformClient(ctx, reader);
  const projectId = reader.read('project-id', (g) => parseProjectId(g.where, g.text));
  if (projectId === undefined && !reader.failed.has('project-id'))
    reader.mistakes.push('no project: pass --project-id, the project whose operations to wait for');
  const ids = reader.read('operation-ids', (g) => parseOperationIds(g.where, g.text));
  const timeoutMs = reader.read('timeout', (g) => parseDuration(g.where, g.text)) ?? 600_000;
  const intervalMs = reader.read('interval', (g) => parseDuration(g.where, g.text, { minMs: 100, maxMs: 300_000 })) ?? 5000;
  reader.check();
  const interrupt = interruptSignal();
  // A wait that never heard back from the platform says why, after the result's own words.
  let lastError: string | undefined;
  let result: WaitResult;
  try {
    result = await client!.operations.wait(projectId!, {
      ids: ids ?? 'pending',
      timeoutMs,
      intervalMs,
      signal: interrupt.signal,
      onPoll: (e) => {
        lastError = e.error && inCliTerms(e.error.message);
        ctx.progress.update(
          `waiting: ${e.pending} pending, ${e.succeeded} finished, ${e.failed} failed of ${e.awaited} ` +
            `(${Math.round(e.elapsedMs / 1000)} s)${lastError ? `; ${lastError}, trying again` : ''}`,
        );
      },
    });
  } catch (error) {
    if (interrupt.signal.aborted) throw new CliError('Interrupted: stopped waiting.', EXIT.interrupted);
    throw error;
  } finally {
    interrupt.dispose();
  }
  const unanswered = result.status === 'timed-out' && lastError !== undefined ? `\nthe last answer: ${lastError}` : '';
  ctx.progress.done(`${describeWaitResult(result)}${unanswered}`, result.status === 'finished');
  writeResult(ctx.format, ctx.secrets, waitJson(projectId!, result), () => waitTable(result));
  if (result.status === 'failed') process.exitCode = EXIT.operationFailed;
  else if (result.status === 'timed-out') process.exitCode = EXIT.timedOut;
}

/** The JSON result (schema: `wait`). */
function waitJson(projectId: string, result: WaitResult): object {
  const brief = (op: WaitResult['operations'][number]) => ({ id: op.id, action: op.action, status: op.status, error: op.error ?? null });
  return {
    command: 'wait',
    projectId,
    status: result.status,
    operations: result.operations.map(brief),
    failedIds: result.failed.map((op) => op.id),
    pendingIds: result.pending.map((op) => op.id),
    unknownIds: result.unknownIds,
    pendingUnknown: result.pendingUnknown,
    rounds: result.rounds,
    requests: result.requests,
    elapsedMs: Math.round(result.elapsedMs),
  };
}

function waitTable(result: WaitResult): string {
  if (result.pendingUnknown && result.operations.length === 0)
    return "The project's operations could not be listed: which are pending is unknown.";
  if (result.operations.length === 0 && result.unknownIds.length === 0) return 'No operation to wait for.';
  return renderTable(
    ['operation', 'action', 'status', 'error'],
    [
      ...result.operations.map((op) => [op.id, op.action, op.status, op.error ?? '']),
      ...result.unknownIds.map((id) => [id, '', 'unknown', 'no answer before the deadline']),
    ],
  );
}
