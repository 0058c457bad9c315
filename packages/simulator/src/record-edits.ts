// The target record edited between runs (issue 19: "the record hand-edited, truncated ... or written
// by a newer format"): a record variable cut short, as a tool or a hand edit leaves it, or rewritten
// by a newer keyturn (a format number above any this build reads). The runs that meet it must refuse
// before anything changes (issue 22); after the round the user puts the earlier value back, as the
// refusal's advice says, and the history goes on.

import type { Rng } from './prng.js';
import type { Simulation } from './simulation.js';
import { HOME } from './world.js';

const VARIABLES = `/repos/${HOME}/actions/variables`;
/** A record variable's head (a part's name ends in _PART_<slot><n>). */
const RECORD_HEAD = /^KEYTURN_RECORD_(?!.*_PART_[AB]\d+$)/;
/** A format no release reads yet: a newer keyturn wrote it. */
const NEWER_FORMAT = 9;

export type RecordEdit = 'truncated' | 'newer format';

/** An edit made: `restore` puts the earlier value back unless a run has written the variable since. */
export interface MadeRecordEdit {
  restore(): Promise<void>;
}

/** Edits one record variable of the home repository, if there is one; says what it did in the trace. */
export async function editRecordVariable(sim: Simulation, rng: Rng): Promise<MadeRecordEdit | undefined> {
  const listing = await sim.userRequest('GET', `${VARIABLES}?per_page=30`);
  const { variables } = (await listing.json()) as { variables: Array<{ name: string; value: string }> };
  const heads = variables.filter((v) => RECORD_HEAD.test(v.name)).sort((a, b) => (a.name < b.name ? -1 : 1));
  if (!heads.length) return undefined;
  const { name, value: earlier } = rng.pick(heads);
  const edit: RecordEdit = rng.pick(['truncated', 'newer format'] as const);
  const edited = edit === 'truncated' ? earlier.slice(0, Math.max(1, Math.floor(earlier.length / 2))) : newerFormat(earlier);
  await patch(sim, name, edited);
  sim.note(`user: the record ${name} ${edit === 'truncated' ? 'cut short' : `rewritten by a newer keyturn (format ${NEWER_FORMAT})`}`);
  return {
    async restore() {
      const now = await sim.userRequest('GET', `${VARIABLES}/${name}`);
      if (now.status !== 200 || ((await now.json()) as { value: string }).value !== edited) return;
      await patch(sim, name, earlier);
      sim.note(`user: the record ${name} restored to its earlier value`);
    },
  };
}

/** The same record under a newer format number (a head of a record in parts keeps its own fields). */
function newerFormat(text: string): string {
  const data = JSON.parse(text) as Record<string, unknown>;
  return JSON.stringify({ ...data, keyturn: NEWER_FORMAT });
}

async function patch(sim: Simulation, name: string, value: string): Promise<void> {
  const response = await sim.userRequest('PATCH', `${VARIABLES}/${name}`, { name, value });
  if (response.status !== 204) throw new Error(`editing the variable ${name}: ${response.status}`);
}
