/** The median of a non-empty list (the mean of the middle two for an even count). */
export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  // The list is not empty: the middle is there, and so is the one before it for an even count.
  const upper = sorted[mid] ?? Number.NaN;
  const lower = sorted[mid - 1] ?? upper;
  return sorted.length % 2 === 1 ? upper : (lower + upper) / 2;
}

/** Bytes as KB (1 KB = 1024 bytes), one decimal. */
export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function ms(value: number): string {
  return `${Math.round(value)} ms`;
}

export function seconds(valueMs: number): string {
  return `${(valueMs / 1000).toFixed(2)} s`;
}
