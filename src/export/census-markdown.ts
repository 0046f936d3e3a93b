/**
 * The census as Markdown, in the seed's style: the census document ({@link censusDocument}, where
 * every sentence is) written out, a Markdown block per block of it, names and files in backquotes.
 */
import type { ArchiveCensus, CensusRunReport } from '../analysis/census/archive.js';
import { groupThousands } from '../io/format.js';
import {
  archiveCensusBlocks,
  censusConfidence,
  censusDocument,
  type CensusBlock,
  type CensusDocumentOptions,
  type CensusPart,
} from './census-document.js';

/** The heading, source line and refusal limit of {@link censusMarkdown}: those of its document. */
export type CensusMarkdownOptions = CensusDocumentOptions;

/** `54925` → `54,925`, as the seed writes counts (without loading locale data, as toLocaleString does). */
export { groupThousands };

/** `Proven · all N Skeletons` when every one held, else `Observed · M of N`. */
export { censusConfidence };

/** A table cell on one line, its pipes escaped so that they do not split the cell. */
const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function inline(parts: readonly CensusPart[]): string {
  return parts.map((part) => (typeof part === 'string' ? part : `\`${'code' in part ? part.code : part.file}\``)).join('');
}

function blockMarkdown(block: CensusBlock): string {
  switch (block.kind) {
    case 'heading':
      return `${'#'.repeat(block.level)} ${inline(block.parts)}`;
    case 'paragraph':
      return inline(block.parts);
    case 'list':
      return block.items.map((item) => `- ${block.verbatim ? cell(inline(item)) : inline(item)}`).join('\n');
    case 'table': {
      const rule = block.header.map((_, i) => (block.align?.[i] === 'right' ? '---:' : '---'));
      const rows = block.rows.map((row) => `| ${row.map((parts) => cell(inline(parts))).join(' | ')} |`);
      return [`| ${block.header.join(' | ')} |`, `|${rule.join('|')}|`, ...rows].join('\n');
    }
  }
}

/** Blocks as Markdown: each block, a blank line between, one newline at the end. */
function blocksMarkdown(blocks: readonly CensusBlock[]): string {
  return `${blocks
    .map(blockMarkdown)
    .join('\n\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

/**
 * The census report as Markdown in the seed's style: per layout, the ordered portions and Bone fields
 * with their confidence (`Proven · all N Skeletons` only when every file held the row), the named
 * checks, and the refusals below each table. Never throws on a report {@link CensusAccumulator.report} made.
 */
export function censusMarkdown(report: CensusRunReport, options: CensusMarkdownOptions = {}): string {
  return blocksMarkdown(censusDocument(report, options).blocks);
}

/** The archives of a census as a Markdown table (`## Archives`), empty when it read none. Never throws. */
export function archiveCensusMarkdown(lines: readonly ArchiveCensus[]): string {
  const blocks = archiveCensusBlocks(lines);
  return blocks.length === 0 ? '' : `\n${blocksMarkdown(blocks)}`;
}
