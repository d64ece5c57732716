/** Percentiles by the nearest-rank method on a copy of the samples. */
export function percentile(samples, p) {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

export const ms = (x) => `${x.toFixed(2)} ms`;
