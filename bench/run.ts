/** Runs every `bench/*.bench.ts` (or those whose name contains an argument) and prints results. */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatBenchResult, type BenchResult } from './lib.js';

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

let missed = 0;
for (const file of files) {
  process.stderr.write(`# ${file}\n`);
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { run: () => Promise<BenchResult[]> };
  for (const result of await mod.run()) {
    process.stdout.write(`${formatBenchResult(result)}\n`);
    if (result.met === false) missed++;
  }
}
if (missed > 0) process.stdout.write(`${missed} goal(s) not met in this run\n`);
