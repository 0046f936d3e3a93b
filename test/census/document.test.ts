/**
 * The census document of a census of two files built here (a Skeleton of two bones, and the same
 * bytes with one byte more), with one path skipped: its blocks, their words and numbers worked out
 * by hand, and every file the census names a file part (a page links those), never a code part.
 */
import { describe, expect, it } from 'vitest';
import { CensusAccumulator } from '../../src/analysis/census.js';
import { censusDocument, type CensusBlock, type CensusPart } from '../../src/export/census-document.js';
import { censusMarkdown } from '../../src/export/census-markdown.js';
import { writeResource } from '../../src/formats/resource.js';
import { buildSkeleton } from '../../src/model/build.js';
import { anvilnextRecordFromSkeleton } from '../../src/model/from-records.js';
import { crc32 } from '../../src/names/crc32.js';

const skeleton = buildSkeleton({
  dialect: 'anvilnext',
  id: 0x100n,
  skeletonType: 2,
  ownTransform: { position: [0, 0, 1, 0], rotation: [0, 0, 0, 1] },
  bones: [
    { nameHash: crc32('Hips'), parent: -1, local: { position: [0, 0, 1, 0], rotation: [0, 0, 0, 1] }, mirror: 0 },
    { nameHash: crc32('Spine'), parent: 0, local: { position: [0, 0, 0, 0], rotation: [0, 0, 0, 1] }, mirror: 1 },
  ],
});
const good = writeResource({
  kind: 'Skeleton',
  dialect: 'anvilnext',
  record: anvilnextRecordFromSkeleton(skeleton),
  reading: { reflexConstraints: 'u32-length', poseBoneHeader: 'id-class' },
});
const long = new Uint8Array([...good, 0]);

function census() {
  const census = new CensusAccumulator({ names: { resolve: (hash) => (hash === crc32('Hips') ? 'Hips' : null) } });
  census.addFile('good.Skeleton', good);
  census.addFile('long.Skeleton', long);
  census.addSkippedPath('odd | pipe', 'is a FIFO; not read');
  return census.report();
}

const words = (parts: readonly CensusPart[]): string =>
  parts.map((p) => (typeof p === 'string' ? p : 'code' in p ? `<${p.code}>` : `[${p.file}]`)).join('');

/** A block in one line: its kind, then its words with code as <name> and files as [name]. */
function line(block: CensusBlock): string {
  switch (block.kind) {
    case 'heading':
      return `h${block.level} ${words(block.parts)}`;
    case 'paragraph':
      return `p ${words(block.parts)}`;
    case 'list':
      return `list ${block.items.map(words).join(' / ')}`;
    case 'table':
      return `table ${block.header.join(', ')}: ${block.rows.length} rows`;
  }
}

describe('censusDocument', () => {
  const report = census();
  const document = censusDocument(report, { title: 'Two files', source: 'here' });
  const lines = document.blocks.map(line);

  it('opens with the title, the source as code, and the summary with its layout as code', () => {
    expect(lines.slice(0, 4)).toEqual([
      'h1 Two files',
      'p Census of <here>.',
      // Two files, both Skeletons of the anvilnext header; the skipped path is no file of the census.
      'p 2 files: 2 Skeletons (2 <anvilnext>), 0 SkeletonComponents, 0 of other classes skipped.',
      // The good file's two bones are counted; of their hashes only Hips is a known name.
      'p 1 of 2 Skeleton resources consume exactly with the checked grammar; 1 is refused; their 2 bones are keyed by CRC-32 name hashes, 1 of which resolves through the name dictionary.',
    ]);
  });

  it('gives the layout its section: the portions with their confidence, the refusal below, a file part', () => {
    const start = lines.indexOf('h2 Skeleton (<anvilnext>, 64-bit ids)');
    expect(start).toBe(4);
    expect(lines[5]).toBe('p 1 of 2 Skeleton resources consume exactly with the checked grammar; 1 is refused.');
    const table = document.blocks[6]!;
    expect(table.kind).toBe('table');
    if (table.kind !== 'table') return;
    expect(table.header).toEqual(['Ordered body portion', 'Representation', 'Declared', 'Confidence']);
    // Both files are read through every portion; only the good one ends where the last one does.
    const end = table.rows.at(-1)!;
    expect(end.map(words)).toEqual([
      '(end)',
      'end of the data: the file ends exactly after the last portion',
      'Proven',
      'Observed · 1 of 2',
    ]);
    expect(table.rows.find((row) => words(row[0]!) === 'bones')!.map(words)[3]).toBe('Proven · all 2 Skeletons');
    expect(lines[7]).toBe('p Refused (1):');
    const refusal = document.blocks[8]!;
    expect(refusal.kind).toBe('list');
    if (refusal.kind !== 'list') return;
    expect(refusal.items).toHaveLength(1);
    // The extra byte is at the good file's length: the end-of-data check, at the root.
    const offset = `0x${good.length.toString(16).toUpperCase()} (${good.length})`;
    expect(refusal.items[0]![0]).toEqual({ file: 'long.Skeleton' });
    expect(words(refusal.items[0]!)).toMatch(
      new RegExp(
        `^\\[long\\.Skeleton\\]: offset ${offset.replace(/[()]/g, '\\$&')}: \\(root\\): expected the end of the data, got 1 \\(0x1\\) byte more`,
      ),
    );
    // The Bone subsection: the good file's two bones; the refusal is past the bones, so no list under it.
    expect(lines.slice(9, 12)).toEqual([
      'h3 Bone (<anvilnext>)',
      'p 2 bones in the Skeletons read to their end.',
      expect.stringMatching(/^table Bone field, /),
    ]);
    expect(document.blocks[12]!.kind).toBe('heading');
  });

  it('says the layouts the census did not meet, and lists the skipped path as a file with its reason', () => {
    expect(lines).toContain('p No Skeletons of this layout in the census.');
    expect(lines).toContain('h2 SkeletonComponent (<anvilnext>)');
    expect(lines).toContain('p No SkeletonComponents of this layout in the census.');
    expect(lines.slice(-2)).toEqual(['h2 Paths skipped unread', 'list [odd | pipe]: is a FIFO; not read']);
    const skipped = document.blocks.at(-1)!;
    expect(skipped).toEqual({ kind: 'list', items: [[{ file: 'odd | pipe' }, ': is a FIFO; not read']], verbatim: true });
  });

  it('names the files of the census as file parts only, and never one as code', () => {
    const parts = document.blocks.flatMap((b): CensusPart[] => {
      if (b.kind === 'heading' || b.kind === 'paragraph') return [...b.parts];
      if (b.kind === 'list') return b.items.flat();
      return b.rows.flat(2);
    });
    const files = parts.filter((p) => typeof p !== 'string' && 'file' in p).map((p) => (p as { file: string }).file);
    expect(new Set(files)).toEqual(new Set(['long.Skeleton', 'odd | pipe']));
    const codes = parts.filter((p) => typeof p !== 'string' && 'code' in p).map((p) => (p as { code: string }).code);
    expect(codes).not.toContain('long.Skeleton');
    expect(codes).not.toContain('good.Skeleton');
  });

  it('is what censusMarkdown writes: files in backquotes, the skipped path escaped as a table cell would be', () => {
    const markdown = censusMarkdown(report, { title: 'Two files', source: 'here' });
    expect(markdown.startsWith('# Two files\n\nCensus of `here`.\n\n2 files: 2 Skeletons (2 `anvilnext`), 0 SkeletonComponents')).toBe(
      true,
    );
    expect(markdown).toContain('\nRefused (1):\n\n- `long.Skeleton`: offset ');
    expect(markdown.endsWith('## Paths skipped unread\n\n- `odd \\| pipe`: is a FIFO; not read\n')).toBe(true);
  });
});
