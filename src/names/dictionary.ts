/** Hash → name look-up, and the built-in dictionary assembled from the name lists in `data/`. */
import { crc32 } from './crc32.js';
import {
  ANVIL_AC1_ALTAIR,
  ANVIL_AC_ODYSSEY,
  ANVIL_AC_UNITY,
  ANVIL_GHOST_RECON_WILDLANDS,
  ANVIL_HELPERS,
  BIPED,
  BLENDER_RIGS,
  CLASS_NAMES as CLASS_LIST,
  DAZ_GENESIS,
  FFXIV,
  HUMANIK,
  HUMANOID_AVATARS,
  IMVU,
  MIXAMO,
  MOTIONBUILDER,
  SECOND_LIFE,
  SPARK_JOINTS,
  UNREAL_MANNEQUIN,
  VALVE_BIPED,
} from './data/lists.js';
import { BUILT_IN_NAME_HASHES, BUILT_IN_NAME_LINES } from './data/built-in.js';

/** Every class name the Skeleton format uses; kept apart so class hashes resolve on their own. */
export const CLASS_NAMES: readonly string[] = CLASS_LIST.classes;

const NO_NAMES: readonly string[] = Object.freeze([]);

/**
 * Stands for the built-in names among a dictionary's pending lists ({@link newBuiltInDictionary}):
 * they are listed (tens of thousands of names, some milliseconds) at its first look-up only.
 */
const BUILT_IN_NAMES_LATER: readonly string[] = Object.freeze([]);

/**
 * Names indexed by CRC-32; one hash can carry several names (collisions, or a list's duplicates). No method throws.
 */
export class NameDictionary {
  // Keyed by the hash as a signed 32-bit integer: a small integer to the engine, where the unsigned
  // value past 2³¹ is a heap number, and lookups (one per bone in a census) take twice as long.
  private readonly byHash = new Map<number, string[]>();
  private readonly known = new Set<string>();
  /**
   * Names added but not indexed yet, in order: a frozen list (the built-in names) waits for the
   * first look-up, so a command that resolves no hash (a census of an empty folder) never pays for
   * hashing tens of thousands of names.
   */
  private pending: (readonly string[])[] = [];

  /** A dictionary of `names`. Never throws. */
  constructor(names: Iterable<string> = []) {
    this.add(names);
  }

  /** Adds names (duplicates are ignored); returns the dictionary for chaining. Never throws. */
  add(names: Iterable<string>): this {
    if (Array.isArray(names) && Object.isFrozen(names)) this.pending.push(names as readonly string[]);
    else if (this.pending.length > 0) this.pending.push([...names]);
    else this.index(names);
    return this;
  }

  private index(names: Iterable<string>): void {
    // The built-in names come with their hashes (the generated table): a process's first look-up
    // hashed some 3,000 names before, in code not yet compiled.
    const builtIn = names === BUILT_IN_NAMES_LATER;
    if (builtIn) names = builtInNames();
    let i = 0;
    for (const name of names) {
      const at = i++;
      if (this.known.has(name)) continue;
      this.known.add(name);
      const key = builtIn ? builtInHash(at) : crc32(name) | 0;
      const bucket = this.byHash.get(key);
      if (bucket) bucket.push(name);
      else this.byHash.set(key, [name]);
    }
  }

  /** Indexes what waits, in the order it was added. */
  private settled(): this {
    if (this.pending.length > 0) {
      const pending = this.pending;
      this.pending = [];
      for (const names of pending) this.index(names);
    }
    return this;
  }

  /** Every name with this hash, in the order they were added; empty when none is known. */
  lookup(hash: number): readonly string[] {
    return this.settled().byHash.get(hash | 0) ?? NO_NAMES;
  }

  /** The first name added with this hash, or null. */
  resolve(hash: number): string | null {
    if (this.pending.length > 0) this.settled();
    return this.byHash.get(hash | 0)?.[0] ?? null;
  }

  /** Whether this exact name is in the dictionary. */
  has(name: string): boolean {
    return this.settled().known.has(name);
  }

  /** Number of distinct names. */
  get size(): number {
    return this.settled().known.size;
  }

  /** Every name, in the order added. */
  names(): IterableIterator<string> {
    return this.settled().known.values();
  }

  /** An independent copy, so callers can extend a shared dictionary without changing it. */
  copy(): NameDictionary {
    return new NameDictionary(this.settled().known);
  }
}

/** The HumanIK skeleton names: centre line, sided limbs, fingers, toes, roll/twist helpers. Never throws. */
export function humanIkNames(): string[] {
  const names: string[] = [...HUMANIK.centre];
  for (const side of HUMANIK.sides) {
    for (const part of HUMANIK.sidedParts) names.push(side + part);
    for (const limb of ['Hand', 'Foot']) {
      for (const finger of HUMANIK.fingers) {
        for (const joint of HUMANIK.fingerJoints) names.push(side + limb + finger + joint);
        // HumanIK's metacarpal / metatarsal slots: LeftInHandIndex, LeftInFootPinky.
        names.push(`${side}In${limb}${finger}`);
      }
    }
    for (const segment of HUMANIK.rollSegments) {
      for (const kind of HUMANIK.rollKinds) {
        names.push(side + segment + kind);
        for (const n of HUMANIK.rollNumbers) names.push(side + segment + kind + n, HUMANIK.leafPrefix[0] + side + segment + kind + n);
      }
    }
  }
  return names;
}

/** Short side prefixes some Anvil helper rigs use instead of the side word, paired with HumanIK's sides. */
const SHORT_SIDE_PREFIXES = ['L_', 'R_'];

/** HumanIK names rewritten with the short side prefixes: LeftForeArm → L_ForeArm. */
function shortSideNames(humanIk: readonly string[]): string[] {
  const names: string[] = [];
  for (const name of humanIk) {
    HUMANIK.sides.forEach((side, i) => {
      if (name.startsWith(side) && name.length > side.length) names.push(SHORT_SIDE_PREFIXES[i] + name.slice(side.length));
    });
  }
  return names;
}

/**
 * 3ds Max Biped names: the root alone (`Bip01`), root + part (`Bip01 Pelvis`), root + side + part
 * (`Bip01 L Thigh`), the numbered fingers and toes (`Bip01 L Finger0`, `Bip01 L Finger01`, `Bip01 R Toe0`),
 * the numbered spine, neck, tail and ponytail links after the first (`Bip01 Spine1`), and the twist
 * links (`Bip01 R ForeTwist`, `Bip01 R ForeTwist1`).
 */
function bipedNames(): string[] {
  const names: string[] = [];
  for (const root of BIPED.roots) {
    names.push(root);
    for (const part of BIPED.centre) names.push(`${root} ${part}`);
    for (const chain of BIPED.chains) for (let link = 1; link <= 9; link++) names.push(`${root} ${chain}${link}`);
    for (const side of BIPED.sides) {
      for (const part of BIPED.sidedParts) names.push(`${root} ${side} ${part}`);
      for (const twist of BIPED.twistLinks) {
        names.push(`${root} ${side} ${twist}`);
        for (let link = 1; link <= 9; link++) names.push(`${root} ${side} ${twist}${link}`);
      }
      for (const digit of BIPED.digits) {
        for (const limb of ['Finger', 'Toe']) {
          names.push(`${root} ${side} ${limb}${digit}`);
          for (const link of ['1', '2']) names.push(`${root} ${side} ${limb}${digit}${link}`);
        }
      }
    }
  }
  return names;
}

/**
 * Lists of whole bone names published for shipped Anvil rigs, by list file (without `.txt`), each
 * section a list of names as found (their headers say which were checked against the published hashes).
 */
const ANVIL_RIG_LISTS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  'anvil-ghost-recon-wildlands': ANVIL_GHOST_RECON_WILDLANDS,
  'anvil-ac-odyssey': ANVIL_AC_ODYSSEY,
  'anvil-ac-unity': ANVIL_AC_UNITY,
  'anvil-ac1-altair': ANVIL_AC1_ALTAIR,
};

const listNames = (lists: readonly Readonly<Record<string, readonly string[]>>[]): string[] => [
  ...new Set(lists.flatMap((list) => Object.values(list).flat())),
];

/** Every name found on shipped Anvil rigs, in list order, each once. */
export function anvilRigNames(): string[] {
  return listNames(Object.values(ANVIL_RIG_LISTS));
}

/** The ids of the lists of names found on shipped Anvil rigs (their file names without `.txt`). Never throws. */
export function anvilRigListIds(): string[] {
  return Object.keys(ANVIL_RIG_LISTS);
}

/** The names the naming schemes generate, class names first, each once. */
function buildSchemeNames(): string[] {
  const humanIk = humanIkNames();
  const names = [...CLASS_NAMES, ...humanIk, ...shortSideNames(humanIk), ...bipedNames()];
  for (const prefix of ANVIL_HELPERS.helperPrefixes) for (const name of humanIk) names.push(prefix + name);
  for (const prefix of ANVIL_HELPERS.attachPrefixes) for (const point of ANVIL_HELPERS.attachPoints) names.push(prefix + point);
  for (const part of ANVIL_HELPERS.weaponParts) names.push(ANVIL_HELPERS.weaponPrefix[0] + part);
  return [...new Set(names)];
}

let schemeNameList: readonly string[] | null = null;

/**
 * The dictionary's names that the naming schemes generate (class names, HumanIK and its helpers,
 * Biped, attach and weapon names), without the lists found on shipped rigs; the cracker's
 * vocabulary is drawn from these. Built once; frozen. Never throws.
 */
export function schemeNames(): readonly string[] {
  schemeNameList ??= Object.freeze(buildSchemeNames());
  return schemeNameList;
}

/**
 * Names of rigs from other tools and engines (Mixamo, the Unreal mannequin, Valve's biped,
 * Blender's Rigify and MHX, an upper-case joint enum, Second Life's avatar, MotionBuilder's body
 * nodes, the Unity/Godot humanoid, DAZ Genesis, Final Fantasy XIV, IMVU): dictionary entries only. They lend the
 * cracker no words, since their lower-case and prefixed spellings would multiply its candidates.
 */
function otherRigNames(): string[] {
  const names: string[] = [];
  const withExtras = [...humanIkNames(), ...MIXAMO.extraNames];
  for (const prefix of MIXAMO.prefixes) for (const name of withExtras) names.push(prefix + name);
  names.push(...UNREAL_MANNEQUIN.centre);
  for (const part of UNREAL_MANNEQUIN.sidedParts) for (const side of UNREAL_MANNEQUIN.sides) names.push(part + side);
  names.push(...VALVE_BIPED.names, ...BLENDER_RIGS.rigify, ...BLENDER_RIGS.mhx, ...SPARK_JOINTS.names);
  // Second Life's pose bones are its joint names without the leading m (mPelvis → Pelvis).
  names.push(...SECOND_LIFE.mBones, ...SECOND_LIFE.mBones.map((name) => name.slice(1)), ...SECOND_LIFE.volumes);
  names.push(...MOTIONBUILDER.centre, ...HUMANOID_AVATARS.centre);
  for (const side of MOTIONBUILDER.sides) {
    for (const part of MOTIONBUILDER.sidedParts) names.push(side + part);
    for (const finger of MOTIONBUILDER.fingers) for (const joint of MOTIONBUILDER.fingerJoints) names.push(side + finger + joint);
  }
  for (const side of HUMANOID_AVATARS.sides) for (const part of HUMANOID_AVATARS.sidedParts) names.push(side + part);
  names.push(...DAZ_GENESIS.centre, ...FFXIV.names, ...IMVU.names);
  for (const side of DAZ_GENESIS.sides) for (const part of DAZ_GENESIS.sidedParts) names.push(side + part);
  return names;
}

/**
 * Every name of the built-in dictionary: class names first, then the names found on shipped
 * Anvil rigs (so on a collision the attested name is the one `resolve` gives), then the rest of
 * the names the naming schemes generate, then the names of other tools' rigs.
 */
function buildBuiltInNames(rigNames: readonly string[] = anvilRigNames()): string[] {
  return [...new Set([...CLASS_NAMES, ...rigNames, ...schemeNames(), ...MIXAMO.extraNames, ...otherRigNames()])];
}

/**
 * The built-in names assembled from the lists and the naming schemes, as `npm run gen:names`
 * writes them into data/built-in.ts (which {@link builtInNames} reads). Never throws.
 */
export function assembleBuiltInNames(): string[] {
  return buildBuiltInNames();
}

/**
 * The built-in dictionary's names as they would be without one list of names found on shipped
 * rigs (an id of {@link anvilRigListIds}), for measuring the cracker on that list's hashes: its
 * names stay only where another list or a naming scheme also gives them. Throws a RangeError on
 * an unknown list id.
 */
export function builtInNamesWithout(listId: string): string[] {
  if (!Object.hasOwn(ANVIL_RIG_LISTS, listId)) throw new RangeError(`no list of rig names called ${JSON.stringify(listId)}`);
  return buildBuiltInNames(
    listNames(
      Object.entries(ANVIL_RIG_LISTS)
        .filter(([id]) => id !== listId)
        .map(([, list]) => list),
    ),
  );
}

let builtInNameList: readonly string[] | null = null;
let builtIn: NameDictionary | null = null;
let classes: NameDictionary | null = null;

/**
 * The built-in dictionary's names, class names first (read from the generated table once, on
 * first use; frozen). Never throws.
 */
export function builtInNames(): readonly string[] {
  builtInNameList ??= Object.freeze(BUILT_IN_NAME_LINES.join('').split('\n'));
  return builtInNameList;
}

let builtInHashText: string | null = null;

/** The generated table's hash of built-in name `i` (a signed 32-bit integer, as the dictionary keys it). */
function builtInHash(i: number): number {
  builtInHashText ??= BUILT_IN_NAME_HASHES.join('');
  return parseInt(builtInHashText.slice(8 * i, 8 * i + 8), 16) | 0;
}

/**
 * The built-in dictionary, built once on first use and shared: call `.copy()` before `add` if the
 * additions must not be seen by other callers. Never throws.
 */
export function builtInDictionary(): NameDictionary {
  builtIn ??= newBuiltInDictionary();
  return builtIn;
}

/**
 * A new dictionary of the built-in names, its own to add to, that lists and hashes them at its
 * first look-up only: a command that resolves no hash (a census of an empty folder) never builds
 * them. Never throws.
 */
export function newBuiltInDictionary(): NameDictionary {
  return new NameDictionary(BUILT_IN_NAMES_LATER);
}

/**
 * A dictionary of the format's class names only, for resolving class hashes without bone-name noise. Never throws.
 */
export function classDictionary(): NameDictionary {
  classes ??= new NameDictionary(CLASS_NAMES);
  return classes;
}
