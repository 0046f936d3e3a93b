/**
 * The census of `.forge` archives, as a whole process:
 *
 * (a) `node dist/cli.cjs census archive.forge --json FILE` on a generated archive (version 27) of
 *     2,000 Skeletons among 20,000 other resources (blocks LZO1X-compressed by liblzo2 when
 *     python3-lzo is there, stored otherwise), median of several runs side by side with a floor
 *     process that reads the same data files (those the index types Skeleton or SkeletonComponent)
 *     and decompresses every block with the same decoder, parsing nothing (`bench/forge-floor.mjs`).
 *     No goal of its own (the census's cost issue withdrew the 1.5× it once had: the census cannot
 *     cost less than its own decoding); the census must count exactly 2,000 Skeletons and read only
 *     the 2,000 Skeleton data files, skipping the others by their type.
 *     Then what one more Skeleton data file costs, once warm: the same census and floor on an
 *     archive of four times the Skeleton data files, the increments divided by the data files
 *     added. Goal: ≤ 2× the floor's (the census's cost issue, goal 2).
 * (b) the census's peak resident memory on an 8 GB sparse archive holding a few data files spread
 *     over it, against the same few data files in a small archive. Goal: flat (≤ 1.1×).
 *
 * Needs `npm run build` first (the census runs from `dist/`).
 */
import { closeSync, existsSync, ftruncateSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeForge, type ForgeWriterEntry } from '../src/archive/forge-writer.js';
import { inventoryCorpus } from '../src/samples/inventory.js';
import { lzoCompress, lzoPython } from '../test/helpers/lzo-reference.js';
import { median, type BenchResult } from './lib.js';
import { installedCli, medianSecondsSideBySide, peakRssMb, spawnNode, timedRun } from './processes.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const CLI = installedCli(ROOT);
const FLOOR = join(ROOT, 'bench', 'forge-floor.mjs');
const RUNS = 7;
const SKELETON = 0x24aecb7c;
const SKELETONS = 2000;
const OTHERS = 20_000;
/** The larger archive's multiple of the Skeleton data files, and its runs. */
const SCALE = 4;
const MARGINAL_RUNS = 5;

/**
 * The archive's entries: 2,000 Skeleton data files (a Skeleton and two others each) and 4,000 of
 * other types (four others each); `scale` multiplies the Skeleton data files only.
 */
export function benchEntries(scale = 1): ForgeWriterEntry[] {
  const skeletons: Uint8Array[] = [];
  for (const file of inventoryCorpus({ scale: 1 })) if (file.path.endsWith('.Skeleton')) skeletons.push(file.bytes);
  let seed = 7;
  const random = (): number => (seed = (seed * 1664525 + 1013904223) >>> 0);
  // Compressible bodies of 200 bytes to 2 KB, like the tables and strings of real resources.
  const other = (): Uint8Array => {
    const body = new Uint8Array(200 + (random() % 1800));
    for (let i = 0; i < body.length; i++) body[i] = i % 7 === 0 ? random() & 0xff : (i >> 3) & 0x3f;
    return body;
  };
  const entries: ForgeWriterEntry[] = [];
  let others = 0;
  const otherResource = () => ({
    classHash: 0x10000000 + (others % 50),
    id: BigInt(1_000_000 + others),
    name: `Other_${others++}`,
    body: other(),
  });
  for (let i = 0; i < SKELETONS * scale; i++) {
    entries.push({
      // From 0x10000: ids 0, 16, 145, 193 and 4090 are bookkeeping entries, never data files.
      id: BigInt(0x10000 + i),
      name: `CHR_${i}.Skeleton`,
      resourceType: SKELETON,
      resources: [
        { classHash: SKELETON, id: BigInt(0x10000 + i), name: `Skel_${i}`, body: skeletons[i % skeletons.length]! },
        otherResource(),
        otherResource(),
      ],
    });
  }
  // The same 4,000 data files of other types whatever the scale (the Skeleton data files took two others each).
  const allOthers = OTHERS + SKELETONS * 2 * (scale - 1);
  for (let i = 0; others < allOthers; i++) {
    const resources = Array.from({ length: Math.min(4, allOthers - others) }, otherResource);
    entries.push({ id: BigInt(100_000 + i), name: `PROP_${i}.Mesh`, resourceType: resources[0]!.classHash, resources });
  }
  return entries;
}

/** The archive written with the project's writer; its blocks compressed by liblzo2 when it is there (two passes: collect, then fill in). */
export function benchArchive(entries: ForgeWriterEntry[]): { bytes: Uint8Array; compressed: boolean } {
  // Wildlands' framing at set version 2 (i32 counts and pairs), which the floor reads.
  const options = { profile: 'wildlands' as const, setVersion: 2, version: 27 as const, entries, align: 0x8000 };
  if (lzoPython === undefined) return { bytes: writeForge(options), compressed: false };
  const blocks: Uint8Array[] = [];
  writeForge({ ...options, align: 16, compress: (block) => void blocks.push(block.slice()) });
  const packed = lzoCompress(blocks, 1);
  let next = 0;
  return { bytes: writeForge({ ...options, compress: () => packed[next++] }), compressed: true };
}

interface CensusJson {
  skeletons: { total: number; exact: number };
  archives: { dataFilesRead: number; dataFilesSkipped: number; skeletons: number }[];
}

/**
 * An 8 GB sparse archive: the small archive's header and tables at the start, its data files
 * moved out to the given offsets (each index entry's i64 offset rewritten: our reading puts the
 * index table at T, read from F + 8, F from D + 36, D from 0x0D, 20 bytes an entry in v27).
 */
function sparseArchive(small: Uint8Array, path: string, size: number): void {
  const copy = small.slice();
  const view = new DataView(copy.buffer);
  const d = Number(view.getBigInt64(0x0d, true));
  const f = Number(view.getBigInt64(d + 36, true));
  const n = view.getInt32(f, true);
  const t = Number(view.getBigInt64(f + 8, true));
  const fd = openSync(path, 'w');
  try {
    ftruncateSync(fd, size);
    const firstData = Number(view.getBigInt64(t, true));
    for (let i = 0; i < n; i++) {
      const at = t + i * 20;
      const offset = Number(view.getBigInt64(at, true));
      const length = view.getInt32(at + 16, true);
      // Spread over the file, aligned to 0x8000, the last ending near its end.
      const moved = Math.floor(((size - 0x100000) * (i + 1)) / n / 0x8000) * 0x8000;
      writeSync(fd, small, offset, length, moved);
      view.setBigInt64(at, BigInt(moved), true);
    }
    writeSync(fd, copy, 0, firstData, 0);
  } finally {
    closeSync(fd);
  }
}

export async function run(): Promise<BenchResult[]> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
  const scratch = mkdtempSync(join(tmpdir(), 'anvil-forge-bench-'));
  try {
    const entries = benchEntries();
    const { bytes, compressed } = benchArchive(entries);
    const archive = join(scratch, 'bench.forge');
    writeFileSync(archive, bytes);
    const jsonOut = join(scratch, 'census.json');
    const census = [CLI, 'census', archive, '--json', jsonOut];
    const floor = [FLOOR, DIST, archive];
    const [censusSeconds, floorSeconds] = medianSecondsSideBySide(census, floor, RUNS);
    const report = JSON.parse(readFileSync(jsonOut, 'utf8')) as CensusJson;
    const line = report.archives[0]!;
    if (report.skeletons.exact !== SKELETONS || line.skeletons !== SKELETONS || line.dataFilesRead !== SKELETONS)
      throw new Error(`the census of the bench archive is wrong: ${JSON.stringify({ skeletons: report.skeletons, line })}`);
    const ratio = censusSeconds / floorSeconds;
    const results: BenchResult[] = [
      {
        name: `census of a .forge (${[
          `${SKELETONS.toLocaleString('en-US')} Skeletons among ${OTHERS.toLocaleString('en-US')} other resources`,
          `${entries.length.toLocaleString('en-US')} data files, ${(bytes.length / 1e6).toFixed(0)} MB`,
          compressed ? 'LZO1X blocks' : 'stored blocks: python3-lzo unavailable',
          `${line.dataFilesSkipped.toLocaleString('en-US')} data files skipped by type`,
        ].join(', ')}), whole process, median of ${RUNS}`,
        value: censusSeconds,
        unit: 's',
        ratio,
        ratioLabel: `× floor: read + decompress the same data files (${floorSeconds.toFixed(3)} s)`,
      },
    ];
    const censusTwo = median([0, 1, 2].map(() => timedRun([...census, '--jobs', '2'])));
    results.push({
      name: 'census of the same .forge, --jobs 2',
      value: censusTwo,
      unit: 's',
      ratio: censusTwo / floorSeconds,
      ratioLabel: '× floor',
    });

    // What one more Skeleton data file costs once the process is warm: the same census and floor
    // on an archive of four times the Skeleton data files (the same 4,000 others), the increments
    // divided by the 6,000 data files added: where the whole process's ratio tends as archives grow.
    const larger = benchArchive(benchEntries(SCALE)).bytes;
    const largerArchive = join(scratch, 'larger.forge');
    writeFileSync(largerArchive, larger);
    const [censusLarger, floorLarger] = medianSecondsSideBySide(
      [CLI, 'census', largerArchive, '--json', jsonOut],
      [FLOOR, DIST, largerArchive],
      MARGINAL_RUNS,
    );
    const largerReport = JSON.parse(readFileSync(jsonOut, 'utf8')) as CensusJson;
    if (largerReport.skeletons.exact !== SKELETONS * SCALE)
      throw new Error(`the census of the larger archive is wrong: ${JSON.stringify(largerReport.skeletons)}`);
    rmSync(largerArchive);
    const added = SKELETONS * (SCALE - 1);
    const censusEach = (censusLarger - censusSeconds) / added;
    const floorEach = (floorLarger - floorSeconds) / added;
    results.push({
      name: `census of one more Skeleton data file, warm (${SCALE}× the Skeleton data files: ${censusLarger.toFixed(2)} s, floor ${floorLarger.toFixed(2)} s; medians of ${MARGINAL_RUNS})`,
      value: censusEach * 1e6,
      unit: 'µs',
      ratio: censusEach / floorEach,
      ratioLabel: `× the floor's (${(floorEach * 1e6).toFixed(0)} µs)`,
      goal: 'ratio ≤ 2',
      met: censusEach / floorEach <= 2,
    });

    // (b) A few data files (4 Skeleton data files, 4 others) in a small archive, then spread over 8 GB.
    const few = writeForge({
      profile: 'wildlands',
      setVersion: 2,
      version: 27,
      entries: [...entries.slice(0, 4), ...entries.slice(SKELETONS, SKELETONS + 4)],
      align: 0x8000,
    });
    const smallPath = join(scratch, 'small.forge');
    writeFileSync(smallPath, few);
    const sparsePath = join(scratch, 'sparse.forge');
    const eight = 8 * 1024 ** 3;
    sparseArchive(few, sparsePath, eight);
    const sparseReport = spawnNode([CLI, 'census', sparsePath, '--json'], true);
    const sparseJson = JSON.parse(sparseReport.stdout) as CensusJson;
    if (sparseJson.skeletons.exact !== 4)
      throw new Error(`the census of the sparse archive is wrong: ${sparseReport.stdout.slice(0, 300)}`);
    const smallPeak = peakRssMb([CLI, 'census', smallPath, '--json', jsonOut], scratch);
    const sparsePeak = peakRssMb([CLI, 'census', sparsePath, '--json', jsonOut], scratch);
    const growth = sparsePeak / smallPeak;
    results.push({
      name: `census peak RSS, 8 GB sparse .forge (8 data files spread over it)`,
      value: sparsePeak,
      unit: 'MB',
      ratio: growth,
      ratioLabel: `× the same data files in a ${(few.length / 1024).toFixed(0)} KB archive (${smallPeak.toFixed(0)} MB)`,
      goal: 'ratio ≤ 1.1 (flat in the archive size)',
      met: growth <= 1.1,
    });
    return results;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
