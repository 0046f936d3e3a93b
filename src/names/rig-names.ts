/**
 * Names for the bone hashes of a rig, each with its odds and its evidence.
 *
 * A hash the dictionary holds is **known**. Otherwise every family match is a candidate whose
 * expected chance count is `family size × targets / 2³²` (see families.ts). Evidence from the rig
 * narrows that: of the family's names, only a few would also show the evidence, so the chance
 * count becomes `(names of the family showing it) × targets / 2³²`:
 *
 * - **mirror**: the name's Left/Right counterpart is the established name of another bone of the
 *   rig. One name of the family is that counterpart.
 * - **shared word**: the name shares a word (or prefix) with an established parent or child. The
 *   share of the family containing that word is computed from its slots.
 * - **series**: the name continues the numbered series of an established parent, child or sibling
 *   (`Cape_03` next to `Cape_02`). Two names of the family do.
 *
 * Evidence counts only from neighbours that are themselves established (known, or likely on their
 * own odds or evidence), never from other candidates, because CRC-32 is linear: for strings of
 * equal length, `crc(a) ⊕ crc(b)` depends only on `a ⊕ b`. So when one wrong numbered name
 * matches a bone of a real numbered chain by chance (`Hood_03` for a real `Cape_03`), its
 * neighbours `Hood_02`, `Hood_04`, … match the chain's other bones too: a run of matches along a
 * series is what a single chance match looks like, not evidence. The same holds for a wrong
 * Left/Right pair of the same shape as a real one. For the same reason a name never gets odds
 * better than the established name it leans on: its chance count is at least that name's.
 *
 * The pass repeats: names found likely become context for their neighbours, until nothing changes.
 */
import { counterpartName } from './side.js';
import { crc32 } from './crc32.js';
import type { NameDictionary } from './dictionary.js';
import { expectedChanceMatches, familySize, type NameFamily } from './families.js';
import type { FamilyMatch } from './family-search.js';
import { splitNameIntoWords } from './vocabulary.js';

/** How far a name is to be trusted. */
export type NameConfidence = 'known' | 'likely' | 'possible';

/** A candidate name for one hash, with its family and chance count after evidence. */
export interface NameCandidate {
  /** The candidate name. */
  name: string;
  /** The family's id (`dictionary` for a known name). */
  family: string;
  /** Matches chance alone would give, after the evidence below. */
  expectedChance: number;
  /** What in the rig supports it, in words; empty when nothing does. */
  evidence: string[];
}

/** The answer for one hash of the rig. */
export interface RigName {
  /** The bone hash. */
  hash: number;
  /** The name when known or likely; null otherwise (a possible match is never the answer). */
  name: string | null;
  /** Null when no family produced any candidate. */
  confidence: NameConfidence | null;
  /** The answer's (or best candidate's) family; `dictionary` when known; null without candidates. */
  family: string | null;
  /** Its chance count after evidence (for a known name: dictionary size × hashes / 2³²); null without candidates. */
  expectedChance: number | null;
  /** The evidence counted for it. */
  evidence: string[];
  /** Observations that are deliberately not counted as evidence (the linearity caveat). */
  notes: string[];
  /** Every candidate, most trusted first (for a possible hash: the names it could be). */
  candidates: NameCandidate[];
}

/** The rig: every bone hash, and parent links between hashes (a hash may have several parents across skeletons). */
export interface RigHierarchy {
  /** Every bone hash (repeats are fine). */
  hashes: readonly number[];
  /** `[child, parent]` pairs of hashes. */
  links: readonly (readonly [number, number])[];
}

/** The hashes and links of several rigs, in order, as one (a null rig adds nothing). */
export function joinRigs(rigs: readonly (RigHierarchy | null | undefined)[]): RigHierarchy {
  const present = rigs.filter((rig): rig is RigHierarchy => rig != null);
  return { hashes: present.flatMap((rig) => rig.hashes), links: present.flatMap((rig) => rig.links) };
}

/** What {@link resolveRigNames} works from. */
export interface ResolveRigOptions {
  /** Names that make a hash known. */
  dictionary: NameDictionary;
  /** Every family searched, for sizes and word shares. */
  families: readonly NameFamily[];
  /** Family matches for the rig's unknown hashes (from searchFamilies, or any other search). */
  matches: readonly FamilyMatch[];
  /** Sizes of families not in `families` (e.g. a vocabulary search), by id. */
  extraFamilySizes?: ReadonlyMap<string, number>;
  /** A candidate whose chance count is below this is likely (default 0.05). */
  threshold?: number;
}

/** The default likely/possible threshold on the expected chance count. */
export const DEFAULT_LIKELY_THRESHOLD = 0.05;

const SERIES = /^(.*?)(\d+)$/;
/** Words too common to count as shared: the side markers say nothing about which bone it is. */
const SIDE_WORDS = new Set(['Left', 'Right', 'L', 'R']);

function significantWords(name: string): Set<string> {
  return new Set(splitNameIntoWords(name).filter((word) => word.length >= 2 && !SIDE_WORDS.has(word)));
}

/** Share of a family's names that contain `word`, from its slots (a name has it when any slot value does). */
function wordShare(family: NameFamily, word: string, cache: Map<string, number>): number {
  const key = `${family.id}\u0000${word}`;
  let share = cache.get(key);
  if (share === undefined) {
    let without = 1;
    for (const slot of family.slots) {
      let having = 0;
      for (const value of slot) if (splitNameIntoWords(value).includes(word)) having++;
      without *= 1 - having / slot.length;
    }
    cache.set(key, (share = 1 - without));
  }
  return share;
}

interface Established {
  name: string;
  chance: number;
  confidence: NameConfidence;
}

/**
 * Names the rig's hashes: known from the dictionary, likely from a family match whose chance
 * count (after the rig's evidence) is below the threshold, possible otherwise. Results follow
 * the order of `rig.hashes` (each distinct hash once). Throws a RangeError on a threshold that is
 * not a positive number.
 */
export function resolveRigNames(rig: RigHierarchy, options: ResolveRigOptions): RigName[] {
  const threshold = options.threshold ?? DEFAULT_LIKELY_THRESHOLD;
  if (!(threshold > 0) || !Number.isFinite(threshold)) throw new RangeError(`threshold must be a positive number, not ${threshold}`);
  const hashes = [...new Set(rig.hashes.map((h) => h >>> 0))];
  const inRig = new Set(hashes);
  const parents = new Map<number, Set<number>>();
  const children = new Map<number, Set<number>>();
  const add = (map: Map<number, Set<number>>, key: number, value: number): void => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(value);
  };
  for (const [child, parent] of rig.links) {
    if (child >>> 0 === parent >>> 0) continue;
    add(parents, child >>> 0, parent >>> 0);
    add(children, parent >>> 0, child >>> 0);
  }

  const established = new Map<number, Established>();
  const unknown = hashes.filter((hash) => options.dictionary.lookup(hash).length === 0);
  const targets = Math.max(1, unknown.length);
  const knownChance = expectedChanceMatches(options.dictionary.size, hashes.length);
  for (const hash of hashes) {
    const name = options.dictionary.resolve(hash);
    if (name !== null) established.set(hash, { name, chance: knownChance, confidence: 'known' });
  }

  const familiesById = new Map(options.families.map((family) => [family.id, family]));
  const sizeOf = (id: string): number => {
    const family = familiesById.get(id);
    return family ? familySize(family) : (options.extraFamilySizes?.get(id) ?? 2 ** 32);
  };
  const candidatesOf = new Map<number, FamilyMatch[]>();
  for (const match of options.matches) {
    const hash = match.hash >>> 0;
    if (!inRig.has(hash) || established.has(hash)) continue;
    const list = candidatesOf.get(hash) ?? [];
    if (!list.some((m) => m.name === match.name)) list.push(match);
    candidatesOf.set(hash, list);
  }
  const shareCache = new Map<string, number>();

  const neighbours = (hash: number): { relation: string; hash: number }[] => {
    const out: { relation: string; hash: number }[] = [];
    for (const p of parents.get(hash) ?? []) out.push({ relation: 'parent', hash: p });
    for (const c of children.get(hash) ?? []) out.push({ relation: 'child', hash: c });
    return out;
  };
  const siblings = (hash: number): number[] => {
    const out = new Set<number>();
    for (const p of parents.get(hash) ?? []) for (const s of children.get(p) ?? []) if (s !== hash) out.add(s);
    return [...out];
  };

  const weigh = (hash: number, match: FamilyMatch): NameCandidate => {
    const size = sizeOf(match.family);
    const base = expectedChanceMatches(size, targets);
    let best = base;
    const evidence: string[] = [];
    const consider = (namesShowing: number, leanOn: Established, text: string): void => {
      // Never better odds than the established name the evidence leans on.
      const chance = Math.max(expectedChanceMatches(Math.min(size, namesShowing), targets), leanOn.chance);
      evidence.push(text);
      best = Math.min(best, chance);
    };
    const mirror = counterpartName(match.name);
    if (mirror !== match.name) {
      const mirrorHash = crc32(mirror);
      const other = established.get(mirrorHash);
      if (inRig.has(mirrorHash) && other?.name === mirror) consider(1, other, `mirror ${mirror} is ${other.confidence}`);
    }
    const words = significantWords(match.name);
    const family = familiesById.get(match.family);
    for (const { relation, hash: near } of neighbours(hash)) {
      const other = established.get(near);
      if (!other) continue;
      const shared = [...significantWords(other.name)].filter((word) => words.has(word));
      if (shared.length === 0) continue;
      // Names of the family holding any shared word (union bound); unknown families count whole.
      const share = family
        ? Math.min(
            1,
            shared.reduce((sum, word) => sum + wordShare(family, word, shareCache), 0),
          )
        : 1;
      consider(
        Math.ceil(size * share),
        other,
        `shares ${shared.map((w) => JSON.stringify(w)).join(', ')} with its ${relation} ${other.name} (${other.confidence})`,
      );
    }
    const series = SERIES.exec(match.name);
    if (series) {
      const [, stem, digits] = series;
      for (const near of [...neighbours(hash).map((n) => n.hash), ...siblings(hash)]) {
        const other = established.get(near);
        const theirs = other && SERIES.exec(other.name);
        if (!theirs || theirs[1] !== stem || theirs[2].length !== digits.length) continue;
        if (Math.abs(Number(theirs[2]) - Number(digits)) !== 1) continue;
        consider(2, other, `continues the series of ${other.name} (${other.confidence})`);
        break;
      }
    }
    return { name: match.name, family: match.family, expectedChance: best, evidence };
  };

  // Iterate: each round weighs every open hash against what is established so far, then
  // establishes all that pass at once, so the result does not depend on the order of the hashes.
  const open = new Set(candidatesOf.keys());
  for (let changed = true; changed && open.size > 0;) {
    changed = false;
    const passed: [number, NameCandidate][] = [];
    for (const hash of open) {
      const best = candidatesOf
        .get(hash)!
        .map((match) => weigh(hash, match))
        .sort((a, b) => a.expectedChance - b.expectedChance)[0];
      if (best.expectedChance < threshold) passed.push([hash, best]);
    }
    for (const [hash, candidate] of passed) {
      established.set(hash, { name: candidate.name, chance: candidate.expectedChance, confidence: 'likely' });
      open.delete(hash);
      changed = true;
    }
  }

  return hashes.map((hash): RigName => {
    const known = established.get(hash);
    if (known?.confidence === 'known') {
      return {
        hash,
        name: known.name,
        confidence: 'known',
        family: 'dictionary',
        expectedChance: known.chance,
        evidence: [],
        notes: [],
        candidates: [],
      };
    }
    const candidates = (candidatesOf.get(hash) ?? [])
      .map((match) => weigh(hash, match))
      .sort((a, b) => a.expectedChance - b.expectedChance || (a.name < b.name ? -1 : 1));
    const notes = seriesRunNotes(hash, candidates, candidatesOf, neighbours, siblings, established);
    for (const candidate of candidates) {
      const mirror = counterpartName(candidate.name);
      const mirrorHash = crc32(mirror);
      if (mirror === candidate.name || established.has(mirrorHash)) continue;
      if ((candidatesOf.get(mirrorHash) ?? []).some((m) => m.name === mirror)) {
        notes.push(
          `${candidate.name}: its mirror ${mirror} is only a candidate too; not evidence, since a chance match pairs up with a real pair of the same shape`,
        );
      }
    }
    if (candidates.length === 0) {
      return { hash, name: null, confidence: null, family: null, expectedChance: null, evidence: [], notes, candidates };
    }
    // An established name stays the answer even if a later round weighed another candidate lower.
    const chosen = known?.confidence === 'likely' ? candidates.findIndex((c) => c.name === known.name) : -1;
    if (chosen > 0) candidates.unshift(...candidates.splice(chosen, 1));
    const best = candidates[0];
    const likely = chosen >= 0;
    return {
      hash,
      name: likely ? best.name : null,
      confidence: likely ? 'likely' : 'possible',
      family: best.family,
      expectedChance: best.expectedChance,
      evidence: best.evidence,
      notes,
      candidates,
    };
  });
}

/** Notes a run of unestablished candidates along one series next to this hash: shown, never counted. */
function seriesRunNotes(
  hash: number,
  candidates: readonly NameCandidate[],
  candidatesOf: ReadonlyMap<number, FamilyMatch[]>,
  neighbours: (hash: number) => { hash: number }[],
  siblings: (hash: number) => number[],
  established: ReadonlyMap<number, Established>,
): string[] {
  const notes: string[] = [];
  for (const candidate of candidates) {
    const series = SERIES.exec(candidate.name);
    if (!series) continue;
    const run = [...neighbours(hash).map((n) => n.hash), ...siblings(hash)].filter((near) => {
      if (established.has(near)) return false;
      return (candidatesOf.get(near) ?? []).some((m) => {
        const theirs = SERIES.exec(m.name);
        return theirs !== null && theirs[1] === series[1] && theirs[2].length === series[2].length && theirs[2] !== series[2];
      });
    });
    if (run.length > 0) {
      notes.push(
        `${candidate.name}: ${run.length} neighbouring bone(s) also match the series ${series[1]}…; not evidence, since CRC-32 is linear and one chance match repeats along a series`,
      );
    }
  }
  return notes;
}
