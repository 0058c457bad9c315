import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepGroups } from './step-groups.js';

describe('StepGroups', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens a group per step and closes it when the step changes or the run ends', () => {
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk).trim());
      return true;
    });
    const groups = new StepGroups({ one: 'Step one', two: 'Step two' });
    groups.enter('one');
    groups.enter('one');
    groups.enter('two');
    groups.close();
    groups.close();
    expect(lines).toEqual(['::group::Step one', '::endgroup::', '::group::Step two', '::endgroup::']);
  });
});
