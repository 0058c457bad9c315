// When a loaded record was last written, as its store says (a GitHub variable's `updated_at`; GitLab's
// variables keep no time): an inventory of copies compares a secret's `updated_at` with it, since a
// rotation writes its record after every secret. Kept beside the record, not in it, so the record's
// format (and every record written) stays as it is.

const WRITTEN_AT = new WeakMap<object, string>();

/** Notes the time the store gave for `record`'s variable (its head, written last). */
export function noteWrittenAt(record: object, at: string | undefined): void {
  if (at) WRITTEN_AT.set(record, at);
}

/** When `record` (as a store's load returned it) was last written; undefined when the store cannot say. */
export function recordWrittenAt(record: object): string | undefined {
  return WRITTEN_AT.get(record);
}
