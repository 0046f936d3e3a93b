/**
 * Tries every name of every family against a set of hashes. The CRC register after each prefix of
 * slots is computed once and shared by every name that starts with it; the last slot costs one xor
 * per name, because stepping a register over a string of length n is one affine map,
 * `linear_n(state) ^ constant(string)`, and strings of equal length share the linear part.
 */
import { CRC32_INITIAL_STATE, crc32, crc32Finalize, crc32ForwardLinearTable, crc32Update, nameBytes } from './crc32.js';
import { familySize, type NameFamily } from './families.js';

/** A name of a family whose hash is one of the targets. */
export interface FamilyMatch {
  /** The target hash the name has. */
  hash: number;
  /** The name, confirmed by hashing it whole. */
  name: string;
  /** The family's id. */
  family: string;
}

/** How far {@link searchFamilies} has come, passed to `onProgress`. */
export interface FamilySearchProgress {
  /** Names tried so far, of `total`. */
  tried: number;
  /** Names of every family together. */
  total: number;
  /** The family being searched. */
  family: string;
}

/** The limits of {@link searchFamilies}. */
export interface FamilySearchOptions {
  /** Asked now and then (every 2¹⁶ names); returning true ends the search early. */
  shouldStop?: () => boolean;
  /** Called every 2¹⁶ names tried, and once at the end. */
  onProgress?: (progress: FamilySearchProgress) => void;
}

/** What {@link searchFamilies} found, and whether it tried every name. */
export interface FamilySearchResult {
  /** Every match, in the order found. */
  matches: FamilyMatch[];
  /** Names tried. */
  tried: number;
  /** False when `shouldStop` ended the search before every family was tried. */
  complete: boolean;
  /** Ids of the families tried to the end. */
  finished: string[];
}

const CHECK_EVERY = 1 << 16;

/** Last-slot values of one byte length, with the step constants for that length. */
interface LengthGroup {
  linear: Uint32Array;
  values: Int32Array;
  constants: Uint32Array;
}

const linearTables = new Map<number, Uint32Array>();
function linearTable(length: number): Uint32Array {
  let table = linearTables.get(length);
  if (!table) linearTables.set(length, (table = crc32ForwardLinearTable(length)));
  return table;
}

function applyLinear(table: Uint32Array, state: number): number {
  return table[state & 0xff] ^ table[256 + ((state >>> 8) & 0xff)] ^ table[512 + ((state >>> 16) & 0xff)] ^ table[768 + (state >>> 24)];
}

function lengthGroups(values: readonly string[]): LengthGroup[] {
  const byLength = new Map<number, { values: number[]; constants: number[] }>();
  values.forEach((value, i) => {
    const bytes = nameBytes(value);
    let group = byLength.get(bytes.length);
    if (!group) byLength.set(bytes.length, (group = { values: [], constants: [] }));
    group.values.push(i);
    group.constants.push(crc32Update(0, bytes));
  });
  return [...byLength].map(([length, group]) => ({
    linear: linearTable(length),
    values: Int32Array.from(group.values),
    constants: Uint32Array.from(group.constants),
  }));
}

/**
 * Every name of `families` whose CRC-32 is one of `targets`, each confirmed by hashing it whole;
 * families are tried in order until `shouldStop` says to end. Never throws.
 */
export function searchFamilies(
  targets: Iterable<number>,
  families: readonly NameFamily[],
  options: FamilySearchOptions = {},
): FamilySearchResult {
  const wanted = new Set<number>();
  // The search compares registers before the final xor, so the targets are unfinalized once here.
  for (const target of targets) wanted.add(crc32Finalize(target >>> 0));
  const total = families.reduce((sum, family) => sum + familySize(family), 0);
  const result: FamilySearchResult = { matches: [], tried: 0, complete: true, finished: [] };
  if (wanted.size === 0) return { ...result, complete: true, finished: families.map((f) => f.id) };
  let sinceCheck = 0;
  let stopped = false;

  for (const family of families) {
    const slots = family.slots;
    if (slots.length === 0 || slots.some((slot) => slot.length === 0)) {
      result.finished.push(family.id);
      continue;
    }
    const slotBytes = slots.map((slot) => slot.map(nameBytes));
    const last = lengthGroups(slots[slots.length - 1]);
    const chosen = new Int32Array(slots.length);
    const nameOf = (lastValue: number): string => {
      let name = '';
      for (let s = 0; s < slots.length - 1; s++) name += slots[s][chosen[s]];
      return name + slots[slots.length - 1][lastValue];
    };
    const visit = (depth: number, state: number): void => {
      if (stopped) return;
      if (depth === slots.length - 1) {
        for (const group of last) {
          const linear = applyLinear(group.linear, state);
          const { values, constants } = group;
          for (let i = 0; i < values.length; i++) {
            if (wanted.has((linear ^ constants[i]) >>> 0)) {
              const name = nameOf(values[i]);
              // A register match is a hash match by construction; hashing the whole name guards the shortcut.
              const hash = crc32(name);
              if (wanted.has(crc32Finalize(hash))) result.matches.push({ hash, name, family: family.id });
            }
          }
          result.tried += values.length;
          sinceCheck += values.length;
        }
        if (sinceCheck >= CHECK_EVERY) {
          sinceCheck = 0;
          options.onProgress?.({ tried: result.tried, total, family: family.id });
          if (options.shouldStop?.()) stopped = true;
        }
        return;
      }
      const bytes = slotBytes[depth];
      for (let v = 0; v < bytes.length && !stopped; v++) {
        chosen[depth] = v;
        visit(depth + 1, crc32Update(state, bytes[v]));
      }
    };
    visit(0, CRC32_INITIAL_STATE);
    if (stopped) {
      result.complete = false;
      break;
    }
    result.finished.push(family.id);
  }
  options.onProgress?.({ tried: result.tried, total, family: '' });
  return result;
}
