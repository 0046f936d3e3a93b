/**
 * `forge replace` of one Skeleton in an archive of 2,000 data files (LZO1X blocks, made by the
 * project's compressor), whole process, median of runs side by side with a plain copy of the same
 * archive's bytes by a node process (`bench/copy-floor.mjs`). Goal: at most 1.5× the copy. The
 * replaced archive must read back with the new body.
 *
 * Needs `npm run build` first (the command runs from `dist/`).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeForge, type ForgeWriterEntry } from '../src/archive/forge-writer.js';
import { compressLzo1xBlock } from '../src/archive/lzo1x-compress.js';
import type { BenchResult } from './lib.js';
import { installedCli, medianSecondsSideBySide, spawnNode } from './processes.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = installedCli(ROOT);
const COPY = join(ROOT, 'bench', 'copy-floor.mjs');
const RUNS = 7;
const SKELETON = 0x24aecb7c;
const DATA_FILES = 2000;

/** 40 KB of a mesh-like body: noise with runs (about half of it compresses), different per data file. */
function meshBody(i: number): Uint8Array {
  let seed = 0x9e3779b9 ^ i;
  const out = new Uint8Array(40_000);
  for (let k = 0; k < out.length; k++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    out[k] = k % 512 < 256 ? seed >>> 24 : (k >> 4) & 0xff;
  }
  return out;
}

export async function run(): Promise<BenchResult[]> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
  const scratch = mkdtempSync(join(tmpdir(), 'anvil-forge-replace-bench-'));
  try {
    const rider = new Uint8Array(readFileSync(join(ROOT, 'samples/anvilnext/MAD_CHR_Skel_U.Skeleton')));
    const bike = new Uint8Array(readFileSync(join(ROOT, 'samples/anvilnext/MAD_CHR_Skel_Bike_U.Skeleton')));
    // 2,000 data files: one holds the rider, every other a bike (with its own id) and two others.
    const entries: ForgeWriterEntry[] = Array.from({ length: DATA_FILES }, (_, i) => {
      const body = i === DATA_FILES / 2 ? rider : Uint8Array.from(bike);
      if (i !== DATA_FILES / 2) new DataView(body.buffer).setBigUint64(0, 0x10000n + BigInt(i), true);
      const id = new DataView(body.buffer).getBigUint64(0, true);
      return {
        // A data file's id is its first resource's, as in the archives the games ship.
        id,
        name: `Data_${i}`,
        resourceType: SKELETON,
        resources: [
          { classHash: SKELETON, id, name: `Skel_${i}`, body },
          {
            classHash: 0x415d9568,
            id: id + 0x1000000n,
            name: `Mesh_${i}`,
            body: meshBody(i),
          },
        ],
      };
    });
    const bytes = writeForge({ profile: 'unity', version: 27, entries, compress: compressLzo1xBlock });
    const archive = join(scratch, 'bench.forge');
    writeFileSync(archive, bytes);
    // The edit: the rider with one more word in its trailing u32 array (count at 0xFEF), 4 bytes longer.
    const edited = Uint8Array.from([...rider.subarray(0, 0xfef), 4, 0, 0, 0, ...rider.subarray(0xff3), 0xef, 0xbe, 0xad, 0xde]);
    const editedPath = join(scratch, 'Rider.Skeleton');
    writeFileSync(editedPath, edited);
    const out = join(scratch, 'out.forge');
    const copy = join(scratch, 'copy.forge');
    const replace = [CLI, 'forge', 'replace', archive, editedPath, '-o', out, '--force', '--forge-profile', 'unity'];
    const [replaceSeconds, copySeconds] = medianSecondsSideBySide(replace, [COPY, archive, copy], RUNS);
    const check = spawnNode([CLI, 'forge', 'list', out, '--json', '--forge-profile', 'unity'], true);
    const listed = JSON.parse(check.stdout) as { entries: { size: number }[] };
    if (listed.entries.length !== DATA_FILES) throw new Error(`the replaced archive lists ${listed.entries.length} entries`);
    const ratio = replaceSeconds / copySeconds;
    return [
      {
        name: `forge replace of one Skeleton in a .forge of ${DATA_FILES.toLocaleString('en-US')} data files (${(bytes.length / 1e6).toFixed(0)} MB, LZO1X blocks), whole process, median of ${RUNS}`,
        value: replaceSeconds,
        unit: 's',
        ratio,
        ratioLabel: `× a plain copy of the archive's bytes by a node process (${copySeconds.toFixed(3)} s)`,
        goal: 'ratio ≤ 1.5',
        met: ratio <= 1.5,
      },
    ];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
