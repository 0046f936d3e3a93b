/**
 * Benchmarks report ratios against a baseline measured in the same run, so results compare
 * run to run on any machine. Each `bench/*.bench.ts` exports `run(): Promise<BenchResult[]>`.
 */
export interface BenchResult {
  /** e.g. `crack throughput`. */
  name: string;
  value: number;
  /** e.g. `names/s`, `MB/s`, `ms`. */
  unit: string;
  /** value ÷ baseline value (or the inverse where smaller is better), when there is a baseline. */
  ratio?: number;
  /** What the ratio is against, e.g. `× plain full-string loop`. */
  ratioLabel?: string;
  /** The goal in words, e.g. `ratio ≥ 20`. */
  goal?: string;
  /** Whether this run met the goal. */
  met?: boolean;
}

export function formatBenchResult(result: BenchResult): string {
  const value = `${formatNumber(result.value)} ${result.unit}`;
  const ratio = result.ratio === undefined ? '' : ` (${formatNumber(result.ratio)}${result.ratioLabel ? ` ${result.ratioLabel}` : ''})`;
  const goal = result.goal === undefined ? '' : `  goal: ${result.goal} ${result.met ? 'met' : 'NOT met'}`;
  return `${result.name}: ${value}${ratio}${goal}`;
}

function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Math.abs(n) >= 1000) return Math.round(n).toLocaleString('en-US');
  return n.toPrecision(3);
}

/** Median of a list of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
