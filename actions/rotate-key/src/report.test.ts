import type { Notice, PartialRotationReport, RotationError } from '@keyturn/rotation';
import { describe, expect, it } from 'vitest';
import { rotationOutputs, rotationSummary } from './report.js';

const plan = { keyName: 'fam-20250101T000000Z-ab12', targets: ['repo:acme/web'], revokeKeyIds: [7] };
const base: PartialRotationReport = {
  dryRun: false,
  family: 'fam',
  secretName: 'NEON_API_KEY',
  targets: [],
  revokedKeyIds: [],
  notices: [],
  warnings: [],
  durationMs: 1200,
};

describe('rotationOutputs', () => {
  it('names the new key of a run that made one', () => {
    const report = { ...base, plan, keyId: 12, keyName: 'fam-20250101T000000Z-cd34', targets: ['repo:acme/web'], revokedKeyIds: [7] };
    expect(rotationOutputs(report)).toEqual({
      'key-id': '12',
      'key-name': 'fam-20250101T000000Z-cd34',
      'revoked-key-ids': '[7]',
      targets: '["repo:acme/web"]',
      rotated: 'true',
    });
  });

  it('names the planned key in a dry run', () => {
    expect(rotationOutputs({ ...base, dryRun: true, plan })).toMatchObject({ 'key-id': '', 'key-name': plan.keyName });
  });

  it('names no key when the run failed before creating one, although it had a plan', () => {
    expect(rotationOutputs({ ...base, plan })).toMatchObject({ 'key-id': '', 'key-name': '' });
  });

  it('names no key when the run revoked the key it made', () => {
    const report = { ...base, plan, keyId: 12, keyName: 'fam-20250101T000000Z-cd34', newKeyRevoked: true };
    expect(rotationOutputs(report)).toMatchObject({ 'key-id': '', 'key-name': '' });
  });
});

describe('rotationSummary', () => {
  it('says at which step a run failed, and what to do', () => {
    const error = { step: 'create', summary: 'POST /api_keys failed', advice: 'Re-run.' } as RotationError;
    const summary = rotationSummary({ ...base, plan }, error);
    expect(summary.title).toBe('Key rotation of NEON_API_KEY failed at the create step');
    expect(summary.rows).toContainEqual(['New key name', '']);
    expect(summary.notes).toEqual(['Error: POST /api_keys failed', 'What to do: Re-run.']);
  });

  it("names the inputs where the rotation's words name its options", () => {
    const error = {
      step: 'revoke',
      summary: 'Listing keys with the key in `managingApiKey` failed',
      advice: 'Fix the secret that `managingApiKey` reads.',
    } as RotationError;
    const notices: Notice[] = [
      {
        code: 'dropped-target',
        target: 'repo:acme/app',
        secretName: 'NEON_API_KEY',
        keyIds: [],
        keyNames: [],
        actions: [{ do: 'retire-or-relist', targets: ['repo:acme/app'] }],
      },
    ];
    expect(rotationSummary({ ...base, notices, warnings: ['(the summary words the notices, not these)'] }, error).notes).toEqual([
      'Warning: Target repo:acme/app is no longer in targets but holds no live key of the family. If it no longer needs NEON_API_KEY, delete the secret there and name it in retire-targets; otherwise put it back in targets.',
      'Error: Listing keys with the key in managing-api-key failed',
      'What to do: Fix the secret that managing-api-key reads.',
    ]);
  });
});
