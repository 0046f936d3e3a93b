/**
 * The census's own work on Skeletons, in one warm process, against decoding alone:
 *
 * (a) `CensusAccumulator.addFile` (decode, model, names, checks, tallies) over every Skeleton of the
 *     inventory corpus, against `validateResourceBytes` (the header's layout and the generated
 *     reader to the exact end: what the census decodes, and nothing else) over the same bytes.
 *     Passes alternate, so the machine's load weighs on both alike; medians of the passes.
 *     Goal: ≤ 2× the decode-only time.
 * (b) start-up: `node dist/cli.cjs census EMPTY_DIR --json FILE` (the package's command) against
 *     `node -e 0`, alternating, with the code cache a first run wrote (as every start after the
 *     first has it). Goal: ≤ 1.3×. Also measured, with no goal: the same with the cache off.
 *
 * Runs from the sources (tsx) for (a) and needs `npm run build` for (b).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CensusAccumulator } from '../src/analysis/census.js';
import { validateResourceBytes } from '../src/analysis/validate-resource.js';
import { builtInDictionary } from '../src/names/dictionary.js';
import { CODE_CACHE_ENV_VAR } from '../src/node/bundle-loader.js';
import { inventoryCorpus } from '../src/samples/inventory.js';
import { median, type BenchResult } from './lib.js';
import { installedCli, medianSecondsSideBySide } from './processes.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = installedCli(ROOT);
const WARM_PASSES = 5;
const PASSES = 15;
const STARTUP_RUNS = 15;

/** The Skeleton files of the inventory corpus (the components are few, and cost little). */
export function inventorySkeletons(): { path: string; bytes: Uint8Array }[] {
  return [...inventoryCorpus({ scale: 1 })].filter((file) => file.path.endsWith('.Skeleton'));
}

/** Median seconds of a census pass and of a decode-only pass over `files`, passes alternating. */
export function censusAgainstDecode(files: readonly { path: string; bytes: Uint8Array }[]): {
  census: number;
  decode: number;
  exact: number;
} {
  const names = builtInDictionary();
  let exact = 0;
  const censusPass = (): void => {
    const census = new CensusAccumulator({ names });
    for (const file of files) census.addFile(file.path, file.bytes);
    exact = census.report().skeletons.exact;
  };
  let decoded = 0;
  const decodePass = (): void => {
    decoded = 0;
    for (const file of files) if (validateResourceBytes(file.bytes).status === 'decoded') decoded++;
  };
  for (let i = 0; i < WARM_PASSES; i++) {
    censusPass();
    decodePass();
  }
  if (exact !== files.length || decoded !== files.length)
    throw new Error(`expected ${files.length} Skeletons read to their end: the census read ${exact}, the decoder ${decoded}`);
  const census: number[] = [];
  const decode: number[] = [];
  for (let i = 0; i < PASSES; i++) {
    let started = performance.now();
    censusPass();
    census.push((performance.now() - started) / 1000);
    started = performance.now();
    decodePass();
    decode.push((performance.now() - started) / 1000);
  }
  return { census: median(census), decode: median(decode), exact };
}

export async function run(): Promise<BenchResult[]> {
  const files = inventorySkeletons();
  const { census, decode } = censusAgainstDecode(files);
  const ratio = census / decode;
  const each = (s: number): string => `${((s / files.length) * 1e6).toFixed(0)} µs`;
  const results: BenchResult[] = [
    {
      name: `census's own work, ${files.length.toLocaleString('en-US')} inventory Skeletons, one warm process (${each(census)} a Skeleton), median of ${PASSES}`,
      value: census * 1000,
      unit: 'ms',
      ratio,
      ratioLabel: `× decode-only of the same Skeletons (${(decode * 1000).toFixed(1)} ms, ${each(decode)} a Skeleton)`,
      goal: 'ratio ≤ 2',
      met: ratio <= 2,
    },
  ];
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
  const scratch = mkdtempSync(join(tmpdir(), 'anvil-startup-bench-'));
  try {
    const empty = join(scratch, 'empty');
    mkdirSync(empty);
    const census = [CLI, 'census', empty, '--json', join(scratch, 'census.json')];
    // The spawned commands inherit this variable: a code cache of this run's own, written by the first run.
    const cacheSetting = process.env[CODE_CACHE_ENV_VAR];
    let startup: number;
    let bare: number;
    let uncached: number;
    let bareUncached: number;
    try {
      process.env[CODE_CACHE_ENV_VAR] = join(scratch, 'code-cache');
      [startup, bare] = medianSecondsSideBySide(census, ['-e', '0'], STARTUP_RUNS);
      process.env[CODE_CACHE_ENV_VAR] = 'off';
      // Against its own `node -e 0`, measured beside it: the machine's speed drifts between the two.
      [uncached, bareUncached] = medianSecondsSideBySide(census, ['-e', '0'], STARTUP_RUNS);
    } finally {
      if (cacheSetting === undefined) delete process.env[CODE_CACHE_ENV_VAR];
      else process.env[CODE_CACHE_ENV_VAR] = cacheSetting;
    }
    const startupRatio = startup / bare;
    results.push({
      name: `start-up: census of an empty folder, whole process, median of ${STARTUP_RUNS}`,
      value: startup * 1000,
      unit: 'ms',
      ratio: startupRatio,
      ratioLabel: `× \`node -e 0\` (${(bare * 1000).toFixed(0)} ms)`,
      goal: 'ratio ≤ 1.3',
      met: startupRatio <= 1.3,
    });
    results.push({
      name: `start-up with the code cache off (${CODE_CACHE_ENV_VAR}=off), median of ${STARTUP_RUNS}`,
      value: uncached * 1000,
      unit: 'ms',
      ratio: uncached / bareUncached,
      ratioLabel: `× \`node -e 0\` (${(bareUncached * 1000).toFixed(0)} ms)`,
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return results;
}
