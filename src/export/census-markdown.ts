/**
 * The census as Markdown, in the seed's style: each layout's ordered body portions and Bone fields
 * with a Confidence column that says `Proven · all N Skeletons` only when every file of the layout
 * was read past the row (otherwise `Observed · M of N`, with the refusals listed below the table),
 * the named checks likewise, and the seed's sentences for the component length rule, the
 * SkeletonType spread and the root-local comparison.
 */
import { boneFields, layoutPortions, type CensusLayout, type PortionDescriptor } from '../analysis/census/portions.js';
import type { CensusReport, PortionCount } from '../analysis/census/report.js';
import type { ArchiveCensus, CensusRunReport } from '../analysis/census/archive.js';
import type { CensusRefusal } from '../analysis/census/state.js';
import { checkById } from '../analysis/checks/index.js';
import { findLayout } from '../formats/registry.js';
import { count, formatOffset, groupThousands } from '../io/format.js';
import { countByLayout, notReadCounts, resolutionSentence, rootLocalSentence } from './census-text.js';

/** The heading, source line and refusal limit of {@link censusMarkdown}. */
export interface CensusMarkdownOptions {
  /** The heading; default `Skeleton census`. */
  title?: string;
  /** Where the files came from, said under the heading (e.g. the folder). */
  source?: string;
  /** Refusals listed below a table at most; the JSON report lists them all. Default 25. */
  maxRefusalsListed?: number;
}

/** `54925` → `54,925`, as the seed writes counts (without loading locale data, as toLocaleString does). */
export { groupThousands };

const fmt = groupThousands;
const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const plural = count;

/** `Proven · all N Skeletons` when every one held, else `Observed · M of N`. */
export function censusConfidence(held: number, total: number, noun: string): string {
  if (total > 0 && held === total) return `Proven · all ${plural(total, noun)}`;
  return `Observed · ${fmt(held)} of ${fmt(total)}`;
}

function layoutTitle(layout: CensusLayout): string {
  if (layout === 'component') return 'SkeletonComponent (`anvilnext`)';
  const described = findLayout(layout);
  if (described === undefined) return `Skeleton (\`${layout}\`)`;
  const bits = described.idHexWidth === 8 ? 32 : 64;
  const title =
    described.source === 'seed' && described.family === 'anvilnext'
      ? ''
      : `${described.title}${described.source === 'seed' ? '' : ', public reading'}, `;
  return `Skeleton (\`${layout}\`, ${title}${bits}-bit ids)`;
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
  heading: string,
  rows: readonly PortionDescriptor[],
  counts: readonly PortionCount[],
  total: number,
  noun: string,
): string[] {
  const byName = new Map(counts.map((c) => [c.name, c]));
  const lines = [`| ${heading} | Representation | Declared | Confidence |`, '|---|---|---|---|'];
  for (const row of rows) {
    const count = byName.get(row.name) ?? { name: row.name, held: 0, failed: 0 };
    lines.push(`| ${cell(row.name)} | ${cell(representation(row))} | ${row.declared} | ${censusConfidence(count.held, total, noun)} |`);
  }
  return lines;
}

/** The refusal's message already names the offset and the field path (`offset 0x1E (30): bones[0].classHash: …`). */
function refusalLine(r: CensusRefusal): string {
  const others = (r.candidates ?? []).slice(1).map((c) => `${c.dialect} stops at offset ${formatOffset(c.offset)} (${c.path})`);
  return `- \`${r.file}\`: ${r.message}${others.length > 0 ? `; ${others.join('; ')}` : ''}`;
}

function refusalList(refusals: readonly CensusRefusal[], max: number): string[] {
  if (refusals.length === 0) return [];
  const shown = refusals.slice(0, max).map(refusalLine);
  if (refusals.length > max) shown.push(`- … and ${fmt(refusals.length - max)} more (the JSON report lists every one)`);
  return ['', `Refused (${fmt(refusals.length)}):`, '', ...shown];
}

function layoutRefusals(report: CensusReport, layout: CensusLayout): CensusRefusal[] {
  return report.refusals.filter((r) =>
    layout === 'component' ? r.kind === 'SkeletonComponent' : r.kind === 'Skeleton' && r.dialect === layout,
  );
}

function layoutSection(report: CensusReport, layout: CensusLayout, max: number): string[] {
  const l = report.layouts[layout] ?? { files: 0, exact: 0, portions: [], boneFields: [] };
  const noun = nounOf(layout);
  const lines = [`## ${layoutTitle(layout)}`, ''];
  if (l.files === 0) return [...lines, `No ${noun}s of this layout in the census.`, ''];
  const refused = l.files - l.exact;
  lines.push(
    refused === 0
      ? `${allConsume(l.files, `${noun} resource`)} exactly with the checked grammar, with no refusals.`
      : `${fmt(l.exact)} of ${plural(l.files, `${noun} resource`)} consume exactly with the checked grammar; ${fmt(refused)} ${refused === 1 ? 'is' : 'are'} refused.`,
    '',
    ...portionTable('Ordered body portion', layoutPortions(layout, report.reading), l.portions, l.files, noun),
  );
  const refusals = layoutRefusals(report, layout);
  lines.push(...refusalList(refusals, max));
  if (layout !== 'component') {
    const bones = report.bonesByDialect[layout];
    lines.push('', `### Bone (\`${layout}\`)`, '', `${plural(bones, 'bone')} in the Skeletons read to their end.`, '');
    lines.push(...portionTable('Bone field', boneFields(layout), l.boneFields, l.files, noun));
    const inBones = refusals.filter((r) => /^bones\[\d+\]\./.test(r.path));
    lines.push(...refusalList(inBones, max));
  }
  lines.push('');
  return lines;
}

function spread(counts: Readonly<Record<string, number>>): string {
  return Object.entries(counts)
    .map(([value, n]) => `${value} (${fmt(n)})`)
    .join(', ');
}

/** The first few components with an id not found, named with those ids. */
function missingList(r: CensusReport['components']['resolution']): string {
  const incomplete = r.components.filter((c) => c.missing.length > 0);
  if (incomplete.length === 0) return '';
  const shown = incomplete.slice(0, 10).map((c) => `\`${c.file}\` (${c.missing.join(', ')})`);
  const more = incomplete.length > shown.length ? `, and ${fmt(incomplete.length - shown.length)} more` : '';
  return ` Not found: ${shown.join('; ')}${more}.`;
}

function componentLines(report: CensusReport): string[] {
  const c = report.components;
  if (c.exact === 0) return [];
  const npc =
    c.addons['0'] !== undefined && c.tracks['0'] !== undefined ? ' Components with no addons and no tracks have a 56-byte body (NPC).' : '';
  return [
    `${plural(c.total, 'SkeletonComponent')} ${c.total === 1 ? 'is' : 'are'} stored. Length is 56 + 10 × addons + 20 × track definitions on ${fmt(c.lengthRuleHolds)} of the ${fmt(c.exact)} read to their end.${npc}`,
    '',
    `Addon references per component: ${spread(c.addons)}. Track definitions per component: ${spread(c.tracks)}.`,
    '',
    `References: ${resolutionSentence(c.resolution)}${missingList(c.resolution)}`,
    '',
  ];
}

function typeAndRootLines(report: CensusReport): string[] {
  const lines: string[] = [];
  const types = Object.keys(report.skeletonTypes);
  if (types.length > 0) {
    lines.push(
      '## SkeletonType',
      '',
      `SkeletonType values (u32 enum 0x9C78EB24) that occur: ${types.join(', ')}.`,
      '',
      '| SkeletonType | Skeletons |',
      '|---|---|',
    );
    for (const [value, n] of Object.entries(report.skeletonTypes)) lines.push(`| ${value} | ${fmt(n)} |`);
    lines.push('');
  }
  if (report.rootLocalCompared > 0) {
    lines.push(
      '## Root local and own transform',
      '',
      `${rootLocalSentence(report)} Equal means all eight stored f32 lanes equal. At run time the own transform replaces the root local either way.`,
      '',
    );
  }
  return lines;
}

function checkSection(report: CensusReport): string[] {
  const entries = Object.entries(report.checks);
  if (entries.length === 0) return [];
  const lines = ['## Named checks', '', '| Check | Statement | Declared | Confidence | Offenders |', '|---|---|---|---|---|'];
  const failing: string[] = [];
  for (const [id, c] of entries) {
    const applicable = c.held + c.failed + c.noted;
    const check = checkById(id);
    const statement = check?.statement ?? c.title;
    const byDialect = Object.entries(check?.confidenceByDialect ?? {});
    const declared =
      byDialect.length > 0 ? byDialect.map(([dialect, confidence]) => `${confidence} (${dialect})`).join(', ') : (c.confidence ?? '');
    lines.push(
      `| \`${id}\` | ${cell(statement)} | ${declared} | ${applicable === 0 ? 'not applicable' : censusConfidence(c.held, applicable, 'Skeleton')} | ${fmt(c.offenders)} |`,
    );
    for (const e of c.examples) failing.push(`- \`${id}\`: \`${e.file}\` bone ${e.bone}: ${e.message}`);
  }
  if (failing.length > 0) lines.push('', 'First offenders:', '', ...failing);
  lines.push('');
  return lines;
}

function summaryLines(report: CensusReport): string[] {
  const s = report.skeletons;
  const files =
    `${plural(report.files, 'file')}: ${countByLayout(s.total, s.byDialect, 'Skeleton', (layout) => `\`${layout}\``)}, ` +
    `${plural(report.components.total, 'SkeletonComponent')}, ${fmt(report.skipped)} of other classes skipped${notReadCounts(report)}.`;
  if (s.total === 0) return [files, '', 'No Skeleton was read.', ''];
  const bones = `${report.bones === 1 ? 'its 1 bone is' : `their ${plural(report.bones, 'bone')} are`} keyed by CRC-32 name hashes, ${fmt(report.names.resolved)} of which ${report.names.resolved === 1 ? 'resolves' : 'resolve'} through the name dictionary`;
  // The other refusals (components, unreadable files, archives) are not the Skeletons': said apart.
  const others = report.refusals.length - s.refused;
  const exact =
    s.refused === 0
      ? `${allConsume(s.total, 'Skeleton resource')} exactly with the checked grammar, with no refusals; ${bones}.`
      : `${fmt(s.exact)} of ${plural(s.total, 'Skeleton resource')} consume exactly with the checked grammar; ${fmt(s.refused)} ${s.refused === 1 ? 'is' : 'are'} refused${others > 0 ? ` (${plural(report.refusals.length, 'refusal')} in all, counting other files and archives)` : ''}; ${bones}.`;
  return [files, '', exact, ''];
}

/**
 * The census report as Markdown in the seed's style: per layout, the ordered portions and Bone fields
 * with their confidence (`Proven · all N Skeletons` only when every file held the row), the named
 * checks, and the refusals below each table. Never throws on a report {@link CensusAccumulator.report} made.
 */
export function censusMarkdown(report: CensusRunReport, options: CensusMarkdownOptions = {}): string {
  const max = options.maxRefusalsListed ?? 25;
  const lines = [`# ${options.title ?? 'Skeleton census'}`, ''];
  if (options.source) lines.push(`Census of \`${options.source}\`.`, '');
  lines.push(...summaryLines(report));
  // The seed's two layouts always have a section; a sibling's only when the census met one.
  for (const layout of Object.keys(report.layouts)) {
    if (layout === 'component') continue;
    if (findLayout(layout)?.source !== 'seed' && report.layouts[layout]!.files === 0) continue;
    lines.push(...layoutSection(report, layout, max));
  }
  lines.push(...layoutSection(report, 'component', max));
  lines.push(...componentLines(report));
  lines.push(...typeAndRootLines(report));
  lines.push(...checkSection(report));
  // Files no layout read: unreadable, named but of another class, or too short for their class;
  // and apart, what archives refused (their tables, index entries, data files), with archive offsets.
  const sections: [string, CensusRefusal[]][] = [
    ['## Files no layout read', report.refusals.filter((r) => r.dialect === null && r.kind !== 'archive')],
    ['## Archive refusals', report.refusals.filter((r) => r.kind === 'archive')],
  ];
  for (const [heading, refusals] of sections) {
    if (refusals.length === 0) continue;
    const more = refusals.length > max ? [`- … and ${fmt(refusals.length - max)} more (the JSON report lists every one)`] : [];
    lines.push(heading, '', ...refusals.slice(0, max).map(refusalLine), ...more, '');
  }
  const skipped = report.skippedPaths;
  if (skipped.length > 0) {
    const more = skipped.length > max ? [`- … and ${fmt(skipped.length - max)} more`] : [];
    lines.push('## Paths skipped unread', '', ...skipped.slice(0, max).map((p) => `- \`${p.path}\`: ${cell(p.reason)}`), ...more, '');
  }
  const text = `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
  return text + archiveCensusMarkdown(report.archives ?? []);
}

/** The archives of a census as a Markdown table (`## Archives`), empty when it read none. Never throws. */
export function archiveCensusMarkdown(lines: readonly ArchiveCensus[]): string {
  if (lines.length === 0) return '';
  const rows = lines.map((l) => {
    const numbers = [l.entries, l.dataFilesRead, l.dataFilesSkipped, l.resources, l.skeletons, l.skeletonComponents, l.refused];
    return `| ${l.archive.replace(/\|/g, '\\|')} | ${l.version ?? 'refused'} | ${l.profile ?? '–'} | ${numbers.map(groupThousands).join(' | ')} |`;
  });
  return [
    '',
    '## Archives',
    '',
    '| archive | version | profile | entries | data files read | skipped by type | resources | Skeletons | SkeletonComponents | refused |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
  ].join('\n');
}
