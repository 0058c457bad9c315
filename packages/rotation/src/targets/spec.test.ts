import { OptionError } from '@keyturn/api';
import { describe, expect, it } from 'vitest';
import { formatTargetSpec, kindOf, type TargetSpec, targetIdentity } from './kinds/registry.js';
import { checkTargetSpecs, parseTargetSpecs, TargetSpecError } from './spec.js';

const isCodespacesSpec = (spec: TargetSpec) => {
  const kind = kindOf(spec);
  return kind.service === 'github' && kind.codespaces;
};

describe('parseTargetSpecs', () => {
  it('parses every kind, one per line, with comments and blank lines', () => {
    const text = `
      # where the key goes
      repo:acme/web
      # deploys
      env:acme/web:production
      dependabot:acme/api

      org:acme
      org:fourth:all
      org:other:private
      org:third:selected:web,api
    `;
    expect(parseTargetSpecs(text)).toEqual([
      { kind: 'repo', owner: 'acme', repo: 'web' },
      { kind: 'env', owner: 'acme', repo: 'web', environment: 'production' },
      { kind: 'dependabot', owner: 'acme', repo: 'api' },
      { kind: 'org', org: 'acme' },
      { kind: 'org', org: 'fourth', visibility: 'all' },
      { kind: 'org', org: 'other', visibility: 'private' },
      { kind: 'org', org: 'third', visibility: 'selected', repositories: ['web', 'api'] },
    ]);
  });

  it('parses GitLab project and group variables, by path (subgroups too) or numeric id, with an environment scope', () => {
    expect(
      parseTargetSpecs(
        'gitlab:acme/web, gitlab:acme/platform/api:production\ngitlab:1234:review/*\ngitlab-group:acme:*, gitlab-group:acme/platform',
      ),
    ).toEqual([
      { kind: 'gitlab', project: 'acme/web' },
      { kind: 'gitlab', project: 'acme/platform/api', environmentScope: 'production' },
      { kind: 'gitlab', project: '1234', environmentScope: 'review/*' },
      { kind: 'gitlab-group', group: 'acme' },
      { kind: 'gitlab-group', group: 'acme/platform' },
    ]);
    // The scope is part of the variable: `*` is the scope left out, another scope another variable.
    expect(targetIdentity({ kind: 'gitlab', project: 'Acme/Web' })).toBe(
      targetIdentity({ kind: 'gitlab', project: 'acme/web', environmentScope: '*' }),
    );
    expect(targetIdentity({ kind: 'gitlab', project: 'acme/web', environmentScope: 'production' })).not.toBe(
      targetIdentity({ kind: 'gitlab', project: 'acme/web' }),
    );
    expect(parseTargetSpecs('gitlab:acme/web:production, gitlab:acme/web').map(formatTargetSpec)).toEqual([
      'gitlab:acme/web:production',
      'gitlab:acme/web',
    ]);
    expect(() => parseTargetSpecs('gitlab:acme/web\ngitlab:ACME/web:*')).toThrow(/repeats the target gitlab:acme\/web of line 1/);
  });

  it('refuses a GitLab spec that names no project or group', () => {
    expect(() => parseTargetSpecs('gitlab:acme')).toThrow(/names no project \(a project is GROUP\/PROJECT\)/);
    expect(() => parseTargetSpecs('gitlab:acme/-web')).toThrow(/expected a project path/);
    expect(() => parseTargetSpecs('gitlab-group:')).toThrow(/expected a group path/);
    expect(() => parseTargetSpecs('gitlab:acme/web: production')).not.toThrow();
    expect(() => parseTargetSpecs('gitlab:acme/web:')).toThrow(/an environment scope names an environment/);
  });

  it('splits on commas but keeps the repository list of org:ORG:selected together', () => {
    expect(parseTargetSpecs('repo:a/b, org:acme:selected:web, acme/api ,env:a/b:staging').map(formatTargetSpec)).toEqual([
      'repo:a/b',
      'org:acme:selected:web,api',
      'env:a/b:staging',
    ]);
  });

  it('reads a # inside a spec as part of it: an environment name is never cut by a comment', () => {
    expect(parseTargetSpecs('env:acme/app:qa #1')).toEqual([{ kind: 'env', owner: 'acme', repo: 'app', environment: 'qa #1' }]);
    expect(parseTargetSpecs('env:acme/app:a,b , repo:acme/web').map(formatTargetSpec)).toEqual(['env:acme/app:a,b', 'repo:acme/web']);
    expect(() => parseTargetSpecs('repo:acme/web # main')).toThrow(/comment goes on a line of its own/);
    expect(() => parseTargetSpecs('env:acme/app:qa\u0007')).toThrow(/control characters/);
  });

  it('accepts arrays of lines', () => {
    expect(parseTargetSpecs(['repo:a/b', 'dependabot:a/b']).map(formatTargetSpec)).toEqual(['repo:a/b', 'dependabot:a/b']);
  });

  it('falls back to the current repository when no spec is given', () => {
    expect(parseTargetSpecs(' \n# nothing\n', { defaultRepository: 'acme/web' })).toEqual([{ kind: 'repo', owner: 'acme', repo: 'web' }]);
    expect(() => parseTargetSpecs('')).toThrow(/no target given.*repo:OWNER\/REPO/);
    expect(() => parseTargetSpecs('', { defaultRepository: 'nope' })).toThrow(/current repository "nope"/);
  });

  it.each([
    ['repo:acme', /line 1 \("repo:acme"\): expected repo:OWNER\/REPO/],
    ['repo:acme/web/extra', /expected repo:OWNER\/REPO/],
    ['repo:-acme/web', /expected repo:OWNER\/REPO/],
    ['repo:acme/..', /expected repo:OWNER\/REPO/],
    ['env:acme/web', /expected env:OWNER\/REPO:ENVIRONMENT/],
    ['env:acme/web:', /expected env:OWNER\/REPO:ENVIRONMENT/],
    ['org:', /expected org:ORG/],
    ['org:acme:public', /unknown visibility "public"/],
    ['org:acme:selected:', /needs at least one repository/],
    ['org:acme:all:web', /takes no repository list/],
    ['org:acme:selected:other/web', /"other\/web" is not a repository of acme/],
    ['github:acme/web', /not a target spec: expected repo:OWNER\/REPO, env:/],
    ['acme/web', /not a target spec/],
  ])('rejects %j with a clear message', (text, message) => {
    expect(() => parseTargetSpecs(text)).toThrow(message);
  });

  it('names every malformed line at once', () => {
    let error: unknown;
    try {
      parseTargetSpecs('repo:a/b\nrepo:bad\n\nenv:x/y\nrepo:A/B');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TargetSpecError);
    expect(error).toBeInstanceOf(OptionError);
    expect((error as TargetSpecError).option).toBe('targets');
    const problems = (error as TargetSpecError).problems;
    expect(problems.map((p) => p.line)).toEqual([2, 4, 5]);
    expect((error as Error).message).toMatch(/^3 target specs are malformed/);
    expect(problems[2]!.problem).toMatch(/repeats the target repo:a\/b of line 1/);
  });

  it('formats specs back to their canonical text', () => {
    for (const text of ['repo:a/b', 'env:a/b:prod env', 'org:a', 'org:a:all', 'org:a:selected:x,y', 'dependabot:a/b']) {
      expect(parseTargetSpecs(text).map(formatTargetSpec)).toEqual([text]);
    }
  });
});

describe('targetIdentity', () => {
  it('is the secret a spec names: case-insensitive, without the visibility or repository list of org secrets', () => {
    const identities = parseTargetSpecs(
      'repo:Acme/Web\nenv:Acme/Web:Production\ndependabot:acme/web\norg:Acme:selected:web\norg:other',
    ).map(targetIdentity);
    expect(identities).toEqual(['repo:acme/web', 'env:acme/web:production', 'dependabot:acme/web', 'org:acme', 'org:other']);
  });

  it.each([
    ['org:acme\norg:acme:private', /line 2 \("org:acme:private"\): repeats the target org:acme of line 1/],
    ['org:acme:all, org:acme:selected:web', /repeats the target org:acme:all of line 1/],
    ['env:a/b:Prod\nenv:A/b:prod', /repeats the target env:a\/b:Prod of line 1/],
  ])('refuses two specs of the same secret: %j', (text, message) => {
    expect(() => parseTargetSpecs(text)).toThrow(message);
  });
});

describe('Codespaces specs', () => {
  it('parses the repository, organization and user forms, beside the Actions forms', () => {
    const text = `
      codespaces:acme/web
      codespaces-org:acme
      codespaces-org:beta:all
      codespaces-org:gamma:private
      codespaces-org:delta:selected:web, api
      codespaces-user
    `;
    expect(parseTargetSpecs(text)).toEqual([
      { kind: 'codespaces', owner: 'acme', repo: 'web' },
      { kind: 'codespaces-org', org: 'acme' },
      { kind: 'codespaces-org', org: 'beta', visibility: 'all' },
      { kind: 'codespaces-org', org: 'gamma', visibility: 'private' },
      { kind: 'codespaces-org', org: 'delta', visibility: 'selected', repositories: ['web', 'api'] },
      { kind: 'codespaces-user' },
    ]);
    expect(parseTargetSpecs('repo:a/b, codespaces-user:acme/web, other/api , codespaces:a/b')).toEqual([
      { kind: 'repo', owner: 'a', repo: 'b' },
      { kind: 'codespaces-user', repositories: ['acme/web', 'other/api'] },
      { kind: 'codespaces', owner: 'a', repo: 'b' },
    ]);
  });

  it('formats them back to their canonical text', () => {
    for (const text of [
      'codespaces:a/b',
      'codespaces-org:a',
      'codespaces-org:a:private',
      'codespaces-org:a:selected:x,y',
      'codespaces-user',
      'codespaces-user:a/x,b/y',
    ]) {
      expect(parseTargetSpecs(text).map(formatTargetSpec)).toEqual([text]);
    }
  });

  it('names each store apart from its Actions counterpart, and one user secret whatever its repositories', () => {
    expect(
      parseTargetSpecs('codespaces:Acme/Web\nrepo:acme/web\ncodespaces-org:Acme:all\norg:acme\ncodespaces-user:a/b').map(targetIdentity),
    ).toEqual(['codespaces:acme/web', 'repo:acme/web', 'codespaces-org:acme', 'org:acme', 'codespaces-user']);
    expect(() => parseTargetSpecs('codespaces-user\ncodespaces-user:a/b')).toThrow(/line 2 .*repeats the target codespaces-user of line 1/);
    expect(() => parseTargetSpecs('codespaces-org:acme\ncodespaces-org:ACME:all')).toThrow(/repeats the target codespaces-org:acme/);
  });

  it.each([
    ['codespaces:acme', /expected codespaces:OWNER\/REPO/],
    ['codespaces', /expected codespaces:OWNER\/REPO/],
    ['codespaces-org:', /expected codespaces-org:ORG, codespaces-org:ORG:all/],
    ['codespaces-org:acme:public', /unknown visibility "public": expected codespaces-org:ORG/],
    ['codespaces-org:acme:selected:', /needs at least one repository/],
    ['codespaces-org:acme:selected:other/web', /"other\/web" is not a repository of acme/],
    ['codespaces-user:', /needs at least one repository: expected codespaces-user or codespaces-user:OWNER\/REPO/],
    ['codespaces-user:web', /expected codespaces-user or codespaces-user:OWNER\/REPO/],
    [
      'codespace:acme/web',
      /not a target spec: expected .*codespaces:OWNER\/REPO, codespaces-org:ORG.*, codespaces-user.*, gitlab-group.* or vercel:PROJECT/,
    ],
  ])('rejects %j with a clear message', (text, message) => {
    expect(() => parseTargetSpecs(text)).toThrow(message);
  });

  it('checks parsed specs field by field', () => {
    expect(() => checkTargetSpecs([{ kind: 'codespaces-user', repositories: ['web'] }])).toThrow(
      /spec 1 \(codespaces-user:web\): repositories must be OWNER\/REPO names/,
    );
    expect(() => checkTargetSpecs([{ kind: 'codespaces-org', org: 'acme', visibility: 'all', repositories: ['x'] }])).toThrow(
      /only for visibility "selected"/,
    );
    expect(() => checkTargetSpecs([{ kind: 'codespaces', owner: 'acme', repo: 'web' }, { kind: 'codespaces-user' }])).not.toThrow();
  });

  it('tells the Codespaces kinds apart', () => {
    expect(
      parseTargetSpecs('codespaces:a/b\ncodespaces-org:a\ncodespaces-user\nrepo:a/b\norg:a\ndependabot:a/b').map(isCodespacesSpec),
    ).toEqual([true, true, true, false, false, false]);
  });
});

describe('Vercel specs', () => {
  it('parses a project, its environment (production when left out) and its team, by slug or id', () => {
    expect(parseTargetSpecs('vercel:web, vercel:web:preview@acme\nvercel:prj_AbC123:development@team_XyZ9')).toEqual([
      { kind: 'vercel', project: 'web' },
      { kind: 'vercel', project: 'web', environment: 'preview', team: 'acme' },
      { kind: 'vercel', project: 'prj_AbC123', environment: 'development', team: 'team_XyZ9' },
    ]);
    const [spec] = parseTargetSpecs('vercel:web:production@acme');
    expect(formatTargetSpec(spec!)).toBe('vercel:web@acme');
  });

  it('refuses one variable named twice, whatever the spelling of production', () => {
    expect(() => parseTargetSpecs('vercel:web@acme\nvercel:web:production@acme')).toThrow(
      /line 2 .*repeats the target vercel:web@acme of line 1/,
    );
    expect(parseTargetSpecs('vercel:web@acme, vercel:web:preview@acme, vercel:web')).toHaveLength(3);
  });

  it.each([
    ['vercel:', /expected a Vercel project's name .* \(vercel:PROJECT\[:production\|preview\|development\]\[@TEAM\]/],
    ['vercel:Web', /expected a Vercel project's name/],
    ['vercel:web:staging', /a Vercel environment is production, preview or development, not "staging"/],
    ['vercel:web@', /expected a Vercel team's slug or its team_ id after @/],
    ['vercel:web@Acme Inc', /expected a Vercel team's slug/],
  ])('rejects %j with a clear message', (text, message) => {
    expect(() => parseTargetSpecs(text)).toThrow(message);
  });

  it('checks parsed specs field by field', () => {
    expect(() => checkTargetSpecs([{ kind: 'vercel', project: 'web', environment: 'staging' as 'preview' }])).toThrow(
      /spec 1 \(vercel:web:staging\): a Vercel environment/,
    );
  });
});
