/**
 * The small DOM helpers the page's panels and reports share: elements, tables, links to listed
 * files, and how numbers and hashes are worded.
 */
import { formatHash } from '../src/index.js';

/** A new element with a class and text. */
export const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text = ''): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  if (className !== '') node.className = className;
  if (text !== '') node.textContent = text;
  return node;
};

/** A count as the page writes counts: digits grouped by thousands (`1,829`). */
export const count = (n: number): string => n.toLocaleString('en-US');

/** The plural of a word: `entry` → `entries` (a consonant before the y), else an s. */
const pluralOf = (word: string): string => (/[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`);

/** The word for `n` of it: `entry` for 1, `entries` for any other; `many` for a word whose plural is irregular. */
export const noun = (n: number, word: string, many = pluralOf(word)): string => (n === 1 ? word : many);

/** `1 bone`, `2 bones`, `23 entries`. */
export const plural = (n: number, word: string, many = pluralOf(word)): string => `${n} ${noun(n, word, many)}`;
/** A measured difference for a report: 4 significant digits, exponent form when tiny. */
export const fixed = (x: number): string => (x === 0 ? '0' : Math.abs(x) < 1e-4 ? x.toExponential(2) : x.toPrecision(4));

/** A file as the reports link it: its list id and shown name. */
export interface FileRef {
  id: string;
  name: string;
}

/** A link that selects a listed file. */
export function fileLink(file: FileRef): HTMLAnchorElement {
  const a = el('a', 'file-link', file.name);
  a.href = `#file=${encodeURIComponent(file.id)}`;
  a.dataset.id = file.id;
  return a;
}

/** A table with its header row, and the body to fill. */
export function tableOf(headers: string[], className: string): { table: HTMLTableElement; body: HTMLTableSectionElement } {
  const table = el('table', className);
  const head = table.createTHead().insertRow();
  for (const h of headers) head.append(el('th', '', h));
  return { table, body: table.createTBody() };
}

/** Appends one cell per value to the row. */
export function cells(row: HTMLTableRowElement, values: (string | Node)[]): void {
  for (const v of values) row.insertCell().append(v);
}

/** The name to show for a hash: the dictionary's, or the hash itself. */
export function nameOrHash(resolve: (hash: number) => string | null): (hash: number) => string {
  return (hash) => resolve(hash) ?? formatHash(hash);
}
