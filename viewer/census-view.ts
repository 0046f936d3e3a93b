/**
 * The Census tab: the library's census document (`censusDocument`, where every sentence of the
 * census is, as `census --markdown` says them) drawn to DOM, a heading, paragraph, list or table
 * per block, and every file the report names a link to it when it is listed.
 */
import { censusDocument, type CensusBlock, type CensusPart, type CensusReport } from '../src/index.js';
import { el } from './dom.js';

/** The id a listed file is selected by, from the name the census knows it under; null when not listed. */
export type FileIdOf = (name: string) => string | null;

const HEADINGS = { 1: 'h1', 2: 'h2', 3: 'h3' } as const;

/** The nodes of a line's parts: words as text, names as code, files as code linked to the listed file. */
function partNodes(parts: readonly CensusPart[], fileIdOf: FileIdOf): (string | Node)[] {
  return parts.map((part) => {
    if (typeof part === 'string') return part;
    if ('code' in part) return el('code', '', part.code);
    const code = el('code', '', part.file);
    const id = fileIdOf(part.file);
    if (id === null) return code;
    const a = el('a');
    a.href = `#file=${encodeURIComponent(id)}`;
    a.append(code);
    return a;
  });
}

function blockNode(block: CensusBlock, fileIdOf: FileIdOf): HTMLElement {
  switch (block.kind) {
    case 'heading':
    case 'paragraph': {
      const node = el(block.kind === 'heading' ? HEADINGS[block.level] : 'p');
      node.append(...partNodes(block.parts, fileIdOf));
      return node;
    }
    case 'list': {
      const ul = el('ul');
      for (const item of block.items) {
        const li = el('li');
        li.append(...partNodes(item, fileIdOf));
        ul.append(li);
      }
      return ul;
    }
    case 'table': {
      const table = el('table');
      const head = table.createTHead().insertRow();
      for (const h of block.header) head.append(el('th', '', h));
      const body = table.createTBody();
      for (const row of block.rows) {
        const tr = body.insertRow();
        row.forEach((parts, i) => {
          const td = tr.insertCell();
          if (block.align?.[i] === 'right') td.style.textAlign = 'right';
          td.append(...partNodes(parts, fileIdOf));
        });
      }
      return table;
    }
  }
}

/**
 * The census report as the Census tab shows it, titled `title`; `fileIdOf` names the listed file a
 * name the report gives is, so that it links to it.
 */
export function renderCensus(report: CensusReport, title: string, fileIdOf: FileIdOf): DocumentFragment {
  const root = document.createDocumentFragment();
  for (const block of censusDocument(report, { title }).blocks) root.append(blockNode(block, fileIdOf));
  return root;
}
