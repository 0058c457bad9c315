// The secrets of one target, stored decrypted (the emulator opened the box; tests read the value).

import { canonicalSecretName } from './names.js';

export type OrgSecretVisibility = 'all' | 'private' | 'selected';

export interface StoredSecret {
  /** Upper-case, as GitHub answers it. */
  name: string;
  value: string;
  createdAt: string;
  updatedAt: string;
  /** Organization secrets only. */
  visibility?: OrgSecretVisibility;
  selectedRepositoryIds?: number[];
}

export interface SecretWrite {
  /** Undefined keeps the current value (an organization secret's visibility-only update). */
  value?: string;
  visibility?: OrgSecretVisibility;
  /** Undefined keeps the current selection. */
  selectedRepositoryIds?: number[];
  /** When the write happened; now unless a test seeds a secret written earlier. */
  at?: Date;
}

/** GitHub's timestamps have whole seconds: `2020-01-10T14:59:22Z`. */
export function githubTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export class SecretStore {
  readonly #secrets = new Map<string, StoredSecret>();

  constructor(
    readonly forOrganization: boolean,
    /** The emulator's clock: a write's time when it names none. */
    private readonly clock: () => number,
  ) {}

  get(name: string): StoredSecret | undefined {
    return this.#secrets.get(canonicalSecretName(name));
  }

  /** Sorted by name, as GitHub lists them. */
  list(): StoredSecret[] {
    return [...this.#secrets.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** Creates or updates a secret; says which, for the 201 / 204 answer. */
  put(name: string, write: SecretWrite): 'created' | 'updated' {
    const key = canonicalSecretName(name);
    const now = githubTimestamp(write.at ?? new Date(this.clock()));
    const existing = this.#secrets.get(key);
    if (existing) {
      if (write.value !== undefined) existing.value = write.value;
      if (this.forOrganization) applyVisibility(existing, write);
      existing.updatedAt = now;
      return 'updated';
    }
    if (write.value === undefined) throw new TypeError(`secret ${key} has no value yet`);
    const created: StoredSecret = { name: key, value: write.value, createdAt: now, updatedAt: now };
    if (this.forOrganization) applyVisibility(created, { ...write, visibility: write.visibility ?? 'private' });
    this.#secrets.set(key, created);
    return 'created';
  }

  delete(name: string): boolean {
    return this.#secrets.delete(canonicalSecretName(name));
  }
}

function applyVisibility(secret: StoredSecret, write: SecretWrite): void {
  if (write.visibility !== undefined) secret.visibility = write.visibility;
  if (secret.visibility !== 'selected') {
    // A selection only means something for `selected`; switching away clears it.
    secret.selectedRepositoryIds = [];
  } else if (write.selectedRepositoryIds !== undefined) {
    secret.selectedRepositoryIds = [...new Set(write.selectedRepositoryIds)];
  } else {
    secret.selectedRepositoryIds ??= [];
  }
}
