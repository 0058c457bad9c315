// The bundled Actions as child processes, run the way the runner runs them (actions/common's
// runAction), with the probe preloaded so a test can also SIGKILL one mid-request and see every
// request and connection it made and its peak RSS.

import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type ActionRun, locateAction, type RunActionOptions, runAction } from '@keyturn/action-runner';

/** KEYTURN_ROTATE_KEY_DIR runs the suite against another build (an action.yml and its dist), e.g. an older release. */
export const ROTATE_KEY = process.env.KEYTURN_ROTATE_KEY_DIR || locateAction('@keyturn/action-rotate-key', import.meta.url);
export const WAIT_FOR_OPERATION = locateAction('@keyturn/action-wait-for-operation', import.meta.url);
const PROBE = pathToFileURL(fileURLToPath(new URL('./probe.mjs', import.meta.url))).href;

/** What the probe saw from inside the process. */
export interface ProbeReport {
  pid: number | undefined;
  /** Every HTTP request the process started (header names only), in order. */
  requests: Array<{ origin: string; method: string; path: string; headers: string[] }>;
  /** Every TCP connection it opened. */
  connections: Array<{ address: string; port: number }>;
  /** VmHWM at exit, in kB; null when the process did not exit by itself (killed). */
  peakRssKb: number | null;
}

export interface ProbedRun extends ActionRun {
  probe: ProbeReport;
}

export interface StartedAction {
  /** Resolves once the process has ended and the runner files are read. */
  done: Promise<ProbedRun>;
  /** SIGKILL, as a cancelled or lost runner would; waits until the process has started. */
  kill(): Promise<void>;
}

export function startAction(actionDir: string, options: RunActionOptions = {}): StartedAction {
  const probeDir = mkdtemp(join(tmpdir(), 'keyturn-probe-'));
  let finished = false;
  const done = probeDir.then(async (dir) => {
    const probeFile = join(dir, 'probe.jsonl');
    try {
      const run = await runAction(actionDir, {
        ...options,
        env: { ...options.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${PROBE}`.trim(), KEYTURN_PROBE_FILE: probeFile },
      });
      return { ...run, probe: await readProbe(probeFile) };
    } finally {
      finished = true;
      await rm(dir, { recursive: true, force: true });
    }
  });

  async function kill(): Promise<void> {
    const probeFile = join(await probeDir, 'probe.jsonl');
    for (;;) {
      if (finished) throw new Error('the Action ended before it could be killed');
      if (existsSync(probeFile)) {
        const { pid } = await readProbe(probeFile);
        if (pid !== undefined) {
          process.kill(pid, 'SIGKILL');
          return;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  return { done, kill };
}

export function runProbed(actionDir: string, options: RunActionOptions = {}): Promise<ProbedRun> {
  return startAction(actionDir, options).done;
}

async function readProbe(file: string): Promise<ProbeReport> {
  const report: ProbeReport = { pid: undefined, requests: [], connections: [], peakRssKb: null };
  const text = existsSync(file) ? await readFile(file, 'utf8') : '';
  for (const line of text.split('\n')) {
    if (!line) continue;
    const entry = JSON.parse(line);
    if (entry.event === 'start') report.pid = entry.pid;
    if (entry.event === 'request') report.requests.push(entry);
    if (entry.event === 'connect') report.connections.push(entry);
    if (entry.event === 'exit') report.peakRssKb = entry.peakRssKb;
  }
  return report;
}
