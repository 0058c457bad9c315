// The two published descriptions, read from their npm packages (dev dependencies at pinned
// versions): the platform's API v2 (@neondatabase/api-client) and GitHub's REST API (@octokit/openapi).

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';

const require = createRequire(import.meta.url);

export interface OpenApiDocument {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
}

function packageFile(name: string, file: string): string {
  return join(dirname(require.resolve(`${name}/package.json`)), file);
}

export function packageVersion(name: string): string {
  return (JSON.parse(readFileSync(packageFile(name, 'package.json'), 'utf8')) as { version: string }).version;
}

let platform: OpenApiDocument | undefined;
let github: OpenApiDocument | undefined;

/** `public-v2-for-users.gen.yaml` of @neondatabase/api-client. */
export function platformDescription(): OpenApiDocument {
  platform ??= parse(readFileSync(packageFile('@neondatabase/api-client', 'public-v2-for-users.gen.yaml'), 'utf8'));
  return platform!;
}

/** `generated/api.github.com.json` of @octokit/openapi. */
export function githubDescription(): OpenApiDocument {
  github ??= JSON.parse(readFileSync(packageFile('@octokit/openapi', 'generated/api.github.com.json'), 'utf8'));
  return github!;
}
