/**
 * Left/Right counterpart names: `Left` ↔ `Right` anywhere in the name, an `L_` ↔ `R_` prefix and
 * an `_L` ↔ `_R` suffix, all swapped at once. A name with none of them has no side and is its own
 * counterpart.
 */

const WORD = /Left|Right/g;

export function hasSide(name: string): boolean {
  return counterpartName(name) !== name;
}

/** Names repeat across the skeletons of an install: remember the answers (bounded). */
const remembered = new Map<string, string>();
const REMEMBER_AT_MOST = 50_000;

export function counterpartName(name: string): string {
  let answer = remembered.get(name);
  if (answer === undefined) {
    answer = computeCounterpart(name);
    if (remembered.size >= REMEMBER_AT_MOST) remembered.clear();
    remembered.set(name, answer);
  }
  return answer;
}

function computeCounterpart(name: string): string {
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
