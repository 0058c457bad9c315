import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { actionInputDefaults, parseOutputFile } from './action-runner.mjs';

describe('parseOutputFile', () => {
  it('reads the heredoc blocks @actions/core writes, and plain name=value lines', () => {
    const text = ['status<<ghadelimiter_1', 'finished', 'ghadelimiter_1', 'ids<<ghadelimiter_2', '["a",', '"b"]', 'ghadelimiter_2', 'plain=1', ''].join('\n');
    expect(parseOutputFile(text)).toEqual({ status: 'finished', ids: '["a",\n"b"]', plain: '1' });
  });
});

describe('actionInputDefaults', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-action-yml-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads each input default of action.yml, unquoted, and skips inputs without one', () => {
    mkdirSync(join(dir, 'dist'));
    writeFileSync(
      join(dir, 'action.yml'),
      [
        "name: 'x'",
        'inputs:',
        '  api-key:',
        "    description: 'the key'",
        '    required: true',
        '  api-url:',
        '    description: >-',
        '      folded text',
        "    default: 'https://console.neon.tech/api/v2'",
        '  keep:',
        '    default: "1"',
        '  dry-run:',
        '    default: false',
        'outputs:',
        '  key-id:',
        "    default: 'not an input'",
        'runs:',
        '  using: node24',
      ].join('\n'),
    );
    expect(actionInputDefaults(join(dir, 'dist/index.js'))).toEqual({
      'api-url': 'https://console.neon.tech/api/v2',
      keep: '1',
      'dry-run': 'false',
    });
  });
});
