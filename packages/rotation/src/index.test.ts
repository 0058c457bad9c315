// The public API of the entry points, pinned: every runtime name and every type name, each with
// its TSDoc. A rename, a lost export or an internal name let out breaks this test first (the
// Actions and the benchmarks import the built package by these names).
import { fileURLToPath } from 'node:url';
import { KeyturnError } from '@keyturn/api';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as main from './index.js';
import * as catalogue from './catalogue.js';
import * as targets from './targets.js';

const ENTRY_POINTS = {
  '.': { file: 'index.ts', module: main },
  './targets': { file: 'targets.ts', module: targets },
  './catalogue': { file: 'catalogue.ts', module: catalogue },
} as const;

const EXPECTED = {
  '.': {
    runtime: [
      'AccessMissingError',
      'CALL_AGAIN_AFTER_MS',
      'DEFAULT_SECRET_NAME',
      'FINGERPRINT_LENGTH',
      'GITHUB_READ_INTERVAL_MS',
      'LeakAlertsError',
      'NOTICE_CODES',
      'RotationError',
      'STUCK_AFTER_RUNS',
      'STUCK_REASONS',
      'acknowledgeStuck',
      'answerLeakAlerts',
      'checkRotateKeyOptions',
      'inventoryCopies',
      'inventorySources',
      'joinCopiesWithRecords',
      'keyFingerprint',
      'nameMatcher',
      'namePatternProblem',
      'noticeKeyIds',
      'readCheckpoint',
      'recordWrittenAt',
      'renameOptions',
      'renderNotice',
      'rotateKey',
    ],
    types: [
      'AccessNeed',
      'AcknowledgeReport',
      'AlertRef',
      'AnswerLeakAlertsOptions',
      'AnsweredAlert',
      'CopyStore',
      'DryRunReport',
      'GitHubAccess',
      'GitHubAppAccess',
      'IdleReport',
      'InventoriedCopy',
      'InventoryCheckpoint',
      'InventoryOptions',
      'InventoryProgress',
      'InventoryReport',
      'KeyKind',
      'LeakAlertsReport',
      'LeakReport',
      'LeakedKey',
      'NotDue',
      'Notice',
      'NoticeAction',
      'NoticeAlert',
      'NoticeCode',
      'NoticeOf',
      'OtherFamilyAlert',
      'OptionName',
      'PartialRotationReport',
      'PlatformAccess',
      'RotateKeyOptions',
      'RotationErrorCode',
      'RotationLogEntry',
      'RotationLogger',
      'RevocationDue',
      'RevokeSkipReason',
      'RotationPlan',
      'RotationReport',
      'RotationStep',
      'RunReport',
      'SecretCopy',
      'StuckReason',
      'TargetList',
      'UnreadableListing',
      'WalkState',
    ],
  },
  './targets': {
    runtime: [
      'DEFAULT_GITLAB_API_URL',
      'DEFAULT_VERCEL_API_URL',
      'RecordError',
      'TargetError',
      'TargetSpecError',
      'createGitHubClient',
      'createGitHubRecordStore',
      'createGitHubTarget',
      'createGitLabClient',
      'createGitLabRecordStore',
      'createGitLabTarget',
      'createVercelClient',
      'createVercelTarget',
      'formatTargetSpec',
      'leaseVariableName',
      'parseTargetSpecs',
      'recordedKeyIds',
      'revocationsDue',
      'writeLeaseText',
    ],
    types: [
      'GitHubClient',
      'GitHubClientOptions',
      'GitHubTargetSpec',
      'GitLabAccess',
      'GitLabClient',
      'GitLabTargetSpec',
      'LeaseBackend',
      'LeaseText',
      'LoadedRecords',
      'OrgVisibility',
      'ParseTargetSpecsOptions',
      'PlainValueTarget',
      'RecordStore',
      'SealedSecretTarget',
      'SecretMeta',
      'SecretTarget',
      'TargetEntry',
      'TargetErrorInit',
      'TargetPublicKey',
      'TargetRecord',
      'TargetSpec',
      'UnreadableRecord',
      'WriteOptions',
      'DeploymentRef',
      'RuntimeReach',
      'VercelAccess',
      'VercelClient',
      'VercelTargetSpec',
    ],
  },
  './catalogue': {
    runtime: ['ROTATION_OPTIONS', 'catalogueOptions', 'isCredential', 'optionsFromValues'],
    types: ['CatalogueKey', 'CatalogueName', 'CatalogueOption', 'CliSpelling', 'CredentialName', 'OptionType'],
  },
} as const;

/** Every name each entry point exports, as TypeScript sees it, with its documentation comment. */
function exportsOf(): Record<keyof typeof ENTRY_POINTS, Array<{ name: string; documented: boolean }>> {
  const files = Object.values(ENTRY_POINTS).map(({ file }) => fileURLToPath(new URL(file, import.meta.url)));
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const result = {} as Record<keyof typeof ENTRY_POINTS, Array<{ name: string; documented: boolean }>>;
  for (const [entry, file] of Object.keys(ENTRY_POINTS).map((key, i) => [key, files[i]!] as const)) {
    const source = program.getSourceFile(file)!;
    const symbol = checker.getSymbolAtLocation(source)!;
    result[entry as keyof typeof ENTRY_POINTS] = checker.getExportsOfModule(symbol).map((exported) => {
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const documented = [target, ...(target.declarations ?? []).map((d) => checker.getSymbolAtLocation(d) ?? target)].some(
        (s) => ts.displayPartsToString(s.getDocumentationComment(checker)).trim().length > 0,
      );
      return { name: exported.name, documented };
    });
  }
  return result;
}

describe('public API', () => {
  const declared = exportsOf();

  describe.each(Object.keys(ENTRY_POINTS) as Array<keyof typeof ENTRY_POINTS>)('%s', (entry) => {
    it('exports exactly these runtime names', () => {
      expect(Object.keys(ENTRY_POINTS[entry].module).sort()).toEqual([...EXPECTED[entry].runtime].sort());
    });

    it('exports exactly these type names', () => {
      const runtime = new Set<string>(EXPECTED[entry].runtime);
      const types = declared[entry].map((e) => e.name).filter((name) => !runtime.has(name));
      expect(types.sort()).toEqual([...EXPECTED[entry].types].sort());
    });

    it('documents every export', () => {
      expect(declared[entry].filter((e) => !e.documented).map((e) => e.name)).toEqual([]);
    });
  });

  it('exports only errors of the one root, KeyturnError', () => {
    const isErrorClass = (value: unknown): value is typeof Error => typeof value === 'function' && value.prototype instanceof Error;
    const exported: unknown[] = [...Object.values(main), ...Object.values(targets)];
    const classes = exported.filter(isErrorClass);
    expect(classes.map((error) => error.name).sort()).toEqual([
      'AccessMissingError',
      'LeakAlertsError',
      'RecordError',
      'RotationError',
      'TargetError',
      'TargetSpecError',
    ]);
    for (const error of classes) expect(error.prototype).toBeInstanceOf(KeyturnError);
  });

  it('exports nothing twice across the entry points', () => {
    const names = [...declared['.'], ...declared['./targets'], ...declared['./catalogue']].map((e) => e.name);
    expect(names.length).toBe(new Set(names).size);
  });
});
