/** The value at the p-th percentile (nearest rank, no interpolation); NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export const median = (values: readonly number[]) => percentile(values, 50);
