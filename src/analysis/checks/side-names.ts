/**
 * Left/Right counterpart names: `Left` ↔ `Right` anywhere in the name, an `L_` ↔ `R_` prefix and
 * an `_L` ↔ `_R` suffix, all swapped at once. A name with none of them has no side and is its own
 * counterpart.
 */

const WORD = /Left|Right/g;

export function hasSide(name: string): boolean {
  return counterpartName(name) !== name;
}

export function counterpartName(name: string): string {
  let head = '';
  let body = name;
  let tail = '';
  if (/^[LR]_/.test(body)) {
    head = body[0] === 'L' ? 'R_' : 'L_';
    body = body.slice(2);
  }
  if (/_[LR]$/.test(body)) {
    tail = body.endsWith('L') ? '_R' : '_L';
    body = body.slice(0, -2);
  }
  return head + body.replace(WORD, (word) => (word === 'Left' ? 'Right' : 'Left')) + tail;
}
