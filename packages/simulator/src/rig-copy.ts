// A rig's setup, copied instead of run again. The leak and alert rows start every case from the
// same rig after the same setup rotation; the emulators are a function of the requests that reach
// them, the clock and the random numbers they draw, so a fresh rig of the same seed handed the
// setup's requests at their doors, each with the clock and generators where they stood when it
// arrived, ends in the emulators' state the setup left, for a fraction of the setup's CPU (no
// client, no retry layers, no sealing). The clients' own draws are carried over as the generators'
// final positions. Sound only if no client drew while a request was inside an emulator: each
// replayed request must leave the generators where the setup's left them, or the copy throws; and
// the first copy of each template is compared with the template itself (copyCheck).

import { FetchRequest } from '@keyturn/emulator';
import type { Service, SimPosition, Simulation } from './simulation.js';
import type { SimKeyKind } from './world.js';

/** One request as it reached an emulator's door, with where the history stood as it went in and as its answer came out. */
interface DoorCall {
  service: Service;
  /** Its method, URL and headers (no signal: nothing aborts a replayed request), and its body's bytes. */
  request: FetchRequest;
  body: Uint8Array | null;
  before: SimPosition;
  after?: SimPosition;
  /** A public key's answer: its key id, which the later writes name. */
  keyId?: string;
}

/** What a setup did to a rig, to be done again on a fresh rig of the same seed and shape. */
export interface RigSetup {
  calls: DoorCall[];
  /** The trace, the runAll groups and the history's position once the setup ended. */
  trace: string[];
  groups: number[];
  end: SimPosition;
  /** The values the leak checks learnt during the setup, and the kinds learnt of new keys. */
  secrets: string[];
  learnt: Array<[string, SimKeyKind]>;
}

const SERVICES: readonly Service[] = ['platform', 'github', 'gitlab', 'vercel'];

/** Records every request that reaches the rig's emulators until `stop`, which returns the setup (call it once the setup ended). */
export function recordSetup(sim: Simulation): { stop(): RigSetup } {
  const { world } = sim;
  const calls: DoorCall[] = [];
  const learnt: Array<[string, SimKeyKind]> = [];
  const traceBefore = sim.trace.length;
  const groupsBefore = sim.groups.length;
  const secretsBefore = new Set(world.secrets);
  const originals = SERVICES.map((service) => {
    const emulator = sim.emulatorOf(service);
    const handler = emulator.handler;
    emulator.handler = (input, init) => {
      const request = input instanceof FetchRequest ? input : undefined;
      if (!request || (request.body !== null && !(request.body instanceof Uint8Array)))
        throw new Error(`a setup's request to ${service} that cannot be recorded`);
      const call: DoorCall = {
        service,
        request: new FetchRequest(request.method, request.url, { ...request.headers }, null, undefined),
        body: request.body?.slice() ?? null,
        before: sim.position(),
      };
      calls.push(call);
      const mark = () => {
        call.after = sim.position();
      };
      const answered = handler(input, init);
      answered.then(mark, mark);
      // Read beside the client (first in line, before it reads the body), so the run's own timing is untouched.
      if (isPublicKey(call))
        answered.then(
          async (response) => {
            call.keyId = await keyIdOf(response);
          },
          () => undefined,
        );
      return answered;
    };
    return { emulator, handler };
  });
  const learnValue = world.learnValue;
  world.learnValue = (value, kind) => {
    learnt.push([value, kind]);
    learnValue(value, kind);
  };
  return {
    stop: () => {
      for (const { emulator, handler } of originals) emulator.handler = handler;
      world.learnValue = learnValue;
      if (sim.trace.length < traceBefore || traceBefore !== 0) throw new Error('a setup is recorded from a fresh rig only');
      return {
        calls,
        trace: sim.trace.slice(traceBefore),
        groups: sim.groups.slice(groupsBefore),
        end: sim.position(),
        secrets: [...world.secrets].filter((s) => !secretsBefore.has(s)),
        learnt,
      };
    },
  };
}

/** Does `setup` again on a fresh rig of the seed and shape it was recorded on: the rig then stands where the setup left its own. */
export async function replaySetup(sim: Simulation, setup: RigSetup): Promise<void> {
  if (sim.trace.length !== 0 || sim.groups.length !== 0) throw new Error('a setup is copied onto a fresh rig only');
  // A target's key id is drawn when the emulator starts, outside the history's generators (sealed-box.ts): the copy's
  // differ from the template's as any two rigs' do, so the writes name the copy's own (as its client would have read them).
  const keyIds = new Map<string, string>();
  for (const call of setup.calls) {
    if (!call.after) throw new Error(`the setup's ${call.service} ${call.request.method} ${call.request.url.pathname} was never answered`);
    sim.moveTo(call.before);
    const { method, url, headers } = call.request;
    const body = call.body && withKeyIds(call.body, keyIds);
    let settled = false;
    let keyId: string | undefined;
    const answered = sim.emulatorOf(call.service).handler(new FetchRequest(method, url, { ...headers }, body, undefined));
    answered.then(
      async (response) => {
        if (isPublicKey(call)) keyId = await keyIdOf(response);
        settled = true;
      },
      () => {
        settled = true;
      },
    );
    // The emulators answer a setup's requests without waiting (no fault is armed): no timer may fire.
    await sim.time.run(() => settled, 0);
    if (!settled) throw new Error(`the copied ${call.service} ${method} ${url.pathname} did not answer at once`);
    const now = JSON.stringify(sim.position());
    if (now !== JSON.stringify(call.after))
      throw new Error(
        `the copied ${call.service} ${method} ${url.pathname} left the history at ${now}, the setup at ${JSON.stringify(call.after)}`,
      );
    if (call.keyId !== undefined) {
      if (keyId === undefined) throw new Error(`the copied ${url.pathname} answered no key id`);
      keyIds.set(call.keyId, keyId);
    }
  }
  sim.moveTo(setup.end);
  sim.trace.push(...setup.trace);
  sim.groups.push(...setup.groups);
  for (const secret of setup.secrets) sim.world.secrets.add(secret);
  for (const [value, kind] of setup.learnt) sim.world.learnValue(value, kind);
}

const isPublicKey = (call: DoorCall) =>
  call.service === 'github' && call.request.method === 'GET' && call.request.url.pathname.endsWith('/public-key');

async function keyIdOf(response: Response): Promise<string | undefined> {
  if (!response.ok) return undefined;
  const body = (await response.clone().json()) as { key_id?: unknown };
  return typeof body.key_id === 'string' ? body.key_id : undefined;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** A body with the template's key ids (`"key_id":"…"`) swapped for the copy's; a copy of the bytes either way. */
function withKeyIds(body: Uint8Array, keyIds: ReadonlyMap<string, string>): Uint8Array {
  if (keyIds.size === 0) return body.slice();
  const text = decoder.decode(body);
  const swapped = text.replace(/"key_id":"(\d+)"/g, (whole, id: string) => (keyIds.has(id) ? `"key_id":"${keyIds.get(id)}"` : whole));
  return swapped === text ? body.slice() : encoder.encode(swapped);
}

/**
 * What a case can see of a rig: the history's position and trace, every key, what each target
 * holds, the record, and every emulator's request log. A copy must show the same as its template.
 */
export function rigView(sim: Simulation, targets: readonly string[], secretName: string): string {
  const { world } = sim;
  return JSON.stringify({
    position: sim.position(),
    trace: sim.trace,
    groups: sim.groups,
    keys: world.platform.listKeys(),
    valid: [...world.secrets].sort().map((s) => world.platform.isKeyValid(s)),
    held: targets.map((t) => world.held(t, secretName)),
    secrets: [...world.secrets].sort(),
    kinds: [...world.secrets].sort().map((s) => world.kindOfValue(s) ?? null),
    logs: SERVICES.map((s) => sim.emulatorOf(s).log.entries()),
  });
}
