// Inputs that take several values accept them one per line, comma-separated, or both.

/** Splits on newlines and commas, trims, drops empty items. */
export function splitList(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Keeps the first occurrence of each value, in order. */
export function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}
