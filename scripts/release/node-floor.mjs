// The oldest Node the published packages claim, and the check that their `engines` say so.
//
// Node 22.12: Node 20 is past its end of life (April 2026), Octokit's dependencies (content-type 3,
// through @octokit/request) require Node 22, and 22.12 is the first Node 22 on which require() of
// an ES module works unflagged, which CommonJS users of these ESM-only packages need. A published
// package cannot pin its dependencies' dependencies for its users (npm ignores a dependency's
// `overrides`), so the floor follows the dependencies. `pnpm release:check` installs the packed
// tarballs on exactly this Node with --engine-strict: a dependency that wants more fails the check.

import { installedNode } from '../lib/installed-node.mjs';

/** Bumped by hand, with every public package's `engines.node`. */
export const NODE_FLOOR = '22.12.0';
export const ENGINES_NODE = `>=${NODE_FLOOR}`;

/** Whether Node `version` ("24.9.0") is one the published packages claim: the floor or later. */
export function claimsNode(version) {
  const [major, minor, patch] = version.split('.').map(Number);
  const [fMajor, fMinor, fPatch] = NODE_FLOOR.split('.').map(Number);
  return major !== fMajor ? major > fMajor : minor !== fMinor ? minor > fMinor : patch >= fPatch;
}

/** Path of the floor's Node binary, installed once into .cache/node-floor. */
export function floorNode() {
  return installedNode('node-floor', NODE_FLOOR);
}

/** The public packages whose `engines.node` is not the floor. */
export function wrongEngines(packages) {
  return packages
    .filter(({ manifest }) => manifest.engines?.node !== ENGINES_NODE)
    .map(({ manifest }) => `${manifest.name} says engines.node ${JSON.stringify(manifest.engines?.node)}, not "${ENGINES_NODE}"`);
}
