// One history's machinery: the virtual clock, the world, and rotations started against it. Every
// request of a run goes through the run's own in-process fetch, which writes the trace, adds a
// seeded latency (so concurrent runs interleave as the seed says), and plays a crash: a crashed
// run's pending requests never answer it and its later ones never leave, so it does nothing more,
// while whatever the emulators already did stays, as after a SIGKILL.

import { type FaultSpec, type ResponseShape, toFetchRequest } from '@keyturn/emulator';
import { answerLeakAlerts, LeakAlertsError, type RotateKeyOptions, RotationError, rotateKey } from '@keyturn/rotation';
import { createRng, type Rng } from './prng.js';
import { installSimCrypto, type KeyPairsHanded, simCryptoReady } from './sim-crypto.js';
import { VirtualTime } from './virtual-time.js';
import { watchWorld, WorldVersion } from './world-version.js';
import { createWorld, GITLAB_TOKEN, HOME, ORG_ID, PROJECT_ID, type Skew, VERCEL_TOKEN, WRITE_TOKEN, type World } from './world.js';

export type { Answered, ArmedFault, CrashPoint, Run, RunResult, RunSpec, SentRequest, Service } from './run-types.js';
import type { Answered, ArmedFault, Run, RunResult, RunSpec, Service } from './run-types.js';

/**
 * An answer that never comes, a new one each time: whatever a killed run chains on it is garbage
 * once the run is, where one shared promise would keep every killed run's state for the process's life.
 */
const never = (): Promise<never> => new Promise<never>(() => {});

/** The stream GET /auth's latencies draw from (simulation.ts, fetchOf). */
const AUTH_LATENCY_STREAM = 0x0a07_4000;

/** Where a history's generators, clock and run count stand: what a copied rig (rig-copy.ts) carries over. */
export interface SimPosition {
  now: number;
  timers: number;
  runs: number;
  /** The states of the history's generator, GET /auth's latencies', the clients' (and the emulators' ids') and the random bytes'. */
  streams: [number, number, number, number];
  pairsHanded: number;
}

export class Simulation {
  readonly rng: Rng;
  readonly time: VirtualTime;
  readonly trace: string[] = [];
  world!: World;
  #runCount = 0;
  /** Every fault armed, in order (the coverage counts their kinds). */
  readonly armed: ArmedFault[] = [];
  /** How many runs each runAll played together: 2 or more is an overlapping round. */
  readonly groups: number[] = [];
  /**
   * Called after every answer an emulator gave a run (not a killed run's): a matrix checks an order of effects there, the instant
   * invariants their state.
   */
  readonly afterAnswer: ((answered: Answered) => void)[] = [];
  /** Moves whenever the world's stores may have changed (world-version.ts): what a reader read stands while it does not. */
  readonly version = new WorldVersion();
  readonly #authLatency: Rng;
  readonly #inner: Rng;
  readonly #bytes: Rng;
  readonly #pairs: KeyPairsHanded = { handed: 0 };
  /** SIM_SAID=1: the run's own words in the trace, to read why a replayed seed failed (read once: process.env is slow to read per line). */
  readonly #traceSaid = Boolean(process.env.SIM_SAID);
  #uninstall: (() => void) | undefined;

  private constructor(readonly seed: number) {
    this.rng = createRng(seed);
    this.#authLatency = createRng(seed ^ AUTH_LATENCY_STREAM);
    // The clients' jitter and the key names' suffixes draw from a generator of their own, so a
    // change in how many they draw never shifts the history's choices.
    const inner = this.rng.fork();
    this.#inner = inner;
    this.time = new VirtualTime(Date.UTC(2030, 0, 1) + this.rng.int(365) * 86_400_000, () => inner.next());
    // Random bytes of their own generator: how many are drawn shifts none of the history's choices.
    this.#bytes = createRng(seed ^ 0x5eed_b17e);
  }

  static async start(seed: number, skew?: Skew, shape: ResponseShape = 'full'): Promise<Simulation> {
    const sim = new Simulation(seed);
    await simCryptoReady;
    const uninstallCrypto = installSimCrypto(sim.#bytes.next, sim.#pairs);
    sim.#uninstall = uninstallCrypto;
    sim.world = watchWorld(await createWorld(sim.time, skew ?? { platformMs: 0, githubMs: 0 }, shape), sim.version);
    const uninstallTime = sim.time.install();
    sim.#uninstall = () => {
      uninstallTime();
      uninstallCrypto();
    };
    return sim;
  }

  position(): SimPosition {
    const { now, seq } = this.time.position();
    const streams = [this.rng, this.#authLatency, this.#inner, this.#bytes].map((r) => r.state()) as SimPosition['streams'];
    return { now, timers: seq, runs: this.#runCount, streams, pairsHanded: this.#pairs.handed };
  }

  /** Puts the generators, clock and run count where `position` says (no timer may be pending). */
  moveTo(position: SimPosition): void {
    this.time.moveTo({ now: position.now, seq: position.timers });
    this.#runCount = position.runs;
    const streams = [this.rng, this.#authLatency, this.#inner, this.#bytes];
    for (const [i, stream] of streams.entries()) stream.setState(position.streams[i]!);
    this.#pairs.handed = position.pairsHanded;
  }

  note(line: string): void {
    this.trace.push(`${this.#stamp()} ${line}`);
  }

  #stamp(): string {
    return `[+${String(this.time.now() % 10_000_000).padStart(7, '0')}]`;
  }

  /** Arms a fault on the nth request of a method and path: the n-1 before it pass (a zero delay). */
  arm(fault: ArmedFault): void {
    const emulator = this.emulatorOf(fault.service);
    const match = { method: fault.method, path: fault.path };
    if (fault.nth > 1) emulator.faults.add({ ...match, kind: 'delay', ms: 0, times: fault.nth - 1 });
    emulator.faults.add({ times: 1, ...fault.effect, ...match } as FaultSpec);
    this.armed.push(fault);
    this.note(`fault armed: ${fault.name} on ${fault.service} ${fault.method} ${fault.path} #${fault.nth}`);
  }

  clearFaults(): void {
    this.world.platform.faults.clear();
    this.world.github.faults.clear();
    this.world.gitlab.faults.clear();
    this.world.vercel.faults.clear();
  }

  /** The emulator of a service. */
  emulatorOf(service: Service): World['platform'] | World['github'] | World['gitlab'] | World['vercel'] {
    const { platform, github, gitlab, vercel } = this.world;
    return { platform, github, gitlab, vercel }[service];
  }

  /** Starts a rotation; it runs as the clock runs (see runAll). */
  start(spec: RunSpec): Run {
    const id = `run${++this.#runCount}`;
    const result: RunResult = { id, spec, status: 'stuck', said: [], created: [], requests: 0, sent: [] };
    const run: Run = { result, settled: false, kill: (why) => crash(why) };
    let crashed = false;
    const crash = (where: string) => {
      if (crashed || run.settled) return;
      crashed = true;
      run.settled = true;
      result.status = 'crashed';
      this.note(`${id} killed ${where}`);
    };
    if (spec.crash && 'atMs' in spec.crash) {
      const at = spec.crash.atMs;
      void this.time.sleep(at).then(() => crash(`at +${at} ms`));
    }
    const fetchOf =
      (service: Service): typeof fetch =>
      (input, init) => {
        if (crashed) return never();
        const request = toFetchRequest(input, init);
        const n = ++result.requests;
        const path = request.url.pathname.replace(/^\/api\/v[24]/, '');
        result.sent.push({ service, method: request.method, path });
        const what = `${id} ${service} ${request.method} ${decodeURIComponent(path)}`;
        const point = spec.crash && 'request' in spec.crash && spec.crash.request === n ? spec.crash : undefined;
        if (point && !point.afterEffect) {
          this.note(what);
          crash(`before request #${n} took effect`);
          return never();
        }
        const { handler } = this.emulatorOf(service);
        // GET /auth came after the seeds were found: its latency draws from a stream of its own, so
        // the history's other choices stay as they were.
        const latency = (service === 'platform' && path === '/auth' ? this.#authLatency : this.rng).int(3);
        const answered = (latency ? this.time.sleep(latency) : Promise.resolve()).then(() => {
          this.note(what);
          return handler(request);
        });
        return answered.then(
          (response) => {
            this.note(`${what} -> ${response.status}`);
            for (const check of this.afterAnswer) check({ run: result, service, method: request.method, path });
            if (point) crash(`after request #${n} took effect`);
            return crashed ? never() : response;
          },
          (error: unknown) => {
            this.note(`${what} -> ${error instanceof Error ? `${error.name}: ${error.message}` : 'error'}`);
            for (const check of this.afterAnswer) check({ run: result, service, method: request.method, path });
            if (point) crash(`after request #${n} took effect`);
            return crashed ? never() : Promise.reject(error);
          },
        );
      };
    const options = this.#options(
      spec,
      { platform: fetchOf('platform'), github: fetchOf('github'), gitlab: fetchOf('gitlab'), vercel: fetchOf('vercel') },
      result,
      () => crashed,
    );
    this.note(
      `${id} starts: ${spec.kind} key, ${spec.credential}, ${spec.secretName} in [${spec.targets.join(' | ')}], keep ${spec.keep}` +
        (spec.retire.length ? `, retiring [${spec.retire.join(' | ')}]` : '') +
        (spec.family ? `, family ${spec.family}` : '') +
        (spec.rebuildRecord ? ', rebuilding the record' : '') +
        (spec.revokeKeyIds ? `, revoke-key-ids ${spec.revokeKeyIds.join(',')}` : '') +
        (spec.leakedKey ? `, leaked key ${JSON.stringify(spec.leakedKey)}` : '') +
        (spec.alerts ? `, answering the alerts of ${spec.alerts.secretType}` : '') +
        (spec.crash ? `, crash ${JSON.stringify(spec.crash)}` : '') +
        (spec.startAfterMs ? `, after ${spec.startAfterMs} ms` : '') +
        (spec.rotateEvery ? `, rotate-every ${spec.rotateEvery}` : '') +
        (spec.revokeAfter ? `, revoke-after ${spec.revokeAfter}` : '') +
        (spec.dryRun ? ', dry run' : '') +
        (spec.vercelRedeploy === false ? ', no redeploy' : ''),
    );
    if (spec.alerts) {
      this.#answerAlerts(run, options, spec.alerts.secretType, () => crashed);
      return run;
    }
    const later = spec.startAfterMs ? this.time.sleep(spec.startAfterMs) : Promise.resolve();
    later
      .then(() => rotateKey(options))
      .then(
        (report) => {
          if (crashed) return;
          run.settled = true;
          result.status = 'ok';
          result.report = report;
          result.said.push(JSON.stringify(report));
          this.note(`${id} ok: key ${report.keyId}, targets [${report.targets.join(' | ')}], revoked [${report.revokedKeyIds.join(', ')}]`);
        },
        (error: unknown) => {
          if (crashed) return;
          run.settled = true;
          if (!(error instanceof RotationError)) {
            result.status = 'failed';
            result.said.push(String(error), (error as Error)?.stack ?? '');
            this.note(`${id} threw something else than a RotationError: ${String(error)}`);
            return;
          }
          result.status = 'failed';
          result.error = error;
          result.said.push(error.message, error.advice, JSON.stringify(error), String((error.cause as Error | undefined)?.message ?? ''));
          this.note(`${id} failed (${error.code} at ${error.step})`);
        },
      );
    return run;
  }

  /** Alert mode's run: answerLeakAlerts with the run's rotation; each alert value read is a secret the leak checks search for. */
  #answerAlerts(run: Run, rotation: RotateKeyOptions, secretType: string, crashed: () => boolean): void {
    const { result } = run;
    answerLeakAlerts({
      rotation,
      secretType,
      onAlertValue: (value) => void this.world.secrets.add(value),
      log: (entry) => {
        if (!crashed()) result.said.push(entry.message);
      },
    }).then(
      (report) => {
        if (crashed()) return;
        run.settled = true;
        result.status = 'ok';
        result.alertsReport = report;
        result.said.push(JSON.stringify(report));
        this.note(
          `${result.id} ok: ${report.answered.filter((a) => a.resolved).length} alert(s) resolved, ${report.unmanaged.length} unmanaged`,
        );
      },
      (error: unknown) => {
        if (crashed()) return;
        run.settled = true;
        result.status = 'failed';
        if (!(error instanceof LeakAlertsError)) {
          result.said.push(String(error), (error as Error)?.stack ?? '');
          this.note(`${result.id} threw something else than a LeakAlertsError: ${String(error)}`);
          return;
        }
        result.alertsError = error;
        result.said.push(error.message, JSON.stringify(error.report), String((error.cause as Error | undefined)?.message ?? ''));
        this.note(`${result.id} failed: ${error.summary}`);
      },
    );
  }

  #options(spec: RunSpec, fetches: Record<Service, typeof fetch>, result: RunResult, crashed: () => boolean): RotateKeyOptions {
    const { world, time } = this;
    const { platform: platformFetch, github: githubFetch, gitlab: gitlabFetch, vercel: vercelFetch } = fetches;
    const baseUrl = world.github.url;
    const github =
      spec.credential === 'token'
        ? { token: WRITE_TOKEN, baseUrl, fetch: githubFetch, runtime: time }
        : {
            appId: String(world.app.id),
            privateKey: world.app.privateKey,
            baseUrl,
            fetch: githubFetch,
            runtime: time,
            onToken: (token: string) => void world.secrets.add(token),
          };
    return {
      platform: { apiKey: spec.apiKey, baseUrl: world.platform.url, fetch: platformFetch, runtime: time },
      ...(spec.kind === 'organization' && {
        keyKind: { kind: 'organization', orgId: ORG_ID },
        ...(spec.managingApiKey && { managingApiKey: spec.managingApiKey }),
      }),
      ...(spec.kind === 'project' && {
        keyKind: { kind: 'project', orgId: ORG_ID, projectId: PROJECT_ID },
        managingApiKey: world.managingKey.key,
      }),
      github,
      gitlab: { token: GITLAB_TOKEN, apiUrl: world.gitlab.url, fetch: gitlabFetch },
      vercel: { token: VERCEL_TOKEN, apiUrl: world.vercel.url, fetch: vercelFetch },
      targets: spec.targets,
      ...(spec.family !== undefined && { family: spec.family }),
      secretName: spec.secretName,
      keep: spec.keep,
      retireTargets: spec.retire,
      ...(spec.rebuildRecord && { rebuildRecord: true }),
      ...(spec.revokeKeyIds && { revokeKeyIds: spec.revokeKeyIds }),
      ...(spec.leakedKey && { leakedKey: spec.leakedKey }),
      ...(spec.acknowledge && { acknowledge: true }),
      ...(spec.rotateEvery && { rotateEvery: spec.rotateEvery }),
      ...(spec.revokeAfter && { revokeAfter: spec.revokeAfter }),
      ...(spec.dryRun && { dryRun: true }),
      ...(spec.vercelRedeploy !== undefined && { vercelRedeploy: spec.vercelRedeploy }),
      record: spec.record === 'gitlab' ? { gitlab: HOME } : { repository: HOME },
      lease: { holder: result.id },
      defaultRepository: HOME,
      runtime: time,
      log: (entry) => {
        if (crashed()) return;
        result.said.push(entry.message);
        if (this.#traceSaid) this.note(`${result.id} says: ${entry.message}`);
      },
      onKeyCreated: (value) => {
        world.secrets.add(value);
        world.learnValue(value, spec.kind);
        result.created.push(value);
      },
    };
  }

  /** Runs the clock until every run has ended or been killed; a run still going after `limitMs` of virtual time is stuck. */
  async runAll(runs: Run[], limitMs = 30 * 60_000): Promise<void> {
    this.groups.push(runs.length);
    const outcome = await this.time.run(() => runs.every((r) => r.settled), limitMs);
    for (const run of runs)
      if (!run.settled)
        this.note(`${run.result.id} is stuck (${outcome}; timers due in ${this.time.pendingDelays().slice(0, 5).join(', ')} ms)`);
  }

  /** The user's own request to GitHub (deleting a secret, editing the record) with the write token, or to GitLab with GitLab's. */
  async userRequest(method: string, path: string, body?: unknown, service: 'github' | 'gitlab' = 'github'): Promise<Response> {
    const emulator = service === 'github' ? this.world.github : this.world.gitlab;
    const headers: Record<string, string> =
      service === 'github'
        ? { authorization: `token ${WRITE_TOKEN}`, 'user-agent': 'keyturn-simulator', 'x-github-api-version': '2022-11-28' }
        : { 'private-token': GITLAB_TOKEN, 'content-type': 'application/json' };
    const request = new Request(`${emulator.url}${path}`, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
    let response: Response | undefined;
    void emulator.handler(request).then((r) => (response = r));
    await this.time.run(() => response !== undefined, 60_000);
    if (!response) throw new Error(`${method} ${path} got no answer`);
    return response;
  }

  async close(): Promise<void> {
    this.#uninstall?.();
    this.#uninstall = undefined;
    await Promise.all([this.world?.platform.close(), this.world?.github.close(), this.world?.gitlab.close(), this.world?.vercel.close()]);
  }
}

export { createRng };
