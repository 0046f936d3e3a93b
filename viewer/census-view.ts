/**
 * The Census tab, drawn from the census report itself (the library's `CensusReport`) straight to
 * DOM: the same sections, sentences and numbers as `censusMarkdown`, each a heading, paragraph,
 * list or table, and every file the report names a link to it when it is listed.
 */
import {
  checkById,
  findLayout,
  layoutByName,
  type CensusLayout,
  type CensusRefusal,
  type CensusReport,
  type FieldInfo,
  type PortionCount,
} from '../src/index.js';
import { count, el } from './dom.js';

/** The id a listed file is selected by, from the name the census knows it under; null when not listed. */
export type FileIdOf = (name: string) => string | null;

/** How many refusals a list shows below a table at most (the JSON report lists them all), as `censusMarkdown` does. */
const MAX_LISTED = 25;

/** `1 file`, `1,829 files`: a count with its noun, as the census words counts. */
const counted = (n: number, noun: string): string => `${count(n)} ${n === 1 ? noun : `${noun}s`}`;

type Part = string | Node;

/** The parts of one line of a report: text, and the names set as code (links when they name a listed file). */
class Writer {
  constructor(private readonly fileIdOf: FileIdOf) {}

  /** A name set as code, linked to its file when the name is a listed file's. */
  code(text: string): Node {
    const code = el('code', '', text);
    const id = this.fileIdOf(text);
    if (id === null) return code;
    const a = el('a');
    a.href = `#file=${encodeURIComponent(id)}`;
    a.append(code);
    return a;
  }

  /** Prose of the declarations, whose names are written between backquotes: those set as code. */
  prose(text: string): Part[] {
    return text.split('`').map((piece, i) => (i % 2 === 1 ? this.code(piece) : piece));
  }

  block<K extends 'p' | 'li' | 'h1' | 'h2' | 'h3'>(tag: K, parts: Part[]): HTMLElementTagNameMap[K] {
    const node = el(tag);
    node.append(...parts);
    return node;
  }

  list(lines: Part[][]): HTMLUListElement {
    const ul = el('ul');
    for (const line of lines) ul.append(this.block('li', line));
    return ul;
  }

  table(headers: string[], rows: Part[][]): HTMLTableElement {
    const table = el('table');
    const head = table.createTHead().insertRow();
    for (const h of headers) head.append(el('th', '', h));
    const body = table.createTBody();
    for (const row of rows) {
      const tr = body.insertRow();
      for (const cell of row) tr.insertCell().append(...(typeof cell === 'string' ? this.prose(cell) : [cell]));
    }
    return table;
  }
}

/** `Proven · all N Skeletons` when every one held, else `Observed · M of N`. */
function confidence(held: number, total: number, noun: string): string {
  if (total > 0 && held === total) return `Proven · all ${counted(total, noun)}`;
  return `Observed · ${count(held)} of ${count(total)}`;
}

const nounOf = (layout: CensusLayout): string => (layout === 'component' ? 'SkeletonComponent' : 'Skeleton');

/** `All 7 Skeleton resources consume` / `The 1 Skeleton resource consumes`. */
const allConsume = (n: number, noun: string): string => (n === 1 ? `The 1 ${noun} consumes` : `All ${count(n)} ${noun}s consume`);

function layoutTitle(w: Writer, layout: CensusLayout): Part[] {
  if (layout === 'component') return ['SkeletonComponent (', w.code('anvilnext'), ')'];
  const described = findLayout(layout);
  if (described === undefined) return ['Skeleton (', w.code(layout), ')'];
  const bits = described.idHexWidth === 8 ? 32 : 64;
  const title =
    described.source === 'seed' && described.family === 'anvilnext'
      ? ''
      : `${described.title}${described.source === 'seed' ? '' : ', public reading'}, `;
  return ['Skeleton (', w.code(layout), `, ${title}${bits}-bit ids)`];
}

/** One row of a portion table as the declarations describe it. */
interface PortionRow {
  name: string;
  representation: string;
  declared: FieldInfo['confidence'];
}

const END_ROW: PortionRow = {
  name: '(end)',
  representation: 'end of the data: the file ends exactly after the last portion',
  declared: 'Proven',
};

function rowsOf(
  fields: readonly { name: string; note: string; confidence: FieldInfo['confidence']; codec: { typeName: string } }[],
): PortionRow[] {
  return fields.map((f) => {
    const type = f.codec.typeName;
    const representation = !f.note || f.note.startsWith(type) ? f.note || type : `${type}: ${f.note}`;
    return { name: f.name, representation, declared: f.confidence };
  });
}

/** The ordered portions of a layout's resource under the census's reading, then the end of the data. */
function portionRows(layout: CensusLayout, report: CensusReport): PortionRow[] {
  const codec =
    layout === 'component' ? layoutByName('anvilnext').codec('SkeletonComponent') : layoutByName(layout).codec('Skeleton', report.reading);
  return [...rowsOf(codec.fields), END_ROW];
}

function portionTable(
  w: Writer,
  heading: string,
  rows: readonly PortionRow[],
  counts: readonly PortionCount[],
  total: number,
  noun: string,
): HTMLTableElement {
  const byName = new Map(counts.map((c) => [c.name, c]));
  return w.table(
    [heading, 'Representation', 'Declared', 'Confidence'],
    rows.map((row) => [row.name, row.representation, row.declared, confidence(byName.get(row.name)?.held ?? 0, total, noun)]),
  );
}

/** The refusal's message already names the offset and the field path. */
function refusalLine(w: Writer, r: CensusRefusal): Part[] {
  const others = (r.candidates ?? [])
    .slice(1)
    .map((c) => `${c.dialect} stops at offset 0x${c.offset.toString(16).toUpperCase()} (${c.offset}) (${c.path})`);
  return [w.code(r.file), `: ${r.message}${others.length > 0 ? `; ${others.join('; ')}` : ''}`];
}

function refusalLines(w: Writer, refusals: readonly CensusRefusal[], more = ' (the JSON report lists every one)'): Part[][] {
  const lines = refusals.slice(0, MAX_LISTED).map((r) => refusalLine(w, r));
  if (refusals.length > MAX_LISTED) lines.push([`… and ${count(refusals.length - MAX_LISTED)} more${more}`]);
  return lines;
}

function refusalList(w: Writer, refusals: readonly CensusRefusal[]): Node[] {
  if (refusals.length === 0) return [];
  return [el('p', '', `Refused (${count(refusals.length)}):`), w.list(refusalLines(w, refusals))];
}

function layoutSection(w: Writer, report: CensusReport, layout: CensusLayout): Node[] {
  const l = report.layouts[layout] ?? { files: 0, exact: 0, portions: [], boneFields: [] };
  const noun = nounOf(layout);
  const out: Node[] = [w.block('h2', layoutTitle(w, layout))];
  if (l.files === 0) return [...out, el('p', '', `No ${noun}s of this layout in the census.`)];
  const refused = l.files - l.exact;
  out.push(
    el(
      'p',
      '',
      refused === 0
        ? `${allConsume(l.files, `${noun} resource`)} exactly with the checked grammar, with no refusals.`
        : `${count(l.exact)} of ${counted(l.files, `${noun} resource`)} consume exactly with the checked grammar; ${count(refused)} ${refused === 1 ? 'is' : 'are'} refused.`,
    ),
    portionTable(w, 'Ordered body portion', portionRows(layout, report), l.portions, l.files, noun),
  );
  const refusals = report.refusals.filter((r) =>
    layout === 'component' ? r.kind === 'SkeletonComponent' : r.kind === 'Skeleton' && r.dialect === layout,
  );
  out.push(...refusalList(w, refusals));
  if (layout !== 'component') {
    const bones = report.bonesByDialect[layout];
    out.push(
      w.block('h3', ['Bone (', w.code(layout), ')']),
      el('p', '', `${counted(bones, 'bone')} in the Skeletons read to their end.`),
      portionTable(w, 'Bone field', rowsOf(layoutByName(layout).bone.fields), l.boneFields, l.files, noun),
      ...refusalList(
        w,
        refusals.filter((r) => /^bones\[\d+\]\./.test(r.path)),
      ),
    );
  }
  return out;
}

/** `8 Skeletons (7 anvilnext, 1 scimitar)`: a count with the layouts it spreads over, each named as code. */
function countByLayout(w: Writer, total: number, counts: Readonly<Record<string, number>>, noun: string): Part[] {
  const layouts = Object.entries(counts).filter(([, n]) => n > 0);
  if (layouts.length === 0) return [counted(total, noun)];
  const parts: Part[] = [`${counted(total, noun)} (`];
  layouts.forEach(([layout, n], i) => parts.push(`${i > 0 ? ', ' : ''}${count(n)} `, w.code(layout)));
  parts.push(')');
  return parts;
}

function notReadCounts(report: CensusReport): string {
  const parts: string[] = [];
  if (report.unreadable > 0) parts.push(`${count(report.unreadable)} unreadable`);
  if (report.archiveRefused > 0) parts.push(`${count(report.archiveRefused)} refused in archives (tables or data files)`);
  return parts.map((p) => `, ${p}`).join('');
}

function summary(w: Writer, report: CensusReport): Node[] {
  const s = report.skeletons;
  const files = w.block('p', [
    `${counted(report.files, 'file')}: `,
    ...countByLayout(w, s.total, s.byDialect, 'Skeleton'),
    `, ${counted(report.components.total, 'SkeletonComponent')}, ${count(report.skipped)} of other classes skipped${notReadCounts(report)}.`,
  ]);
  if (s.total === 0) return [files, el('p', '', 'No Skeleton was read.')];
  const bones = `${report.bones === 1 ? 'its 1 bone is' : `their ${counted(report.bones, 'bone')} are`} keyed by CRC-32 name hashes, ${count(report.names.resolved)} of which ${report.names.resolved === 1 ? 'resolves' : 'resolve'} through the name dictionary`;
  // The other refusals (components, unreadable files, archives) are not the Skeletons': said apart.
  const others = report.refusals.length - s.refused;
  const exact =
    s.refused === 0
      ? `${allConsume(s.total, 'Skeleton resource')} exactly with the checked grammar, with no refusals; ${bones}.`
      : `${count(s.exact)} of ${counted(s.total, 'Skeleton resource')} consume exactly with the checked grammar; ${count(s.refused)} ${s.refused === 1 ? 'is' : 'are'} refused${others > 0 ? ` (${counted(report.refusals.length, 'refusal')} in all, counting other files and archives)` : ''}; ${bones}.`;
  return [files, el('p', '', exact)];
}

const spread = (counts: Readonly<Record<string, number>>): string =>
  Object.entries(counts)
    .map(([value, n]) => `${value} (${count(n)})`)
    .join(', ');

function components(w: Writer, report: CensusReport): Node[] {
  const c = report.components;
  if (c.exact === 0) return [];
  const npc =
    c.addons['0'] !== undefined && c.tracks['0'] !== undefined ? ' Components with no addons and no tracks have a 56-byte body (NPC).' : '';
  const r = c.resolution;
  const references: Part[] = [
    `References: ${count(r.complete)} of ${count(r.components.length)} find their main and every addon Skeleton among the Skeletons read (by object id); the main is missing for ${count(r.mainMissing)}, an addon for ${count(r.addonMissing)}.`,
  ];
  const incomplete = r.components.filter((x) => x.missing.length > 0);
  if (incomplete.length > 0) {
    references.push(' Not found: ');
    incomplete.slice(0, 10).forEach((x, i) => references.push(i > 0 ? '; ' : '', w.code(x.file), ` (${x.missing.join(', ')})`));
    references.push(`${incomplete.length > 10 ? `, and ${count(incomplete.length - 10)} more` : ''}.`);
  }
  return [
    el(
      'p',
      '',
      `${counted(c.total, 'SkeletonComponent')} ${c.total === 1 ? 'is' : 'are'} stored. Length is 56 + 10 × addons + 20 × track definitions on ${count(c.lengthRuleHolds)} of the ${count(c.exact)} read to their end.${npc}`,
    ),
    el('p', '', `Addon references per component: ${spread(c.addons)}. Track definitions per component: ${spread(c.tracks)}.`),
    w.block('p', references),
  ];
}

function typesAndRoot(w: Writer, report: CensusReport): Node[] {
  const out: Node[] = [];
  const types = Object.entries(report.skeletonTypes);
  if (types.length > 0) {
    out.push(
      el('h2', '', 'SkeletonType'),
      el('p', '', `SkeletonType values (u32 enum 0x9C78EB24) that occur: ${types.map(([value]) => value).join(', ')}.`),
      w.table(
        ['SkeletonType', 'Skeletons'],
        types.map(([value, n]) => [value, count(n)]),
      ),
    );
  }
  const n = report.rootLocalCompared;
  if (n > 0) {
    const which = n === 1 ? '1 Skeleton that stores' : `${count(n)} Skeletons that store`;
    out.push(
      el('h2', '', 'Root local and own transform'),
      el(
        'p',
        '',
        `In ${count(report.rootLocalEqualsOwn)} of the ${which} an own transform and a root local (the anvilnext family's, read to their end, with bones and a root reference), the stored root local already equals the own transform.` +
          ' Equal means all eight stored f32 lanes equal. At run time the own transform replaces the root local either way.',
      ),
    );
  }
  return out;
}

function checks(w: Writer, report: CensusReport): Node[] {
  const entries = Object.entries(report.checks);
  if (entries.length === 0) return [];
  const rows: Part[][] = [];
  const offenders: Part[][] = [];
  for (const [id, c] of entries) {
    const applicable = c.held + c.failed + c.noted;
    const check = checkById(id);
    const byDialect = Object.entries(check?.confidenceByDialect ?? {});
    const declared = byDialect.length > 0 ? byDialect.map(([dialect, level]) => `${level} (${dialect})`).join(', ') : (c.confidence ?? '');
    rows.push([
      w.code(id),
      check?.statement ?? c.title,
      declared,
      applicable === 0 ? 'not applicable' : confidence(c.held, applicable, 'Skeleton'),
      count(c.offenders),
    ]);
    for (const e of c.examples) offenders.push([w.code(id), ': ', w.code(e.file), ` bone ${e.bone}: ${e.message}`]);
  }
  const out: Node[] = [el('h2', '', 'Named checks'), w.table(['Check', 'Statement', 'Declared', 'Confidence', 'Offenders'], rows)];
  if (offenders.length > 0) out.push(el('p', '', 'First offenders:'), w.list(offenders));
  return out;
}

/**
 * The census report as the Census tab shows it, titled `title`; `fileIdOf` names the listed file a
 * name the report gives is, so that it links to it.
 */
export function renderCensus(report: CensusReport, title: string, fileIdOf: FileIdOf): DocumentFragment {
  const w = new Writer(fileIdOf);
  const root = document.createDocumentFragment();
  root.append(el('h1', '', title), ...summary(w, report));
  // The seed's two layouts always have a section; a sibling's only when the census met one.
  for (const layout of Object.keys(report.layouts)) {
    if (layout === 'component') continue;
    if (findLayout(layout)?.source !== 'seed' && report.layouts[layout]!.files === 0) continue;
    root.append(...layoutSection(w, report, layout));
  }
  root.append(...layoutSection(w, report, 'component'), ...components(w, report), ...typesAndRoot(w, report), ...checks(w, report));
  // Files no layout read, and apart what archives refused (their tables, index entries, data files).
  const sections: [string, CensusRefusal[]][] = [
    ['Files no layout read', report.refusals.filter((r) => r.dialect === null && r.kind !== 'archive')],
    ['Archive refusals', report.refusals.filter((r) => r.kind === 'archive')],
  ];
  for (const [heading, refusals] of sections)
    if (refusals.length > 0) root.append(el('h2', '', heading), w.list(refusalLines(w, refusals)));
  const skipped = report.skippedPaths;
  if (skipped.length > 0) {
    const lines: Part[][] = skipped.slice(0, MAX_LISTED).map((p) => [w.code(p.path), `: ${p.reason}`]);
    if (skipped.length > MAX_LISTED) lines.push([`… and ${count(skipped.length - MAX_LISTED)} more`]);
    root.append(el('h2', '', 'Paths skipped unread'), w.list(lines));
  }
  return root;
}
