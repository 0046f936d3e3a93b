/**
 * The LZO1X decoder (archive methods 0 and 1) against the reference C library, liblzo2 through
 * python3-lzo, on the same compressed bytes in the same run: MB/s of decompressed output for both,
 * each the best of several timed passes (the reference timed inside its Python process, so process
 * start-up is not counted). Goal: ≥ 0.5× the reference. Skipped when python3-lzo is missing.
 */
import { spawnSync } from 'node:child_process';
import { decompressLzo1x } from '../src/archive/lzo1x.js';
import type { BenchResult } from './lib.js';

const PASSES = 7;
const python = ['/usr/bin/python3', 'python3'].find((p) => spawnSync(p, ['-c', 'import lzo'], { stdio: 'ignore' }).status === 0);

/** ~16 MB resembling archive contents: float tables, repeated records, names, some noise. */
function corpus(): Uint8Array {
  const out = new Uint8Array(16 << 20);
  const view = new DataView(out.buffer);
  let seed = 99;
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

const script = `
import sys, lzo, time
data = sys.stdin.buffer.read()
size = int(sys.argv[1]); passes = int(sys.argv[2])
stream = lzo.compress(data, 1, False)
sys.stderr.buffer.write(stream)
best = 1e9
for _ in range(passes):
    t = time.perf_counter(); out = lzo.decompress(stream, False, size); best = min(best, time.perf_counter() - t)
assert out == data
print(best)
`;

export function run(): Promise<BenchResult[]> {
  if (python === undefined) {
    process.stderr.write('lzo bench skipped: python3-lzo unavailable\n');
    return Promise.resolve([]);
  }
  const input = corpus();
  const result = spawnSync(python, ['-c', script, String(input.length), String(PASSES)], { input, maxBuffer: 1 << 30 });
  if (result.status !== 0) throw new Error(`reference failed: ${result.stdout.toString()}`);
  const referenceSeconds = Number(result.stdout.toString().trim());
  const stream = new Uint8Array(result.stderr);
  let best = Infinity;
  for (let i = 0; i < PASSES + 3; i++) {
    const start = performance.now();
    const out = decompressLzo1x(stream, input.length);
    best = Math.min(best, (performance.now() - start) / 1000);
    if (i === 0 && Buffer.compare(out, input) !== 0) throw new Error('decoder output differs from the input');
  }
  const mb = input.length / 1e6;
  const ours = mb / best;
  const reference = mb / referenceSeconds;
  return Promise.resolve([
    { name: 'lzo1x reference (liblzo2) decompress', value: reference, unit: 'MB/s' },
    {
      name: `lzo1x decompress (ratio ${(input.length / stream.length).toFixed(2)}:1)`,
      value: ours,
      unit: 'MB/s',
      ratio: ours / reference,
      ratioLabel: '× liblzo2',
      goal: 'ratio ≥ 0.5',
      met: ours / reference >= 0.5,
    },
  ]);
}
