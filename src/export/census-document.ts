/**
 * The census report put in words once, as plain data: headings, paragraphs, lists and tables whose
 * lines are parts (words, names set as code, files of the census). `censusMarkdown` writes it as
 * Markdown and the viewer's Census tab draws it, so both say the same sentences by construction.
 */
import { boneFields, layoutPortions, type CensusLayout, type PortionDescriptor } from '../analysis/census/portions.js';
import type { CensusReport, PortionCount } from '../analysis/census/report.js';
import type { ArchiveCensus, CensusRunReport } from '../analysis/census/archive.js';
import type { CensusRefusal } from '../analysis/census/state.js';
import { checkById } from '../analysis/checks/index.js';
import { findLayout } from '../formats/registry.js';
import { count, formatOffset, groupThousands } from '../io/format.js';
import { countByLayoutParts, notReadCounts, resolutionSentence, rootLocalSentence, valueCounts } from './census-text.js';

/**
 * One piece of a line of the census document: words (a string), a name set as code (`{ code }`:
 * a layout, a check id), or a file the census read (`{ file }`: the name it knows the file under,
 * which a page can link to the file).
 */
export type CensusPart = string | { readonly code: string } | { readonly file: string };

/** A heading of the census document; level 1 is its title, 2 a section, 3 a subsection. */
export interface CensusHeading {
  readonly kind: 'heading';
  readonly level: 1 | 2 | 3;
  readonly parts: readonly CensusPart[];
}

/** A paragraph of the census document: one or more sentences. */
export interface CensusParagraph {
  readonly kind: 'paragraph';
  readonly parts: readonly CensusPart[];
}

/** A list of the census document (refusals, offenders, paths skipped), an item per line. */
export interface CensusList {
  readonly kind: 'list';
  readonly items: readonly (readonly CensusPart[])[];
  /**
   * True when the items' words are not the census's but what the file system said (the reasons
   * paths were skipped): a renderer keeps each item on one line, and Markdown escapes them as it
   * escapes table cells.
   */
  readonly verbatim?: boolean;
}

/** A table of the census document: a header of plain words, and rows of cells of parts. */
export interface CensusTable {
  readonly kind: 'table';
  readonly header: readonly string[];
  /** Each column's alignment, when a column is not aligned left (the archives' counts). */
  readonly align?: readonly ('left' | 'right')[];
  readonly rows: readonly (readonly (readonly CensusPart[])[])[];
}

/** One block of the census document. */
export type CensusBlock = CensusHeading | CensusParagraph | CensusList | CensusTable;

/** The census report in words: its blocks in reading order. */
export interface CensusDocument {
  readonly blocks: readonly CensusBlock[];
}

/** The heading, source line and refusal limit of {@link censusDocument}. */
export interface CensusDocumentOptions {
  /** The heading; default `Skeleton census`. */
  title?: string;
  /** Where the files came from, said under the heading (e.g. the folder). */
  source?: string;
  /** Refusals listed below a table at most; the JSON report lists them all. Default 25. */
  maxRefusalsListed?: number;
}

type Parts = CensusPart[];

const fmt = groupThousands;
const plural = count;
const code = (text: string): CensusPart => ({ code: text });
const file = (name: string): CensusPart => ({ file: name });
const heading = (level: 1 | 2 | 3, ...parts: Parts): CensusBlock => ({ kind: 'heading', level, parts });
const paragraph = (...parts: Parts): CensusBlock => ({ kind: 'paragraph', parts });
const list = (items: Parts[]): CensusBlock => ({ kind: 'list', items });

/** Words of the declarations, whose names are written between backquotes: those pieces as code. */
function prose(text: string): Parts {
  const pieces = text.split('`');
  // An unpaired backquote stays a backquote, in the words.
  const last = pieces.length % 2 === 0 ? `\`${pieces.pop()!}` : '';
  const parts: Parts = pieces.map((piece, i) => (i % 2 === 1 ? code(piece) : piece));
  if (last !== '') parts.push(last);
  return parts.filter((p) => p !== '');
}

/** `Proven · all N Skeletons` when every one held, else `Observed · M of N`. */
export function censusConfidence(held: number, total: number, noun: string): string {
  if (total > 0 && held === total) return `Proven · all ${plural(total, noun)}`;
  return `Observed · ${fmt(held)} of ${fmt(total)}`;
}

function layoutTitle(layout: CensusLayout): Parts {
  if (layout === 'component') return ['SkeletonComponent (', code('anvilnext'), ')'];
  const described = findLayout(layout);
  if (described === undefined) return ['Skeleton (', code(layout), ')'];
  const bits = described.idHexWidth === 8 ? 32 : 64;
  const title =
    described.source === 'seed' && described.family === 'anvilnext'
      ? ''
      : `${described.title}${described.source === 'seed' ? '' : ', public reading'}, `;
  return ['Skeleton (', code(layout), `, ${title}${bits}-bit ids)`];
}

const nounOf = (layout: CensusLayout): string => (layout === 'component' ? 'SkeletonComponent' : 'Skeleton');

function representation(p: PortionDescriptor): string {
  if (!p.note || p.note.startsWith(p.representation)) return p.note || p.representation;
  return `${p.representation}: ${p.note}`;
}

/** `All 7 Skeleton resources consume` / `The 1 Skeleton resource consumes`. */
function allConsume(n: number, noun: string): string {
  return n === 1 ? `The 1 ${noun} consumes` : `All ${fmt(n)} ${noun}s consume`;
}

function portionTable(
  first: string,
  rows: readonly PortionDescriptor[],
  counts: readonly PortionCount[],
  total: number,
  noun: string,
): CensusBlock {
  const byName = new Map(counts.map((c) => [c.name, c]));
  return {
    kind: 'table',
    header: [first, 'Representation', 'Declared', 'Confidence'],
    rows: rows.map((row) => [
      prose(row.name),
      prose(representation(row)),
      [row.declared],
      [censusConfidence(byName.get(row.name)?.held ?? 0, total, noun)],
    ]),
  };
}

/** The refusal's message already names the offset and the field path (`offset 0x1E (30): bones[0].classHash: …`). */
function refusalLine(r: CensusRefusal): Parts {
  const others = (r.candidates ?? []).slice(1).map((c) => `${c.dialect} stops at offset ${formatOffset(c.offset)} (${c.path})`);
  return [file(r.file), `: ${r.message}${others.length > 0 ? `; ${others.join('; ')}` : ''}`];
}

/** The first `max` refusals, then how many more there are. */
function refusalItems(refusals: readonly CensusRefusal[], max: number): Parts[] {
  const items = refusals.slice(0, max).map(refusalLine);
  if (refusals.length > max) items.push([`… and ${fmt(refusals.length - max)} more (the JSON report lists every one)`]);
  return items;
}

function refusalList(refusals: readonly CensusRefusal[], max: number): CensusBlock[] {
  if (refusals.length === 0) return [];
  return [paragraph(`Refused (${fmt(refusals.length)}):`), list(refusalItems(refusals, max))];
}

function layoutRefusals(report: CensusReport, layout: CensusLayout): CensusRefusal[] {
  return report.refusals.filter((r) =>
    layout === 'component' ? r.kind === 'SkeletonComponent' : r.kind === 'Skeleton' && r.dialect === layout,
  );
}

function layoutSection(report: CensusReport, layout: CensusLayout, max: number): CensusBlock[] {
  const l = report.layouts[layout] ?? { files: 0, exact: 0, portions: [], boneFields: [] };
  const noun = nounOf(layout);
  const blocks = [heading(2, ...layoutTitle(layout))];
  if (l.files === 0) return [...blocks, paragraph(`No ${noun}s of this layout in the census.`)];
  const refused = l.files - l.exact;
  blocks.push(
    paragraph(
      refused === 0
        ? `${allConsume(l.files, `${noun} resource`)} exactly with the checked grammar, with no refusals.`
        : `${fmt(l.exact)} of ${plural(l.files, `${noun} resource`)} consume exactly with the checked grammar; ${fmt(refused)} ${refused === 1 ? 'is' : 'are'} refused.`,
    ),
    portionTable('Ordered body portion', layoutPortions(layout, report.reading), l.portions, l.files, noun),
  );
  const refusals = layoutRefusals(report, layout);
  blocks.push(...refusalList(refusals, max));
  if (layout !== 'component') {
    const bones = report.bonesByDialect[layout];
    blocks.push(
      heading(3, 'Bone (', code(layout), ')'),
      paragraph(`${plural(bones, 'bone')} in the Skeletons read to their end.`),
      portionTable('Bone field', boneFields(layout), l.boneFields, l.files, noun),
    );
    const inBones = refusals.filter((r) => /^bones\[\d+\]\./.test(r.path));
    blocks.push(...refusalList(inBones, max));
  }
  return blocks;
}

/** The first few components with an id not found, named with those ids. */
function missingList(r: CensusReport['components']['resolution']): Parts {
  const incomplete = r.components.filter((c) => c.missing.length > 0);
  if (incomplete.length === 0) return [];
  const shown = incomplete.slice(0, 10);
  const parts: Parts = [' Not found: '];
  shown.forEach((c, i) => parts.push(...(i > 0 ? ['; '] : []), file(c.file), ` (${c.missing.join(', ')})`));
  parts.push(`${incomplete.length > shown.length ? `, and ${fmt(incomplete.length - shown.length)} more` : ''}.`);
  return parts;
}

function componentBlocks(report: CensusReport): CensusBlock[] {
  const c = report.components;
  if (c.exact === 0) return [];
  const npc =
    c.addons['0'] !== undefined && c.tracks['0'] !== undefined ? ' Components with no addons and no tracks have a 56-byte body (NPC).' : '';
  return [
    paragraph(
      `${plural(c.total, 'SkeletonComponent')} ${c.total === 1 ? 'is' : 'are'} stored. Length is 56 + 10 × addons + 20 × track definitions on ${fmt(c.lengthRuleHolds)} of the ${fmt(c.exact)} read to their end.${npc}`,
    ),
    paragraph(`Addon references per component: ${valueCounts(c.addons)}. Track definitions per component: ${valueCounts(c.tracks)}.`),
    paragraph(`References: ${resolutionSentence(c.resolution)}`, ...missingList(c.resolution)),
  ];
}

function typeAndRootBlocks(report: CensusReport): CensusBlock[] {
  const blocks: CensusBlock[] = [];
  const types = Object.entries(report.skeletonTypes);
  if (types.length > 0) {
    blocks.push(
      heading(2, 'SkeletonType'),
      paragraph(`SkeletonType values (u32 enum 0x9C78EB24) that occur: ${types.map(([value]) => value).join(', ')}.`),
      { kind: 'table', header: ['SkeletonType', 'Skeletons'], rows: types.map(([value, n]) => [[value], [fmt(n)]]) },
    );
  }
  if (report.rootLocalCompared > 0) {
    blocks.push(
      heading(2, 'Root local and own transform'),
      paragraph(
        `${rootLocalSentence(report)} Equal means all eight stored f32 lanes equal. At run time the own transform replaces the root local either way.`,
      ),
    );
  }
  return blocks;
}

function checkBlocks(report: CensusReport): CensusBlock[] {
  const entries = Object.entries(report.checks);
  if (entries.length === 0) return [];
  const rows: Parts[][] = [];
  const offenders: Parts[] = [];
  for (const [id, c] of entries) {
    const applicable = c.held + c.failed + c.noted;
    const check = checkById(id);
    const statement = check?.statement ?? c.title;
    const byDialect = Object.entries(check?.confidenceByDialect ?? {});
    const declared =
      byDialect.length > 0 ? byDialect.map(([dialect, confidence]) => `${confidence} (${dialect})`).join(', ') : (c.confidence ?? '');
    rows.push([
      [code(id)],
      prose(statement),
      [declared],
      [applicable === 0 ? 'not applicable' : censusConfidence(c.held, applicable, 'Skeleton')],
      [fmt(c.offenders)],
    ]);
    for (const e of c.examples) offenders.push([code(id), ': ', file(e.file), ` bone ${e.bone}: ${e.message}`]);
  }
  const blocks: CensusBlock[] = [
    heading(2, 'Named checks'),
    { kind: 'table', header: ['Check', 'Statement', 'Declared', 'Confidence', 'Offenders'], rows },
  ];
  if (offenders.length > 0) blocks.push(paragraph('First offenders:'), list(offenders));
  return blocks;
}

function summaryBlocks(report: CensusReport): CensusBlock[] {
  const s = report.skeletons;
  const files = paragraph(
    `${plural(report.files, 'file')}: `,
    ...countByLayoutParts(s.total, s.byDialect, 'Skeleton', code),
    `, ${plural(report.components.total, 'SkeletonComponent')}, ${fmt(report.skipped)} of other classes skipped${notReadCounts(report)}.`,
  );
  if (s.total === 0) return [files, paragraph('No Skeleton was read.')];
  const bones = `${report.bones === 1 ? 'its 1 bone is' : `their ${plural(report.bones, 'bone')} are`} keyed by CRC-32 name hashes, ${fmt(report.names.resolved)} of which ${report.names.resolved === 1 ? 'resolves' : 'resolve'} through the name dictionary`;
  // The other refusals (components, unreadable files, archives) are not the Skeletons': said apart.
  const others = report.refusals.length - s.refused;
  const exact =
    s.refused === 0
      ? `${allConsume(s.total, 'Skeleton resource')} exactly with the checked grammar, with no refusals; ${bones}.`
      : `${fmt(s.exact)} of ${plural(s.total, 'Skeleton resource')} consume exactly with the checked grammar; ${fmt(s.refused)} ${s.refused === 1 ? 'is' : 'are'} refused${others > 0 ? ` (${plural(report.refusals.length, 'refusal')} in all, counting other files and archives)` : ''}; ${bones}.`;
  return [files, paragraph(exact)];
}

/** Files no layout read (unreadable, named but of another class, too short for their class), what archives refused, and paths skipped unread. */
function unreadBlocks(report: CensusReport, max: number): CensusBlock[] {
  const blocks: CensusBlock[] = [];
  const sections: [string, CensusRefusal[]][] = [
    ['Files no layout read', report.refusals.filter((r) => r.dialect === null && r.kind !== 'archive')],
    ['Archive refusals', report.refusals.filter((r) => r.kind === 'archive')],
  ];
  for (const [title, refusals] of sections) {
    if (refusals.length > 0) blocks.push(heading(2, title), list(refusalItems(refusals, max)));
  }
  const skipped = report.skippedPaths;
  if (skipped.length > 0) {
    const items: Parts[] = skipped.slice(0, max).map((p) => [file(p.path), `: ${p.reason}`]);
    if (skipped.length > max) items.push([`… and ${fmt(skipped.length - max)} more`]);
    blocks.push(heading(2, 'Paths skipped unread'), { kind: 'list', items, verbatim: true });
  }
  return blocks;
}

/** The archives of a census: a heading and a table of their counts; no blocks when it read none. */
export function archiveCensusBlocks(archives: readonly ArchiveCensus[]): CensusBlock[] {
  if (archives.length === 0) return [];
  const header = [
    'archive',
    'version',
    'profile',
    'entries',
    'data files read',
    'skipped by type',
    'resources',
    'Skeletons',
    'SkeletonComponents',
    'refused',
  ];
  const rows = archives.map((a) => {
    const numbers = [a.entries, a.dataFilesRead, a.dataFilesSkipped, a.resources, a.skeletons, a.skeletonComponents, a.refused];
    return [[a.archive], [a.version === null ? 'refused' : String(a.version)], [a.profile ?? '–'], ...numbers.map((n) => [fmt(n)])];
  });
  const align = header.map((_, i): 'left' | 'right' => (i === 0 || i === 2 ? 'left' : 'right'));
  return [heading(2, 'Archives'), { kind: 'table', header, align, rows }];
}

/**
 * The census report as a document: the title and source, the summary, per layout the ordered
 * portions and Bone fields with their confidence (`Proven · all N Skeletons` only when every file
 * held the row) and the refusals below each table, the components, the SkeletonType spread, the
 * root-local comparison, the named checks, the files and paths not read, and the archives. Every
 * sentence of the census reports is here. Never throws on a report {@link CensusAccumulator.report} made.
 */
export function censusDocument(report: CensusRunReport, options: CensusDocumentOptions = {}): CensusDocument {
  const max = options.maxRefusalsListed ?? 25;
  const blocks = [heading(1, options.title ?? 'Skeleton census')];
  if (options.source) blocks.push(paragraph('Census of ', code(options.source), '.'));
  blocks.push(...summaryBlocks(report));
  // The seed's two layouts always have a section; a sibling's only when the census met one.
  for (const layout of Object.keys(report.layouts)) {
    if (layout === 'component') continue;
    if (findLayout(layout)?.source !== 'seed' && report.layouts[layout]!.files === 0) continue;
    blocks.push(...layoutSection(report, layout, max));
  }
  blocks.push(
    ...layoutSection(report, 'component', max),
    ...componentBlocks(report),
    ...typeAndRootBlocks(report),
    ...checkBlocks(report),
    ...unreadBlocks(report, max),
    ...archiveCensusBlocks(report.archives ?? []),
  );
  return { blocks };
}
