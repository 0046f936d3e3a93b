/**
 * The Zstandard decoder (archive method 6, src/archive/zstd.ts) against libzstd's
 * `ZSTD_decompress` (Debian's libzstd.so.1, called through ctypes from the system Python), on the
 * same frames in the same run: 32 KiB blocks of archive-like data, each its own frame as the
 * archive stores them, written by the zstd CLI at level 3. Both count CPU time of the decoding
 * calls alone and alternate in rounds; the ratio is the median round's. No goal: the figure is
 * there to choose and to watch the decoder by (see docs/archives.md, "Methods and decoders"). Skipped when the zstd
 * CLI or libzstd is missing.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decompressZstd } from '../src/archive/zstd.js';
import { archiveLikeCorpus, median, type BenchResult } from './lib.js';

const ROUNDS = 5;
const BLOCK = 32 * 1024;
const BLOCKS = 128;
const python = ['/usr/bin/python3', 'python3'].find(
  (p) => spawnSync(p, ['-c', `import ctypes; ctypes.CDLL('libzstd.so.1')`], { stdio: 'ignore' }).status === 0,
);
const zstd = spawnSync('zstd', ['--version'], { stdio: 'ignore' }).status === 0;

// Reads u32-length-prefixed frames; decodes them all per pass into one reused buffer; prints the median pass.
const reference = `
import sys, struct, ctypes, time
lib = ctypes.CDLL('libzstd.so.1')
lib.ZSTD_decompress.restype = ctypes.c_size_t
lib.ZSTD_decompress.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t]
data = open(sys.argv[1], 'rb').read()
frames = []
at = 0
while at < len(data):
    (n,) = struct.unpack_from('<I', data, at)
    frames.append(data[at + 4 : at + 4 + n])
    at += 4 + n
block = int(sys.argv[2])
dst = ctypes.create_string_buffer(block)
times = []
for _ in range(int(sys.argv[3]) + 1):
    t = time.process_time()
    for f in frames:
        assert lib.ZSTD_decompress(dst, block, f, len(f)) == block
    times.append(time.process_time() - t)
times = sorted(times[1:])
print(times[len(times) // 2])
`;

export function run(): Promise<BenchResult[]> {
  if (python === undefined || !zstd) {
    process.stderr.write('zstd bench skipped: the zstd CLI or libzstd is unavailable\n');
    return Promise.resolve([]);
  }
  const input = archiveLikeCorpus(BLOCK * BLOCKS, 7);
  const dir = mkdtempSync(join(tmpdir(), 'anvil-zstd-bench-'));
  try {
    const frames: Uint8Array[] = [];
    for (let i = 0; i < BLOCKS; i++) {
      const block = input.subarray(i * BLOCK, (i + 1) * BLOCK);
      const result = spawnSync('zstd', ['-3', `--stream-size=${BLOCK}`, '-c', '-q'], { input: block });
      if (result.status !== 0) throw new Error(`zstd failed: ${result.stderr.toString()}`);
      frames.push(new Uint8Array(result.stdout));
      if (Buffer.compare(decompressZstd(frames[i]!, BLOCK), block) !== 0) throw new Error(`decoder output differs at block ${i}`);
    }
    const framed = join(dir, 'frames.bin');
    writeFileSync(framed, Buffer.concat(frames.flatMap((f) => [Buffer.from(Uint32Array.of(f.length).buffer), Buffer.from(f)])));
    const compressed = frames.reduce((sum, f) => sum + f.length, 0);
    const oursPass = (): number => {
      const start = process.cpuUsage();
      for (const frame of frames) decompressZstd(frame, BLOCK);
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1e6;
    };
    for (let i = 0; i < 3; i++) oursPass();
    const rounds: { ours: number; reference: number }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const result = spawnSync(python, ['-c', reference, framed, String(BLOCK), '5']);
      if (result.status !== 0) throw new Error(`libzstd reference failed: ${result.stderr.toString()}`);
      const ours = median([oursPass(), oursPass(), oursPass(), oursPass(), oursPass()]);
      rounds.push({ ours, reference: Number(result.stdout.toString().trim()) });
    }
    const mb = input.length / 1e6;
    const ratio = median(rounds.map((r) => r.reference / r.ours));
    return Promise.resolve([
      { name: 'zstd reference (libzstd ZSTD_decompress, 32 KiB frames)', value: mb / median(rounds.map((r) => r.reference)), unit: 'MB/s' },
      {
        name: `zstd decompress (ratio ${(input.length / compressed).toFixed(2)}:1, median of ${ROUNDS} alternating rounds)`,
        value: mb / median(rounds.map((r) => r.ours)),
        unit: 'MB/s',
        ratio,
        ratioLabel: '× libzstd',
      },
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
