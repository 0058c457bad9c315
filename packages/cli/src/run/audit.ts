// `keyturn audit`: read-only. The account's keys (or an organization's, with --org-id) by family and
// kind, with age and last use, checked against the target records: a key no record knows, a
// recorded key no recorded target holds, a key older than --max-age. Exit 5 when one is flagged,
// so a scheduled job fails on it.

import type { ApiKey } from '@keyturn/api';
import { recordedKeyIds, type TargetRecord } from '@keyturn/rotation/targets';
import { InputError, parseInteger } from '@keyturn/api/values';
import { countNoun } from '@keyturn/api/toolkit';
import type { Command } from 'commander';
import { platformClient, recordStore } from '../clients.js';
import { commandContext } from '../command-context.js';
import type { ConfigReaderLoader } from '../define-command.js';
import { AUDIT_SETTINGS, COPIES_AUDIT_SETTINGS } from '../command-settings.js';
import { UsageError } from '../cli-error.js';
import { runCopiesAudit } from './audit-copies.js';
import { EXIT } from '../exit-codes.js';
import { familyOfKeyName, type KeyFacts, KeyListings, keyFacts, kindOfOrganizationKey } from '../key-listing.js';
import { renderTable, writeResult } from '../output.js';
import { recordFailure } from '../record-failure.js';
import { SettingReader } from '../setting-reader.js';

/** Why a key is flagged. */
type Flag = 'unknown' | 'unheld' | 'old';

const FLAG_WORDS: Record<Flag, string> = {
  unknown: 'no target record knows it (made in the console, or by another tool)',
  unheld: 'a record knows it, but no recorded target holds it (kept by keep, or left behind)',
  old: 'older than --max-age',
};

interface AuditedKey extends KeyFacts {
  kind: string;
  /** The family the record that knows it names, else the one its name says, else null. */
  family: string | null;
  heldBy: string[];
  flags: Flag[];
}

export async function runAudit(cmd: Command, loadConfigReader: ConfigReaderLoader): Promise<void> {
  const ctx = await commandContext(cmd, AUDIT_SETTINGS, loadConfigReader);
  if (ctx.settings.get('org') || ctx.settings.get('gitlab-group')) return runCopiesAudit(ctx);
  for (const name of COPIES_AUDIT_SETTINGS) {
    const given = ctx.settings.get(name);
    if (given) throw new UsageError([`${given.where} is for the audit of copies: give --org ORG or --gitlab-group GROUP with it`]);
  }
  const reader = new SettingReader(ctx.settings);
  const client = platformClient(ctx, reader);
  const store = recordStore(ctx, reader);
  const orgId = reader.read('org-id', (g) => {
    if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/.test(g.text))
      throw new InputError(g.where, 'is not an organization id (e.g. org-morning-bread-81040908)');
    return g.text;
  });
  const maxAgeDays = reader.read('max-age', (g) =>
    parseInteger(g.where, /^\d+d$/.test(g.text) ? g.text.slice(0, -1) : g.text, { min: 1, max: 36_500 }),
  );
  reader.check();
  const listings = new KeyListings(client!);
  ctx.progress.update(`Listing the ${orgId ? `keys of organization ${orgId}` : "account's keys"}`);
  const listed: Array<{ key: ApiKey; kind: string }> = orgId
    ? (await listings.ofOrganization(orgId)).map((key) => ({ key, kind: kindOfOrganizationKey(orgId, key) }))
    : (await listings.ofKind('personal')).map((key) => ({ key, kind: 'personal' }));
  ctx.progress.update(`Reading the target records from ${store!.describe()}`);
  const { records, unreadable } = await store!.load().catch(recordFailure);
  for (const u of unreadable)
    ctx.progress.line(`the record ${u.name} cannot be read (${u.detail}): keys it may know are flagged as unknown`, 'warning');
  const now = Date.now();
  const keys = listed.map(({ key, kind }) => audited(keyFacts(key, now), kind, records, maxAgeDays));
  const flagged = keys.filter((k) => k.flags.length > 0);
  ctx.progress.done(
    flagged.length ? `${flagged.length} of ${countNoun(keys.length, 'key')} flagged.` : `${countNoun(keys.length, 'key')}, none flagged.`,
    flagged.length === 0,
  );
  writeResult(
    ctx.format,
    ctx.secrets,
    {
      command: 'audit',
      scope: orgId ? `organization:${orgId}` : 'personal',
      store: store!.describe(),
      maxAgeDays: maxAgeDays ?? null,
      keys,
      flaggedIds: flagged.map((k) => k.id),
    },
    () => auditTable(keys),
  );
  if (flagged.length) process.exitCode = EXIT.flagged;
}

function audited(key: KeyFacts, kind: string, records: readonly TargetRecord[], maxAgeDays: number | undefined): AuditedKey {
  // A record of this kind (or of an older format, which names none) that knows the key.
  const record = records.find((r) => (r.keyKind === undefined || r.keyKind === kind) && recordedKeyIds(r).has(key.id));
  const heldBy = record
    ? Object.values(record.targets)
        .filter((t) => t.keyIds.includes(key.id))
        .map((t) => t.spec)
    : [];
  const flags: Flag[] = [];
  if (!record) flags.push('unknown');
  else if (heldBy.length === 0) flags.push('unheld');
  if (maxAgeDays !== undefined && key.ageDays > maxAgeDays) flags.push('old');
  return { ...key, kind, family: record?.family ?? familyOfKeyName(key.name) ?? null, heldBy, flags };
}

function auditTable(keys: AuditedKey[]): string {
  if (keys.length === 0) return 'No key.';
  const sorted = [...keys].sort((a, b) => (a.family ?? '~').localeCompare(b.family ?? '~') || a.kind.localeCompare(b.kind) || b.id - a.id);
  const table = renderTable(
    ['family', 'kind', 'key', 'name', 'age (days)', 'last used', 'held by', 'flags'],
    sorted.map((k) => [
      k.family ?? '-',
      k.kind,
      k.id,
      k.name,
      k.ageDays,
      k.lastUsedAt ?? 'never',
      k.heldBy.join(', ') || '-',
      k.flags.join(', ') || '-',
    ]),
  );
  const used = new Set(keys.flatMap((k) => k.flags));
  const legend = (Object.keys(FLAG_WORDS) as Flag[]).filter((f) => used.has(f)).map((f) => `${f}: ${FLAG_WORDS[f]}`);
  return legend.length ? `${table}\n\n${legend.join('\n')}` : table;
}
