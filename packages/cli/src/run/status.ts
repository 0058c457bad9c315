// `keyturn status`: what a family's target record says: its targets and the key ids each may hold,
// the fingerprints it keeps, and (with NEON_API_KEY) each key's age and the last rotation. Read-only.

import type { RevocationDue } from '@keyturn/rotation';
import { type RecordStore, recordedKeyIds, revocationsDue, type TargetRecord, type UnreadableRecord } from '@keyturn/rotation/targets';
import type { Command } from 'commander';
import { CliError } from '../cli-error.js';
import { platformClient, recordStore } from '../clients.js';
import { commandContext } from '../command-context.js';
import type { ConfigReaderLoader } from '../define-command.js';
import { STATUS_SETTINGS } from '../command-settings.js';
import { type KeyFacts, KeyListings, keyFacts } from '../key-listing.js';
import { renderTable, writeResult } from '../output.js';
import { recordFailure } from '../record-failure.js';
import { SettingReader } from '../setting-reader.js';

interface FamilyStatus {
  family: string;
  secretName: string;
  keyKind: string | null;
  targets: Array<{ spec: string; keyIds: number[] }>;
  keys: Array<{ id: number; fingerprint: string | null; heldBy: string[]; live: boolean | null; key: KeyFacts | null }>;
  lastRotation: { keyId: number; at: string | null } | null;
  rebuiltKeyIds: number[];
  /**
   * Superseded keys valid until their deadline (revoke-after), soonest first; with no listing, every deadline the record keeps (names
   * null).
   */
  revocationsDue: Array<Omit<RevocationDue, 'keyName'> & { keyName: string | null }>;
}

export async function runStatus(cmd: Command, loadConfigReader: ConfigReaderLoader): Promise<void> {
  const ctx = await commandContext(cmd, STATUS_SETTINGS, loadConfigReader);
  const reader = new SettingReader(ctx.settings);
  const store = recordStore(ctx, reader);
  const client = platformClient(ctx, reader, false);
  const family = reader.read('family', (g) => g.text);
  reader.check();
  ctx.progress.update(`Reading the target records from ${store!.describe()}`);
  const loaded = await store!.load().catch(recordFailure);
  const records = loaded.records.filter((r) => family === undefined || r.family === family);
  const unreadable = loaded.unreadable.filter((u) => family === undefined || u.family === family || u.family === undefined);
  if (family !== undefined && records.length === 0 && unreadable.length === 0) {
    ctx.progress.done();
    throw new CliError(
      `No record of family ${family} in ${store!.describe()}: the families recorded there ` +
        `are ${loaded.records.map((r) => r.family).join(', ') || 'none'}.`,
    );
  }
  if (!client) ctx.progress.line("No NEON_API_KEY: key ages and the last rotation's time are left out.");
  const listings = client && new KeyListings(client);
  const families = await Promise.all(records.map((record) => familyStatus(record, listings, ctx.progress.line.bind(ctx.progress))));
  ctx.progress.done(
    `${families.length} famil${families.length === 1 ? 'y' : 'ies'} recorded ` +
      `in ${store!.describe()}${unreadable.length ? `; ${unreadable.length} record(s) unreadable` : ''}.`,
  );
  writeResult(ctx.format, ctx.secrets, statusJson(store!, families, unreadable), () => statusTable(families, unreadable));
}

async function familyStatus(
  record: TargetRecord,
  listings: KeyListings | undefined,
  warn: (line: string, level: 'warning') => void,
): Promise<FamilyStatus> {
  let live: Map<number, KeyFacts> | undefined;
  if (listings && record.keyKind) {
    try {
      const now = Date.now();
      live = new Map((await listings.ofKind(record.keyKind)).map((k) => [k.id, keyFacts(k, now)]));
    } catch (error) {
      warn(
        `the keys of kind ${record.keyKind} could not be listed (${(error as Error).message}): ages left out for family ${record.family}`,
        'warning',
      );
    }
  }
  const targets = Object.values(record.targets).sort((a, b) => (a.spec < b.spec ? -1 : 1));
  const ids = [...recordedKeyIds(record)].sort((a, b) => b - a);
  const newest = record.held[0];
  return {
    family: record.family,
    secretName: record.secretName,
    keyKind: record.keyKind ?? null,
    targets: targets.map((t) => ({ spec: t.spec, keyIds: t.keyIds })),
    keys: ids.map((id) => ({
      id,
      fingerprint: record.fingerprints[id] ?? null,
      heldBy: targets.filter((t) => t.keyIds.includes(id)).map((t) => t.spec),
      live: live ? live.has(id) : null,
      key: live?.get(id) ?? null,
    })),
    lastRotation: newest === undefined ? null : { keyId: newest, at: live?.get(newest)?.createdAt ?? null },
    rebuiltKeyIds: record.rebuilt,
    revocationsDue: live
      ? revocationsDue(record, [...live.values()])
      : Object.entries(record.due ?? {})
          .map(([id, dueAt]) => ({ keyId: Number(id), keyName: null, dueAt }))
          .sort((a, b) => Date.parse(a.dueAt) - Date.parse(b.dueAt)),
  };
}

/** The JSON result (schema: `status`). */
function statusJson(store: RecordStore, families: FamilyStatus[], unreadable: UnreadableRecord[]): object {
  return {
    command: 'status',
    store: store.describe(),
    families,
    unreadable: unreadable.map((u) => ({ name: u.name, family: u.family ?? null, problem: u.problem, detail: u.detail })),
  };
}

function statusTable(families: FamilyStatus[], unreadable: UnreadableRecord[]): string {
  const blocks = families.map((f) => {
    const head = `family ${f.family} (secret ${f.secretName}, ${f.keyKind ?? 'kind not yet recorded'}); last rotation: ${
      f.lastRotation ? `key ${f.lastRotation.keyId}${f.lastRotation.at ? ` at ${f.lastRotation.at}` : ''}` : 'none yet'
    }`;
    const targets = renderTable(
      ['target', 'may hold keys'],
      f.targets.map((t) => [t.spec, t.keyIds.join(', ') || 'none yet']),
    );
    const keys = renderTable(
      ['key', 'fingerprint', 'age (days)', 'last used', 'held by'],
      f.keys.map((k) => [
        k.id,
        k.fingerprint ?? '-',
        k.key ? k.key.ageDays : k.live === false ? 'revoked' : '-',
        k.key?.lastUsedAt ?? '-',
        k.heldBy.join(', ') || '-',
      ]),
    );
    const due = f.revocationsDue.length
      ? `\n\n${renderTable(
          ['superseded key', 'revoked at or after'],
          f.revocationsDue.map((d) => [d.keyId, d.dueAt]),
        )}`
      : '';
    return `${head}\n\n${targets}\n\n${keys}${due}`;
  });
  for (const u of unreadable) blocks.push(`unreadable record ${u.name}${u.family ? ` (family ${u.family})` : ''}: ${u.detail}`);
  return blocks.join('\n\n') || 'No target record.';
}
