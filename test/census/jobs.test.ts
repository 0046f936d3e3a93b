import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCensus } from '../../src/node/census.js';
import { defaultCensusJobs } from '../../src/node/census-pool.js';
import { walkInputs, type InputWalk } from '../../src/node/files.js';
import { toJsonText } from '../../src/export/json.js';
import { ANVILNEXT_READING_DEFAULTS } from '../../src/formats/anvilnext/reading.js';
import { plantedCorpus, runCensusCli, type PlantedCorpus } from './helpers.js';

let corpus: PlantedCorpus;
let walk: InputWalk;

beforeAll(async () => {
  corpus = plantedCorpus();
  walk = walkInputs([corpus.dir]);
});
afterAll(() => rmSync(corpus.dir, { recursive: true, force: true }));

const options = (jobs: number) => ({
  reading: ANVILNEXT_READING_DEFAULTS,
  jobs,
  filesPerThread: 0,
  walk,
});

describe('the default number of census threads', () => {
  it('leaves one core free and is never below one thread', () => {
    expect([1, 2, 3, 8, 64].map((cores) => defaultCensusJobs(cores))).toEqual([1, 1, 2, 7, 63]);
  });
});

describe('census with worker threads', () => {
  it('gives identical JSON for jobs=1 (in-process) and jobs=2 (the main thread and a worker)', async () => {
    let progress = 0;
    const one = toJsonText(await runCensus([corpus.dir], options(1)));
    const two = toJsonText(await runCensus([corpus.dir], { ...options(2), onProgress: ({ done }) => (progress = done) }));
    expect(two).toBe(one);
    expect(progress).toBe(walk.files.length);
    expect(JSON.parse(two).refusals).toHaveLength(7);
  });

  it('gives identical JSON with three threads for any order of the files', async () => {
    const one = toJsonText(await runCensus([corpus.dir], options(1)));
    const three = toJsonText(await runCensus([corpus.dir], { ...options(3), walk: { ...walk, files: [...walk.files].reverse() } }));
    expect(three).toBe(one);
  });
});

describe('stopping a census', () => {
  it('rejects with the reason of a signal already aborted, reading nothing', async () => {
    let progressed = false;
    const census = runCensus([corpus.dir], {
      ...options(1),
      signal: AbortSignal.abort(new Error('stopped')),
      onProgress: () => (progressed = true),
    });
    await expect(census).rejects.toThrow('stopped');
    expect(progressed).toBe(false);
  });

  it('rejects with the reason when aborted after the first batch, with a worker running', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const census = runCensus([corpus.dir], {
      ...options(2),
      signal: controller.signal,
      onProgress: ({ done }) => {
        seen.push(done);
        controller.abort(new Error('stopped mid-way'));
      },
    });
    await expect(census).rejects.toThrow('stopped mid-way');
    // The walk found more files than one batch of the main thread (16): the census stopped before the end.
    expect(walk.files.length).toBeGreaterThan(16);
    expect(Math.max(...seen)).toBeLessThan(walk.files.length);
  });
});

describe('census command options', () => {
  it('writes the Markdown and the JSON atomically to files', async () => {
    const json = join(corpus.dir, 'out', 'census.json');
    const markdown = join(corpus.dir, 'out', 'census.md');
    const run = await runCensusCli([join(corpus.dir, 'samples'), '--json', json, '--markdown', markdown, '--jobs', '2']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('All 8 Skeletons consume exactly');
    expect(JSON.parse(readFileSync(json, 'utf8')).skeletons.total).toBe(8);
    expect(readFileSync(markdown, 'utf8')).toContain('Proven · all 7 Skeletons');
  });

  it('prints only the Markdown on stdout with --markdown -', async () => {
    const run = await runCensusCli([join(corpus.dir, 'samples'), '--markdown', '-']);
    expect(run.code).toBe(0);
    expect(run.stdout.startsWith('# Skeleton census')).toBe(true);
    expect(run.stdout).not.toContain('Checks: ');
  });

  it('refuses usage errors with exit 2', async () => {
    expect((await runCensusCli(['--jobs', '0'])).code).toBe(2);
    expect((await runCensusCli(['--jobs', 'many'])).code).toBe(2);
    expect((await runCensusCli(['--json', '-', '--markdown', '-'])).code).toBe(2);
    expect((await runCensusCli([join(corpus.dir, 'no-such-dir')])).code).toBe(2);
    expect((await runCensusCli(['--reading', 'nope=1'])).code).toBe(2);
    expect((await runCensusCli(['--dialect', 'other'])).code).toBe(2);
  });

  it('reads user name lists given with --names', async () => {
    const names = join(corpus.dir, 'samples', 'names.txt');
    const plain = JSON.parse((await runCensusCli([join(corpus.dir, 'samples'), '--json', '-'])).stdout);
    const named = JSON.parse((await runCensusCli([join(corpus.dir, 'samples'), '--json', '-', '--names', names])).stdout);
    expect(plain.names.resolved).toBeLessThan(plain.names.total);
    expect(named.names).toEqual({ resolved: 118, total: 118 });
  });
});
