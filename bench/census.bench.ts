/**
 * The census, the product's main job, measured on the inventory-scale synthetic corpus:
 *
 * (a) `node dist/cli.cjs census DIR --json FILE` as a whole process, median of several runs, side by
 *     side (alternating) with a floor process that only reads the same files and sums their f32 values
 *     (`bench/floor-sum-f32.mjs`). Goal: ≤ 2× the floor (the census's cost issue; an
 *     absolute time is not a goal, since this machine's speed drifts).
 * (b) the census's peak resident memory on a ten-times inventory. Goal: under 150 MB.
 * (c) scimitar parse throughput of the library against a hand-written DataView reader
 *     (`bench/baseline-scimitar.ts`), same files, same run; both must agree on the bone count and the
 *     sum of the bind transforms. Goal: ≥ 0.5× the baseline.
 *
 * Needs `npm run build` first (the census runs from `dist/`). `CENSUS_CLI=path` runs another entry
 * script instead of the package's command (`dist/cli.cjs`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultCensusJobs } from '../src/node/census-pool.js';
import { readResourceAs, type HeaderClass } from '../src/formats/resource.js';
import { inventoryCorpus } from '../src/samples/inventory.js';
import { readScimitarBaseline } from './baseline-scimitar.js';
import { median, type BenchResult } from './lib.js';
import { installedCli, medianSeconds, medianSecondsSideBySide, peakRssMb } from './processes.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = process.env.CENSUS_CLI ?? installedCli(ROOT);
const FLOOR = join(ROOT, 'bench', 'floor-sum-f32.mjs');
const RUNS = 9;
const MEMORY_SCALE = 10;
const PARSE_PASSES = 15;
const SCIMITAR: HeaderClass = { kind: 'Skeleton', dialect: 'scimitar' };

/** Writes the inventory corpus at `scale`; returns the scimitar files' bytes when asked. */
function writeInventory(dir: string, scale: number, keepScimitar: boolean): Uint8Array[] {
  const scimitar: Uint8Array[] = [];
  const made = new Set<string>();
  for (const file of inventoryCorpus({ scale })) {
    const path = join(dir, file.path);
    const folder = dirname(path);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    writeFileSync(path, file.bytes);
    if (keepScimitar && file.path.startsWith('scimitar/')) scimitar.push(file.bytes);
  }
  return scimitar;
}

function requireCensusCli(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
  const help = spawnSync(process.execPath, [CLI, 'census', '--help'], { encoding: 'utf8' });
  if (help.status !== 0) {
    throw new Error(
      `${CLI} has no census command (exit ${help.status}): register registerCensusCommand in src/cli/main.ts and run \`npm run build\`, or set CENSUS_CLI`,
    );
  }
}

/** Median seconds per pass of `pass` over the files, after warming up. */
function timePasses(pass: () => void): number {
  for (let i = 0; i < 3; i++) pass();
  const times: number[] = [];
  for (let i = 0; i < PARSE_PASSES; i++) {
    const started = performance.now();
    pass();
    times.push((performance.now() - started) / 1000);
  }
  return median(times);
}

function parseThroughput(scimitar: readonly Uint8Array[]): BenchResult {
  const megabytes = scimitar.reduce((n, b) => n + b.length, 0) / 1e6;
  // Both readers must see the same bones and the same bind transforms.
  let libraryBones = 0;
  let librarySum = 0;
  let baselineBones = 0;
  let baselineSum = 0;
  for (const bytes of scimitar) {
    const { resource } = readResourceAs(bytes, SCIMITAR);
    if (resource.kind !== 'Skeleton' || resource.dialect !== 'scimitar') throw new Error('expected a scimitar Skeleton');
    // Summed per file, then added, as the baseline does: float addition is not associative.
    let fileSum = 0;
    for (const bone of resource.record.bones) {
      const t = bone.initialTransforms;
      for (const v of [t.globalPosition, t.globalRotation, t.localPosition, t.localRotation]) for (const lane of v) fileSum += lane;
    }
    librarySum += fileSum;
    libraryBones += resource.record.bones.length;
    const baseline = readScimitarBaseline(bytes);
    baselineBones += baseline.bones;
    baselineSum += baseline.transformSum;
  }
  if (libraryBones !== baselineBones || librarySum !== baselineSum) {
    throw new Error(
      `the baseline disagrees with the library: ${baselineBones} vs ${libraryBones} bones, sum ${baselineSum} vs ${librarySum}`,
    );
  }
  let sink = 0;
  const library = timePasses(() => {
    for (const bytes of scimitar) {
      const { resource } = readResourceAs(bytes, SCIMITAR);
      if (resource.kind === 'Skeleton') sink += resource.record.bones.length;
    }
  });
  const baseline = timePasses(() => {
    for (const bytes of scimitar) sink += readScimitarBaseline(bytes).bones;
  });
  if (sink <= 0) throw new Error('nothing was read');
  const ratio = megabytes / library / (megabytes / baseline);
  return {
    name: `scimitar parse throughput (${scimitar.length} files, ${libraryBones.toLocaleString('en-US')} bones, ${megabytes.toFixed(2)} MB)`,
    value: megabytes / library,
    unit: 'MB/s',
    ratio,
    ratioLabel: `× hand-written DataView reader (${(megabytes / baseline).toFixed(0)} MB/s)`,
    goal: 'ratio ≥ 0.5',
    met: ratio >= 0.5,
  };
}

export async function run(): Promise<BenchResult[]> {
  requireCensusCli();
  const scratch = mkdtempSync(join(tmpdir(), 'anvil-census-bench-'));
  try {
    const inventory = join(scratch, 'inventory');
    const scimitar = writeInventory(inventory, 1, true);
    const jsonOut = join(scratch, 'census.json');
    const censusArgs = [CLI, 'census', inventory, '--json', jsonOut];
    const [census, floor] = medianSecondsSideBySide(censusArgs, [FLOOR, inventory], RUNS);
    const report = JSON.parse(readFileSync(jsonOut, 'utf8')) as { skeletons: { exact: number }; ok: boolean };
    if (!report.ok || report.skeletons.exact !== 1659)
      throw new Error(`the census of the inventory is wrong: ${JSON.stringify(report.skeletons)}`);
    const censusTwoJobs = medianSeconds([...censusArgs, '--jobs', '2'], 5);
    const ratio = census / floor;
    const results: BenchResult[] = [
      {
        name: `census, inventory (1,806 files), whole process, default jobs (${defaultCensusJobs()}), median of ${RUNS}`,
        value: census,
        unit: 's',
        ratio,
        ratioLabel: `× floor: read + sum f32 (${floor.toFixed(3)} s)`,
        goal: '≤ 2× floor',
        met: ratio <= 2,
      },
      { name: 'census, inventory, --jobs 2', value: censusTwoJobs, unit: 's', ratio: censusTwoJobs / floor, ratioLabel: '× floor' },
    ];

    const big = join(scratch, `inventory-x${MEMORY_SCALE}`);
    writeInventory(big, MEMORY_SCALE, false);
    const peak = peakRssMb([CLI, 'census', big, '--json', jsonOut], scratch);
    const peakTwoJobs = peakRssMb([CLI, 'census', big, '--json', jsonOut, '--jobs', '2'], scratch);
    const peakSmall = peakRssMb(censusArgs, scratch);
    results.push(
      {
        name: `census peak RSS, ${MEMORY_SCALE}× inventory (18,050 files), default jobs`,
        value: peak,
        unit: 'MB',
        ratio: peak / peakSmall,
        ratioLabel: `× at 1× (${peakSmall.toFixed(0)} MB)`,
        goal: '< 150 MB',
        met: peak < 150,
      },
      {
        name: `census peak RSS, ${MEMORY_SCALE}× inventory, --jobs 2`,
        value: peakTwoJobs,
        unit: 'MB',
        goal: '< 150 MB',
        met: peakTwoJobs < 150,
      },
    );

    // validate reads files the census's way and streams its JSON: it should cost about what the census does.
    const [validateBig, censusBig] = medianSecondsSideBySide([CLI, 'validate', '--json', big], [CLI, 'census', big, '--json', jsonOut], 3);
    const validateRatio = validateBig / censusBig;
    const validatePeak = peakRssMb([CLI, 'validate', '--json', big], scratch);
    const validatePeakSmall = peakRssMb([CLI, 'validate', '--json', inventory], scratch);
    const growth = validatePeak / peak;
    results.push(
      {
        name: `validate --json, ${MEMORY_SCALE}× inventory (18,050 files), whole process, median of 3`,
        value: validateBig,
        unit: 's',
        ratio: validateRatio,
        ratioLabel: `× census of the same corpus (${censusBig.toFixed(2)} s)`,
        goal: 'ratio ≤ 1.5',
        met: validateRatio <= 1.5,
      },
      {
        name: `validate --json peak RSS, ${MEMORY_SCALE}× inventory`,
        value: validatePeak,
        unit: 'MB',
        ratio: growth,
        ratioLabel: `× the census's peak on the same corpus; ${validatePeakSmall.toFixed(0)} MB at 1×`,
        goal: '< 150 MB, as the census, and ≤ 1.1× its peak',
        met: validatePeak < 150 && growth <= 1.1,
      },
    );

    results.push(parseThroughput(scimitar));
    return results;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
