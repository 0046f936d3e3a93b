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

/**
 * `size` bytes resembling archive contents (float tables, repeated records, names, some noise),
 * the same for a seed: what the decoder benchmarks decompress.
 */
export function archiveLikeCorpus(size: number, seed: number): Uint8Array {
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  const random = (): number => (seed = (seed * 1664525 + 1013904223) >>> 0);
  for (let at = 0; at + 64 <= out.length; at += 64) {
    const kind = random() % 4;
    if (kind === 0) for (let i = 0; i < 16; i++) view.setFloat32(at + i * 4, (random() % 2000) / 1000 - 1, true);
    else if (kind === 1) out.copyWithin(at, Math.max(0, at - 64 * (1 + (random() % 200))), at);
    else if (kind === 2) out.set(new TextEncoder().encode(`Bone_${random() % 300}_Spine_Neck_Head_Hand_L_Finger_R_`.padEnd(64, '\0')), at);
    else for (let i = 0; i < 64; i += 4) view.setUint32(at + i, random() & 0x0f0f0f0f, true);
  }
  return out;
}
