// The `inventory` output, opt-in with inventory-org: after the rotation, every copy of the secret
// (inventory-match, else secret-name) in the organization's and its repositories' secrets, with when
// each last changed and never a value, joined with the family's records in this repository: copies no
// record names and copies changed since their record's last write are named in a warning and the
// summary. It reads only (about 4 listings a repository, paced under GitHub's secondary limit), and
// its failure is a warning: the rotation is done either way. `keyturn audit --org` is the one that fails a job on them.

import * as core from '@actions/core';
import { publishResult } from '@keyturn/action-common';
import { countNoun } from '@keyturn/api/toolkit';
import { type InventoriedCopy, type InventoryReport, inventoryCopies } from '@keyturn/rotation';
import { createGitHubClient, createGitHubRecordStore } from '@keyturn/rotation/targets';
import type { RotateInputs } from './inputs.js';

/** A progress line every this many places. */
const PROGRESS_EVERY = 50;

/** The inventory the inputs ask for, published as the `inventory` output and a summary; a failure is a warning. */
export async function publishInventory(inputs: RotateInputs, fetch: typeof globalThis.fetch | undefined): Promise<void> {
  const org = inputs.inventoryOrg;
  if (!org || !inputs.githubToken) return;
  const match = inputs.inventoryMatch.length ? inputs.inventoryMatch : [inputs.secretName];
  core.startGroup(`Inventory: copies of ${match.join(', ')} in ${org}`);
  try {
    const client = createGitHubClient({ token: inputs.githubToken, baseUrl: inputs.githubApiUrl, userAgent: 'keyturn-rotate-key', fetch });
    const { records } = inputs.repository ? await createGitHubRecordStore(client, inputs.repository).load() : { records: [] };
    const report = await inventoryCopies({
      github: { client, org },
      match,
      records,
      onProgress: ({ done, total, place }) => {
        if (done === total || done % PROGRESS_EVERY === 0) core.info(`Listed ${done} of ${total} places (${place})`);
      },
    });
    core.endGroup();
    const flagged = [
      ...report.unmanaged.map((c) => `${label(c)} (unmanaged)`),
      ...report.editedSince.map((c) => `${label(c)} (edited since its record)`),
    ];
    if (flagged.length)
      core.warning(`Copies of the key no rotation keeps: ${flagged.join(', ')}. Rotate them with this family, or delete them.`);
    for (const gap of report.unreadable) core.warning(`Inventory: ${gap.place} could not be listed: ${gap.advice}`);
    await publishResult({ inventory: JSON.stringify(inventoryOutput(org, report)) }, inventorySummary(org, report));
  } catch (error) {
    core.endGroup();
    core.warning(`The inventory of ${org} could not be made (the rotation is done): ${(error as Error).message}`);
  }
}

/** The output's JSON (README, "The inventory output"). */
export function inventoryOutput(org: string, report: InventoryReport) {
  return {
    org,
    match: report.match,
    copies: report.copies.map((c) => ({
      place: c.place,
      name: c.name,
      updatedAt: c.updatedAt,
      families: c.families,
      editedSince: c.editedSince,
    })),
    unmanaged: report.unmanaged.map(ref),
    editedSince: report.editedSince.map(ref),
    unreadable: report.unreadable,
    places: report.places,
    requests: report.requests,
  };
}

function inventorySummary(org: string, report: InventoryReport) {
  const rows = [
    ['Copies found', `${report.copies.length} in ${countNoun(report.places, 'place')}`],
    ['Unmanaged (no record names them)', report.unmanaged.map(label).join(', ') || 'none'],
    ['Edited since their record', report.editedSince.map(label).join(', ') || 'none'],
  ];
  if (report.unreadable.length) rows.push(['Not listed', report.unreadable.map((g) => g.place).join(', ')]);
  return { title: `Copies of ${report.match.join(', ')} in ${org}`, headers: ['', 'Inventory'], rows };
}

const ref = (c: InventoriedCopy) => ({ place: c.place, name: c.name });
const label = (c: InventoriedCopy) => `${c.place} ${c.name}`;
