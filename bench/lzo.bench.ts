/**
 * The LZO1X decoder (archive methods 0 and 1) against the reference C library's
 * `lzo1x_decompress_safe` (Debian's liblzo2, called through ctypes), on the same compressed bytes
 * in the same run. The reference times only the C call, into a preallocated buffer, so neither
 * Python nor process start-up is counted; ours times the whole call, its output allocation
 * included. Both count CPU time (the process's user + system), not wall time, so time spent
 * descheduled on a shared machine counts for neither; load still moves both, so the two
 * alternate in ROUNDS rounds of ITERATIONS calls each; each round gives a ratio of medians, and
 * the result is the median round. Goal: ≥ 0.5× the reference. Skipped when liblzo2 cannot be
 * loaded.
 */
import { decompressLzo1x, decompressLzo1xInto } from '../src/archive/lzo1x.js';
import { liblzo2Compress, liblzo2DecompressSeconds, liblzo2Python } from '../test/helpers/liblzo2-reference.js';
import { archiveLikeCorpus, median, type BenchResult } from './lib.js';

const ROUNDS = 7;
const ITERATIONS = 9;

function oursSeconds(stream: Uint8Array, size: number, into?: Uint8Array): number {
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const start = process.cpuUsage();
    if (into) decompressLzo1xInto(stream, into);
    else decompressLzo1x(stream, size);
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1e6);
  }
  return median(times);
}

export function run(): Promise<BenchResult[]> {
  if (liblzo2Python === undefined) {
    process.stderr.write('lzo bench skipped: liblzo2 unavailable\n');
    return Promise.resolve([]);
  }
  const input = archiveLikeCorpus(16 << 20, 99);
  const [stream] = liblzo2Compress([input], 'lzo1x_1');
  if (Buffer.compare(decompressLzo1x(stream!, input.length), input) !== 0) throw new Error('decoder output differs from the input');
  // Warm-up, so the first round does not time the optimiser.
  for (let i = 0; i < 3; i++) decompressLzo1x(stream!, input.length);
  const into = new Uint8Array(input.length);
  const rounds: { ours: number; oursInto: number; reference: number }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const reference = liblzo2DecompressSeconds(stream!, input.length, ITERATIONS, 'lzo1x');
    const oursInto = oursSeconds(stream!, input.length, into);
    const ours = oursSeconds(stream!, input.length);
    rounds.push({ ours, oursInto, reference });
  }
  const mb = input.length / 1e6;
  const ratioInto = median(rounds.map((r) => r.reference / r.oursInto));
  const ratio = median(rounds.map((r) => r.reference / r.ours));
  const speed = (seconds: number[]): number => mb / median(seconds);
  const label = `ratio ${(input.length / stream!.length).toFixed(2)}:1, median of ${ROUNDS} alternating rounds`;
  return Promise.resolve([
    {
      name: 'lzo1x reference (liblzo2 lzo1x_decompress_safe into a preallocated buffer)',
      value: speed(rounds.map((r) => r.reference)),
      unit: 'MB/s',
    },
    {
      // Like for like: the C call also writes into a buffer its caller allocated once.
      name: `lzo1x decompress into a preallocated buffer (${label})`,
      value: speed(rounds.map((r) => r.oursInto)),
      unit: 'MB/s',
      ratio: ratioInto,
      ratioLabel: '× liblzo2',
      goal: 'ratio ≥ 0.5',
      met: ratioInto >= 0.5,
    },
    {
      name: `lzo1x decompress, allocating its output each call (${label})`,
      value: speed(rounds.map((r) => r.ours)),
      unit: 'MB/s',
      ratio,
      ratioLabel: '× liblzo2',
    },
  ]);
}
