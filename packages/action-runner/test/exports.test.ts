// The package's surface, pinned: a name added or dropped is a decision, made here on purpose.
import { describe, expect, it } from 'vitest';
import * as runner from '../src/index.js';

describe('@keyturn/action-runner exports', () => {
  it('exports exactly these runtime names', () => {
    expect(Object.keys(runner).sort()).toEqual([
      'DURATION',
      'findLeakedPieces',
      'findLeaks',
      'inputEnvName',
      'locateAction',
      'logPattern',
      'parseFileCommands',
      'parseWorkflowCommand',
      'readActionMetadata',
      'readOutputsTable',
      'runAction',
      'runLocalAction',
    ]);
  });
});
