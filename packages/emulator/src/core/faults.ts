// Faults on demand: the next N requests matching a method and path misbehave in a chosen way.

import { type FaultSpec, validateFault } from './fault-validation.js';
import { compilePattern, matchPattern, type PathPattern } from './router.js';

export type { FaultEffect, FaultSpec } from './fault-validation.js';

interface ArmedFault {
  id: number;
  spec: FaultSpec;
  pattern: PathPattern | undefined;
  remaining: number;
}

export class FaultBook {
  #faults: ArmedFault[] = [];
  #nextId = 1;

  /** Arms one fault; throws a TypeError for a spec that cannot be played. */
  add(spec: FaultSpec): number {
    validateFault(spec);
    return this.#arm(spec);
  }

  /** Arms every spec, or none: all are checked before any is armed. */
  addAll(specs: FaultSpec[]): number[] {
    if (!Array.isArray(specs)) throw new TypeError('faults must be an array of fault specs');
    specs.forEach((spec, index) => {
      try {
        validateFault(spec);
      } catch (error) {
        throw new TypeError(`fault ${index}: ${(error as Error).message}`);
      }
    });
    return specs.map((spec) => this.#arm(spec));
  }

  #arm(spec: FaultSpec): number {
    const id = this.#nextId++;
    const remaining = spec.times === 'always' ? Number.POSITIVE_INFINITY : (spec.times ?? 1);
    this.#faults.push({ id, spec: { ...spec }, pattern: spec.path ? compilePattern(spec.path) : undefined, remaining });
    return id;
  }

  /** The first armed fault matching the request, consumed by one use. */
  take(method: string, path: string): FaultSpec | undefined {
    const index = this.#faults.findIndex(
      (f) => (!f.spec.method || f.spec.method.toUpperCase() === method) && (!f.pattern || matchPattern(f.pattern, path) !== undefined),
    );
    if (index < 0) return undefined;
    const fault = this.#faults[index]!;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.#faults.splice(index, 1);
    return fault.spec;
  }

  list(): Array<FaultSpec & { id: number; remaining: number | 'always' }> {
    return this.#faults.map((f) => ({
      ...f.spec,
      id: f.id,
      remaining: Number.isFinite(f.remaining) ? f.remaining : 'always',
    }));
  }

  remove(id: number): boolean {
    const before = this.#faults.length;
    this.#faults = this.#faults.filter((f) => f.id !== id);
    return this.#faults.length !== before;
  }

  clear(): void {
    this.#faults = [];
  }
}
