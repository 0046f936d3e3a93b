/**
 * The one Left/Right name swap, used by the sample writer and the mirror check alike.
 *
 * Rule: a mirror image flips every side a name states, so every side marker is swapped at once:
 * each `Left` ↔ `Right` anywhere in the name, an `L_` ↔ `R_` prefix and an `_L` ↔ `_R` suffix
 * (case-sensitive; `L`/`R` count only as that prefix or suffix). Swapping everything makes the
 * swap its own inverse for every name, and a name that states two sides (`L_LeftThing_R` →
 * `R_RightThing_L`) keeps them in the same relation on the other side. Swapping only the first
 * marker found would turn `L_LeftThing_R` into `L_RightThing_R`, a name that still calls itself
 * left. A name with no marker has no side and is its own counterpart.
 */

/** Names repeat across the skeletons of an install: remember the answers (bounded). */
const remembered = new Map<string, string>();
const REMEMBER_AT_MOST = 50_000;

/** The other side's name; the name itself when it has no side. */
export function counterpartName(name: string): string {
  let answer = remembered.get(name);
  if (answer === undefined) {
    answer = swapSides(name);
    if (remembered.size >= REMEMBER_AT_MOST) remembered.clear();
    remembered.set(name, answer);
  }
  return answer;
}

/** Whether the name states a side (so its counterpart is another name). */
export function hasSide(name: string): boolean {
  return counterpartName(name) !== name;
}

function swapSides(name: string): string {
  let head = '';
  let body = name;
  let tail = '';
  if (body.length >= 2 && (body.startsWith('L_') || body.startsWith('R_'))) {
    head = body[0] === 'L' ? 'R_' : 'L_';
    body = body.slice(2);
  }
  if (body.endsWith('_L') || body.endsWith('_R')) {
    tail = body.endsWith('L') ? '_R' : '_L';
    body = body.slice(0, -2);
  }
  return head + swapWords(body) + tail;
}

/**
 * Every `Left` ↔ `Right` of the body, left to right (the two words cannot overlap). Found with
 * indexOf rather than a pattern with a replacer: the census swaps thousands of names in a process
 * that has just started, where the pattern's replacer cost about two microseconds a name.
 */
function swapWords(body: string): string {
  let left = body.indexOf('Left');
  let right = body.indexOf('Right');
  if (left < 0 && right < 0) return body;
  let out = '';
  let at = 0;
  while (left >= 0 || right >= 0) {
    if (right < 0 || (left >= 0 && left < right)) {
      out += body.slice(at, left) + 'Right';
      at = left + 4;
      left = body.indexOf('Left', at);
    } else {
      out += body.slice(at, right) + 'Left';
      at = right + 5;
      right = body.indexOf('Right', at);
    }
  }
  return out + body.slice(at);
}
