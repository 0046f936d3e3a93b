/** Hash → name look-up, and the built-in dictionary assembled from `dictionary-data.ts`. */
import { crc32 } from './crc32.js';
import {
  ATTACH_POINTS,
  ATTACH_PREFIXES,
  CLASS_NAMES,
  FINGER_JOINTS,
  FINGERS,
  HELPER_PREFIXES,
  HUMANIK_CENTRE_NAMES,
  HUMANIK_LEAF_PREFIX,
  HUMANIK_SIDED_PARTS,
  ROLL_KINDS,
  ROLL_NUMBERS,
  ROLL_SEGMENTS,
  SHORT_SIDE_PREFIXES,
  SIDES,
  WEAPON_BONE_PARTS,
  WEAPON_BONE_PREFIX,
} from './dictionary-data.js';

const NO_NAMES: readonly string[] = Object.freeze([]);

/**
 * Names indexed by CRC-32; one hash can carry several names (collisions, or a list's duplicates). No method throws.
 */
export class NameDictionary {
  private readonly byHash = new Map<number, string[]>();
  private readonly known = new Set<string>();

  /** A dictionary of `names`. Never throws. */
  constructor(names: Iterable<string> = []) {
    this.add(names);
  }

  /** Adds names (duplicates are ignored); returns the dictionary for chaining. Never throws. */
  add(names: Iterable<string>): this {
    for (const name of names) {
      if (this.known.has(name)) continue;
      this.known.add(name);
      const hash = crc32(name);
      const bucket = this.byHash.get(hash);
      if (bucket) bucket.push(name);
      else this.byHash.set(hash, [name]);
    }
    return this;
  }

  /** Every name with this hash, in the order they were added; empty when none is known. */
  lookup(hash: number): readonly string[] {
    return this.byHash.get(hash >>> 0) ?? NO_NAMES;
  }

  /** The first name added with this hash, or null. */
  resolve(hash: number): string | null {
    return this.byHash.get(hash >>> 0)?.[0] ?? null;
  }

  /** Whether this exact name is in the dictionary. */
  has(name: string): boolean {
    return this.known.has(name);
  }

  /** Number of distinct names. */
  get size(): number {
    return this.known.size;
  }

  /** Every name, in the order added. */
  names(): IterableIterator<string> {
    return this.known.values();
  }

  /** An independent copy, so callers can extend a shared dictionary without changing it. */
  copy(): NameDictionary {
    return new NameDictionary(this.known);
  }
}

/** The HumanIK skeleton names: centre line, sided limbs, fingers, toes, roll/twist helpers. */
function humanIkNames(): string[] {
  const names = [...HUMANIK_CENTRE_NAMES];
  for (const side of SIDES) {
    for (const part of HUMANIK_SIDED_PARTS) names.push(side + part);
    for (const limb of ['Hand', 'Foot']) {
      for (const finger of FINGERS) {
        for (const joint of FINGER_JOINTS) names.push(side + limb + finger + joint);
        // HumanIK's metacarpal / metatarsal slots: LeftInHandIndex, LeftInFootPinky.
        names.push(`${side}In${limb}${finger}`);
      }
    }
    for (const segment of ROLL_SEGMENTS) {
      for (const kind of ROLL_KINDS) {
        names.push(side + segment + kind);
        for (const n of ROLL_NUMBERS) names.push(side + segment + kind + n, HUMANIK_LEAF_PREFIX + side + segment + kind + n);
      }
    }
  }
  return names;
}

/** HumanIK names rewritten with the short side prefixes: LeftForeArm → L_ForeArm. */
function shortSideNames(humanIk: readonly string[]): string[] {
  const names: string[] = [];
  for (const name of humanIk) {
    SIDES.forEach((side, i) => {
      if (name.startsWith(side) && name.length > side.length) names.push(SHORT_SIDE_PREFIXES[i] + name.slice(side.length));
    });
  }
  return names;
}

/** Every name of the built-in dictionary, class names first. */
function buildBuiltInNames(): string[] {
  const humanIk = humanIkNames();
  const names = [...CLASS_NAMES, ...humanIk, ...shortSideNames(humanIk)];
  for (const prefix of HELPER_PREFIXES) for (const name of humanIk) names.push(prefix + name);
  for (const prefix of ATTACH_PREFIXES) for (const point of ATTACH_POINTS) names.push(prefix + point);
  for (const part of WEAPON_BONE_PARTS) names.push(WEAPON_BONE_PREFIX + part);
  return [...new Set(names)];
}

let builtInNameList: readonly string[] | null = null;
let builtIn: NameDictionary | null = null;
let classes: NameDictionary | null = null;

/** The built-in dictionary's names, class names first (built once, on first use; frozen). Never throws. */
export function builtInNames(): readonly string[] {
  builtInNameList ??= Object.freeze(buildBuiltInNames());
  return builtInNameList;
}

/**
 * The built-in dictionary, built once on first use and shared: call `.copy()` before `add` if the
 * additions must not be seen by other callers. Never throws.
 */
export function builtInDictionary(): NameDictionary {
  builtIn ??= new NameDictionary(builtInNames());
  return builtIn;
}

/**
 * A dictionary of the format's class names only, for resolving class hashes without bone-name noise. Never throws.
 */
export function classDictionary(): NameDictionary {
  classes ??= new NameDictionary(CLASS_NAMES);
  return classes;
}
