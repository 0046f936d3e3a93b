/**
 * The Tree panel: the shown rig's hierarchy, searched by name or hash. A match is kept with its
 * ancestors, so it is seen in its place; the matches themselves are marked (class `match`, the
 * matched text in a `<mark>`), and the count line says how many matched.
 */
import { formatHash, parseHash } from '../src/index.js';
import { el, plural } from './dom.js';
import type { Severity } from './verdict.js';

/** A rig as the tree shows it: its bones' name hashes and parents, and the severity of the checks failing at each. */
export interface TreeRig {
  bones: readonly { nameHash: number; parent: number }[];
  severity: (bone: number) => Severity | null;
}

export interface TreeOptions {
  /** The rig, or null with the words to show instead. */
  rig: TreeRig | null;
  empty: string;
  query: string;
  selected: number;
  resolve: (hash: number) => string | null;
  select: (bone: number) => void;
}

const depthClass = (depth: number): string => (depth <= 10 ? `depth-${depth}` : 'depth-deep');

/** `text` with its first case-insensitive occurrence of `query` in a `<mark>`, or null when it has none. */
function marked(text: string, query: string): (string | Node)[] | null {
  const at = query === '' ? -1 : text.toLowerCase().indexOf(query);
  if (at < 0) return null;
  return [text.slice(0, at), el('mark', '', text.slice(at, at + query.length)), text.slice(at + query.length)];
}

/** Draws the tree into `list` and the count line into `count`. */
export function renderTree(list: HTMLElement, count: HTMLElement, options: TreeOptions): void {
  list.replaceChildren();
  const rig = options.rig;
  if (rig === null) {
    list.append(el('li', 'empty-note', options.empty));
    count.textContent = '';
    return;
  }
  const bones = rig.bones;
  const query = options.query.trim().toLowerCase();
  const hashQuery = parseHash(query);
  const matches = (i: number): boolean => {
    const hash = bones[i]!.nameHash;
    if (hashQuery !== null && hash === hashQuery) return true;
    const name = options.resolve(hash);
    return (name !== null && name.toLowerCase().includes(query)) || formatHash(hash).toLowerCase().includes(query);
  };
  const matched = new Set<number>();
  const shown = new Set<number>();
  for (let i = 0; i < bones.length; i++) {
    if (query !== '' && !matches(i)) continue;
    if (query !== '') matched.add(i);
    // A match keeps its ancestors, so it is seen in its place in the hierarchy.
    for (let b = i, guard = 0; b >= 0 && b < bones.length && !shown.has(b) && guard <= bones.length; b = bones[b]!.parent, guard++)
      shown.add(b);
  }
  const children = new Map<number, number[]>();
  const roots: number[] = [];
  bones.forEach((bone, i) => {
    if (bone.parent >= 0 && bone.parent < bones.length && bone.parent !== i) {
      const kids = children.get(bone.parent) ?? [];
      kids.push(i);
      children.set(bone.parent, kids);
    } else roots.push(i);
  });
  const visited = new Set<number>();
  const fragment = document.createDocumentFragment();
  const stack: [number, number][] = roots.reverse().map((r) => [r, 0]);
  while (stack.length > 0) {
    const [i, depth] = stack.pop()!;
    if (visited.has(i)) continue;
    visited.add(i);
    const kids = children.get(i) ?? [];
    for (let k = kids.length - 1; k >= 0; k--) stack.push([kids[k]!, depth + 1]);
    if (!shown.has(i)) continue;
    const li = el('li');
    const button = el('button', depthClass(depth));
    button.type = 'button';
    button.dataset.bone = String(i);
    const hash = bones[i]!.nameHash;
    const name = options.resolve(hash);
    const label = el('span', name === null ? 'unknown-name' : '');
    const text = name ?? formatHash(hash);
    const isMatch = matched.has(i);
    label.append(...((isMatch ? marked(text, query) : null) ?? [text]));
    button.append(label, el('span', 'index', ` ${i}`));
    if (isMatch) button.classList.add('match');
    if (i === options.selected) button.classList.add('selected');
    const severity = rig.severity(i);
    if (severity !== null) button.classList.add(severity === 'fails' ? 'failing' : 'warning');
    button.addEventListener('click', () => options.select(i));
    li.append(button);
    fragment.append(li);
  }
  list.append(fragment);
  count.textContent =
    query === ''
      ? plural(bones.length, 'bone')
      : `${matched.size} of ${plural(bones.length, 'bone')} match${matched.size === 1 ? 'es' : ''}`;
  count.classList.toggle('no-match', query !== '' && matched.size === 0);
}
