// rotateKey's targets and retireTargets checked (check-options.ts runs it with the other checks): spec
// text parsed once, parsed specs and SecretTarget objects checked as given, and no secret written twice
// or both written and retired. Building nothing and sending nothing.

import { OptionError } from '@keyturn/api';
import { looksLikeCredential } from '@keyturn/api/toolkit';
import { rejectedValue } from '@keyturn/api/values';
import type { RotateKeyOptions } from './options.js';
import { identityOf, type SecretTarget } from './targets/secret-target.js';
import { formatTargetSpec, type TargetSpec, targetIdentity } from './targets/kinds/registry.js';
import { checkTargetSpecs, parseTargetSpecs, TargetSpecError } from './targets/spec.js';

/** The targets as given: SecretTarget objects, or specs (GitHub's written through `github`, GitLab's through `gitlab`). */
export type CheckedTargets = { objects: SecretTarget[] } | { specs: TargetSpec[] };

/** The targets to retire, each with its identity. */
export type RetiredTargets = Array<{ identity: string; spec: TargetSpec }>;

export function checkTargets(options: RotateKeyOptions): CheckedTargets {
  const given = options.targets ?? [];
  const list: readonly unknown[] = typeof given === 'string' ? [given] : given;
  // Specs of one secret are refused by the parser, with their lines; objects here.
  if (list.length && list.every(isSecretTarget)) return { objects: refuseDuplicateTargets([...list]) };
  return { specs: readSpecs(list, 'targets', options.defaultRepository) };
}

/** Spec text is parsed once; parsed specs are checked field by field and used as given. */
export function readSpecs(list: readonly unknown[], option: string, defaultRepository?: string): TargetSpec[] {
  try {
    if (list.every((item) => typeof item === 'string'))
      return keyShapedTarget(option, parseTargetSpecs(list as string[], { defaultRepository }));
    if (!list.every(isTargetSpec)) {
      throw new OptionError(option, `${option} must be all spec text, all parsed TargetSpecs, or all SecretTarget objects`);
    }
    checkTargetSpecs(list, option);
    return keyShapedTarget(option, [...list]);
  } catch (error) {
    if (error instanceof TargetSpecError && error.option !== option) throw new TargetSpecError(error.problems, option);
    throw error;
  }
}

export function isSecretTarget(value: unknown): value is SecretTarget {
  const target = value as Partial<SecretTarget> | undefined;
  if (typeof target !== 'object' || target === null || typeof target.describe !== 'function') return false;
  return target.takes === 'plain'
    ? typeof target.writeValue === 'function'
    : typeof (target as { writeSecret?: unknown }).writeSecret === 'function';
}

export function isTargetSpec(value: unknown): value is TargetSpec {
  return typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';
}

/** Retired targets are GitHub specs, never also among the targets written. */
export function checkRetired(options: RotateKeyOptions, targets: CheckedTargets): RetiredTargets {
  const given = options.retireTargets ?? [];
  const list: readonly unknown[] = typeof given === 'string' ? [given] : given;
  if (list.every((item) => typeof item === 'string' && !item.trim())) return [];
  const specs = readSpecs(list, 'retireTargets');
  const written = new Set('objects' in targets ? targets.objects.map(identityOf) : targets.specs.map(targetIdentity));
  return specs.map((spec) => {
    const identity = targetIdentity(spec);
    if (written.has(identity)) {
      throw new OptionError('retireTargets', `${identity} is both a target and a target to retire: give it in one of them`);
    }
    return { identity, spec };
  });
}

/** Two targets of one secret (spelled apart) would be written twice and name no single family. */
export function refuseDuplicateTargets(targets: SecretTarget[]): SecretTarget[] {
  const seen = new Map<string, string>();
  for (const target of targets) {
    const identity = identityOf(target);
    const earlier = seen.get(identity);
    if (earlier !== undefined) {
      throw new OptionError('targets', `targets ${earlier} and ${target.describe()} are the same secret: give it once`);
    }
    seen.set(identity, target.describe());
  }
  return targets;
}

/** Targets reach request paths, logs and outputs: one shaped like a key was pasted by mistake. */
export function keyShapedTarget(name: string, specs: TargetSpec[]): TargetSpec[] {
  const pasted = specs.map(formatTargetSpec).findIndex(looksLikeCredential);
  if (pasted >= 0) {
    const what = rejectedValue(formatTargetSpec(specs[pasted]!));
    throw new OptionError(name, `\`${name}\` target ${pasted + 1} is ${what}: a target names a repository, environment or organization`);
  }
  return specs;
}
