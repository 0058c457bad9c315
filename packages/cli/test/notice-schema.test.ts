// The published schema describes notices by the library's closed list: a code added to
// @keyturn/rotation without the schema knowing it fails here, not in a consumer's validator.
import { readFileSync } from 'node:fs';
import { NOTICE_CODES } from '@keyturn/rotation';
import { describe, expect, it } from 'vitest';

const SCHEMA = JSON.parse(readFileSync(new URL('../schema/output.schema.json', import.meta.url), 'utf8'));

describe('the schema of notices', () => {
  it('lists every notice code, and no other', () => {
    expect(SCHEMA.$defs.notice.properties.code.enum).toEqual([...NOTICE_CODES]);
  });

  it('is where rotate and answer-alerts publish their notices, beside their warnings', () => {
    for (const command of ['rotate', 'answer-alerts']) {
      expect(SCHEMA.$defs[command].required).toEqual(expect.arrayContaining(['notices', 'warnings']));
      expect(SCHEMA.$defs[command].properties.notices.items).toEqual({ $ref: '#/$defs/notice' });
    }
  });
});
