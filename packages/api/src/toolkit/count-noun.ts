// A count with its noun in agreement ("1 key", "2 keys"), for every message that counts something.

/** `count` and the noun, singular for exactly 1: countNoun(1, 'key') is "1 key", countNoun(3, 'key') "3 keys". */
export function countNoun(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
