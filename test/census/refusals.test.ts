import { readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CensusAccumulator, type CensusReport } from '../../src/analysis/census.js';
import { addPaths } from '../../src/node/census-files.js';
import { plantedCorpus, runCensusCli, type PlantedCorpus } from './helpers.js';

let corpus: PlantedCorpus;
let report: CensusReport;
let run: Awaited<ReturnType<typeof runCensusCli>>;

beforeAll(async () => {
  corpus = plantedCorpus();
  run = await runCensusCli([corpus.dir, '--json', '-']);
  report = JSON.parse(run.stdout) as CensusReport;
});
afterAll(() => rmSync(corpus.dir, { recursive: true, force: true }));

describe('census of a corpus with planted bad files', () => {
  it('lists exactly the planted files as refusals, with their offsets and field paths, sorted by file', () => {
    const listed = report.refusals.map((r) => ({
      file: relative(corpus.dir, r.file),
      offset: r.offset,
      path: r.path,
      kind: r.kind,
      dialect: r.dialect,
    }));
    const expected = Object.entries(corpus.refused)
      .map(([file, r]) => ({ file, ...r }))
      .sort((a, b) => (a.file < b.file ? -1 : 1));
    expect(listed).toEqual(expected);
    for (const r of report.refusals.filter((r) => r.dialect !== null)) expect(r.message).toMatch(/^offset 0x[0-9A-F]+ \(\d+\): /);
    expect(report.refusals.find((r) => r.file.endsWith('empty.Skeleton'))!.message).toBe('ends at byte 0, before the class at offset 8');
  });

  it('counts every good file, skips the text, refuses the empty Skeleton, and reports the symlink loop', () => {
    expect(report.files).toBe(12 + 8); // the samples, six planted resources, a text file, an empty file
    expect(report.skipped).toBe(2 + 1); // the samples' README and names.txt, the text file
    expect(report.skippedPaths).toEqual([
      { path: join(corpus.dir, 'planted', 'deeper', 'loop'), reason: 'symlink loop: a link back to a directory being walked' },
    ]);
    expect(report.skeletons).toEqual({
      total: 13,
      exact: 8,
      refused: 5,
      byDialect: { anvilnext: 11, scimitar: 2 },
      exactByDialect: { anvilnext: 7, scimitar: 1 },
    });
    expect(report.components).toMatchObject({ total: 3, exact: 2, refused: 1 });
    expect(report.bones).toBe(118); // only the Skeletons read to their end
    expect(report.skeletonTypes).toEqual({ '1': 1, '5': 1, '8': 5 });
    expect(report.ok).toBe(false);
  });

  it('attributes each refusal to its portion and Bone field', () => {
    const portion = (layout: 'anvilnext' | 'scimitar' | 'component', name: string) =>
      report.layouts[layout].portions.find((p) => p.name === name)!;
    const field = (layout: 'anvilnext' | 'scimitar', name: string) => report.layouts[layout].boneFields.find((p) => p.name === name)!;
    expect(portion('anvilnext', 'skeletonType')).toEqual({ name: 'skeletonType', held: 11, failed: 0 });
    // Truncated, flipped and inflated stop in the bones; the trailing byte gets past them.
    expect(portion('anvilnext', 'bones')).toEqual({ name: 'bones', held: 8, failed: 3 });
    expect(portion('anvilnext', 'trailingWords')).toEqual({ name: 'trailingWords', held: 8, failed: 0 });
    expect(portion('anvilnext', '(end)')).toEqual({ name: '(end)', held: 7, failed: 1 });
    expect(field('anvilnext', 'classHash')).toEqual({ name: 'classHash', held: 8, failed: 1 });
    expect(field('anvilnext', 'words')).toEqual({ name: 'words', held: 8, failed: 1 });
    expect(field('scimitar', 'classHash')).toEqual({ name: 'classHash', held: 1, failed: 1 });
    expect(portion('scimitar', 'unknown0')).toEqual({ name: 'unknown0', held: 2, failed: 0 });
    expect(portion('component', 'windForce')).toEqual({ name: 'windForce', held: 3, failed: 0 });
    expect(portion('component', '(end)')).toEqual({ name: '(end)', held: 2, failed: 1 });
  });

  it('exits 1 and prints one line per refusal on stderr', () => {
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(7);
    expect(lines[0]).toBe(
      `${join(corpus.dir, 'planted', 'b.dat')}: offset 0x1E (30): bones[0].classHash: expected 0x95741049 (Bone), got 0x95741009`,
    );
  });

  it('counts a file that vanished before it was read as unreadable, never a crash', () => {
    const census = new CensusAccumulator();
    addPaths(census, [
      { path: join(corpus.dir, 'no-such-file'), explicit: false },
      { path: join(corpus.dir, 'samples', 'scimitar', 'SWS_Skater.Skeleton'), explicit: false },
    ]);
    const r = census.report();
    expect(r.files).toBe(2);
    expect(r.unreadable).toBe(1);
    expect(r.skeletons.exact).toBe(1);
    expect(r.refusals).toEqual([expect.objectContaining({ kind: 'unreadable', offset: null, path: '(file)' })]);
    expect(r.ok).toBe(false);
  });

  it('refuses rather than crashes on random bytes behind a Skeleton header', () => {
    const census = new CensusAccumulator();
    const rider = readFileSync('samples/anvilnext/MAD_CHR_Skel_U.Skeleton');
    let seed = 7;
    for (let i = 0; i < 200; i++) {
      const bytes = Buffer.from(rider.subarray(0, 40 + ((i * 37) % rider.length)));
      for (let j = 21; j < bytes.length; j += 1 + (i % 13)) bytes[j] = (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
      census.addFile(`f${i}`, bytes);
    }
    const r = census.report();
    expect(r.files).toBe(200);
    expect(r.skeletons.total).toBe(200);
    // `refused` is derived as total − exact; the refusal list is kept apart, so together with the
    // exact count it must account for every file once.
    const refused = r.refusals.map((refusal) => refusal.file);
    expect(new Set(refused).size).toBe(refused.length);
    expect(r.skeletons.exact + refused.length).toBe(200);
  });
});
