/**
 * `assemble` of every SkeletonComponent of the inventory-scale synthetic corpus (146 components),
 * whole process, side by side (alternating) with the census of the same corpus. Goal: ≤ 2× the
 * census.
 *
 * The generator's components name Skeleton ids of the corpus (each main and addon is one of its
 * anvilnext Skeletons, picked at random), so every reference resolves when the whole corpus is the
 * search path, and this measures the real work: indexing 1,806 files by header, reading the
 * Skeletons the components name, assembling each rig. Random rigs share few bone names, so most
 * addon bones are appended and many hang from the root (reported): more work per rig, not less.
 *
 * Needs `npm run build` first (`CENSUS_CLI=path` runs another entry script, as in census.bench.ts).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inventoryCorpus } from '../src/samples/inventory.js';
import { median, type BenchResult } from './lib.js';
import { installedCli, timedRun } from './processes.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = process.env.CENSUS_CLI ?? installedCli(ROOT);
const RUNS = 9;

export async function run(): Promise<BenchResult[]> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
  const scratch = mkdtempSync(join(tmpdir(), 'anvil-assemble-bench-'));
  try {
    const inventory = join(scratch, 'inventory');
    for (const file of inventoryCorpus()) {
      const path = join(inventory, file.path);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, file.bytes);
    }
    const report = join(scratch, 'assemblies.json');
    const assembleArgs = [CLI, 'assemble', inventory, '--search', inventory, '-o', report];
    const censusArgs = [CLI, 'census', inventory, '--json', join(scratch, 'census.json')];
    timedRun(assembleArgs);
    timedRun(censusArgs);
    const summary = (JSON.parse(readFileSync(report, 'utf8')) as { summary: { components: number; assembled: number; complete: number } })
      .summary;
    if (summary.components !== 146 || summary.assembled !== 146 || summary.complete !== 146)
      throw new Error(`the assembly of the inventory is wrong: ${JSON.stringify(summary)}`);
    const assembleTimes: number[] = [];
    const censusTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      assembleTimes.push(timedRun(assembleArgs));
      censusTimes.push(timedRun(censusArgs));
    }
    const assembleSeconds = median(assembleTimes);
    const censusSeconds = median(censusTimes);
    const ratio = assembleSeconds / censusSeconds;
    return [
      {
        name: `assemble, the 146 components of the inventory (1,806 files searched), whole process, median of ${RUNS}`,
        value: assembleSeconds,
        unit: 's',
        ratio,
        ratioLabel: `× census of the same corpus (${censusSeconds.toFixed(3)} s)`,
        goal: 'ratio ≤ 2',
        met: ratio <= 2,
      },
    ];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
