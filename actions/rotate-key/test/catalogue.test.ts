// action.yml against the option catalogue (@keyturn/rotation/catalogue), both ways: every input is
// an option of the catalogue and every option with an input is in action.yml, with the same
// default and the same description. The Action reads its inputs from the catalogue, so an input
// added to one and not the other fails here.

import { readFileSync } from 'node:fs';
import { catalogueOptions } from '@keyturn/rotation/catalogue';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SECRET_INPUTS } from '../src/inputs.js';

const metadata = parse(readFileSync(new URL('../action.yml', import.meta.url), 'utf8')) as {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
};
const withInput = catalogueOptions().filter((option) => option.input !== undefined);

describe('action.yml and the option catalogue', () => {
  it('has exactly the catalogue inputs, in its order', () => {
    expect(Object.keys(metadata.inputs)).toEqual(withInput.map((option) => option.input));
  });

  it.each(withInput.map((option) => [option.input!, option] as const))('%s: the same default and description', (input, option) => {
    const declared = metadata.inputs[input]!;
    expect(declared.default).toBe(option.default);
    expect(declared.description).toBe(option.doc);
  });

  it('masks every credential input the catalogue names', () => {
    expect(SECRET_INPUTS).toEqual(withInput.filter((option) => option.type === 'secret').map((option) => option.input));
    expect(SECRET_INPUTS).toEqual([
      'api-key',
      'github-token',
      'gitlab-token',
      'vercel-token',
      'notify-url',
      'issue-token',
      'managing-api-key',
    ]);
  });
});
