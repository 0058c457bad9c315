// Summaries of repeated measurements. Medians, not means: the machine is shared and a single slow
// sample from another process should not move a figure.

/** The p-th percentile (0..100) by linear interpolation between closest ranks. */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

export function median(values) {
  return percentile(values, 50);
}

/** The median, or null when any value is missing (a measure the runtime could not take). */
export function medianOrNull(values) {
  return values.some((v) => v === null || v === undefined) ? null : median(values);
}

export function sum(values) {
  return values.reduce((total, v) => total + v, 0);
}

export function summarize(values) {
  return {
    n: values.length,
    min: Math.min(...values),
    median: median(values),
    p90: percentile(values, 90),
    max: Math.max(...values),
  };
}

/** Milliseconds as shown in the tables: whole numbers past 10 ms, one decimal below. */
export function ms(value) {
  if (!Number.isFinite(value)) return 'n/a';
  return value >= 10 ? `${Math.round(value)} ms` : `${value.toFixed(1)} ms`;
}

export function mib(bytes) {
  if (!Number.isFinite(bytes)) return 'n/a';
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export function kib(bytes) {
  return `${(bytes / 1024).toFixed(0)} KiB`;
}

/** "3.2×" fewer/more, for comparisons in verdict lines. */
export function ratio(a, b) {
  if (!b) return 'n/a';
  return `${(a / b).toFixed(1)}×`;
}
