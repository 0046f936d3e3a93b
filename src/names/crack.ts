/**
 * Recovers names from CRC-32 hashes by trying every string of up to `maxWords` vocabulary words,
 * with a meet-in-the-middle search instead of hashing each string.
 *
 * A name is `word (separator word)*`. Its CRC register after the first `A` words (the prefix) is
 * computed forwards once per prefix and kept in a hash table; for each target, the register the
 * full name must end in is stepped *backwards* over every possible tail of the remaining words (the
 * suffix), and each result is looked up in the table. So `prefixes + suffixes` register steps cover
 * `prefixes × suffixes` names. Stepping over a whole word is one affine map of the register
 * (`linear(len)(state) ^ constant(word)`), so words of equal length share the linear part and each
 * further word costs one xor and one table probe. Every hit is confirmed by hashing the name.
 */
import {
  CRC32_INITIAL_STATE,
  crc32,
  crc32BackwardLinearTable,
  crc32Finalize,
  crc32ForwardLinearTable,
  crc32Unupdate,
  crc32Update,
  nameBytes,
} from './crc32.js';
import { MatchCollector, type CrackResult } from './crack-matches.js';
import { choosePlan, type CrackPlan } from './crack-plan.js';

export type { CrackMatch, CrackResult } from './crack-matches.js';
export type { CrackPlan } from './crack-plan.js';
export { defaultVocabulary, splitNameIntoWords } from './vocabulary.js';

/** How far {@link crackHashes} has come, passed to `onProgress`. */
export interface CrackProgress {
  /** Share of the whole search done, 0 to 1. */
  fraction: number;
  /** The prefix-table chunk being searched (from 1), of `chunks`. */
  chunk: number;
  /** Prefix-table chunks in all. */
  chunks: number;
  /** Targets finished in this chunk, of `targets` (distinct). */
  targetsDone: number;
  /** Distinct targets in all. */
  targets: number;
}

/** The vocabulary, the longest name and the limits of {@link crackHashes}. */
export interface CrackOptions {
  /** Vocabulary: names are built from these (duplicates and empty words are dropped). */
  words: readonly string[];
  /** Most words in one name (≥ 1). */
  maxWords: number;
  /** Strings that may join two words, besides the empty separator which is always allowed. */
  separators?: readonly string[];
  /** Most matches reported per target, the most plausible kept (default 1000). */
  limit?: number;
  /** Most prefixes held in memory at once (default 2²¹); the prefix side is split into chunks to stay under it. */
  maxTableEntries?: number;
  /** Called as the search advances: within each target's search, and after it. */
  onProgress?: (progress: CrackProgress) => void;
  /** Asked before each target and after each first suffix word; returning true ends the search early with what was found. */
  shouldStop?: () => boolean;
}

const DEFAULT_LIMIT = 1000;
const DEFAULT_MAX_TABLE_ENTRIES = 1 << 21;
/** Multiplier of Fibonacci hashing: spreads register values over the table's top-bit index. */
const GOLDEN = 0x9e3779b1;

interface Vocabulary {
  words: string[];
  separators: string[];
  wordBytes: Uint8Array[];
}

/** Words of one byte length joined to a separator, with the word-step constants for that length. */
interface JoinGroup {
  forward: Uint32Array;
  backward: Uint32Array;
  joins: Int32Array;
  forwardConstant: Uint32Array;
  backwardConstant: Uint32Array;
}

/** Checks the numeric options (a bad one would silently search nothing or everything) and dedupes the words. */
function prepareVocabulary(options: CrackOptions): Vocabulary {
  if (!Number.isInteger(options.maxWords) || options.maxWords < 1 || options.maxWords > 255) {
    throw new RangeError(`maxWords must be a whole number from 1 to 255, not ${options.maxWords}`);
  }
  const limit = options.limit ?? DEFAULT_LIMIT;
  if (!(limit === Infinity || (Number.isInteger(limit) && limit >= 0))) {
    throw new RangeError(`limit must be a whole number ≥ 0 or Infinity, not ${limit}`);
  }
  const maxEntries = options.maxTableEntries ?? DEFAULT_MAX_TABLE_ENTRIES;
  if (!Number.isInteger(maxEntries) || maxEntries < 1 || maxEntries > 2 ** 26) {
    throw new RangeError(`maxTableEntries must be a whole number from 1 to 2^26, not ${maxEntries}`);
  }
  const words = [...new Set(options.words)].filter((word) => word.length > 0);
  const separators = ['', ...new Set(options.separators ?? [])].filter((s, i) => i === 0 || s.length > 0);
  return { words, separators, wordBytes: words.map(nameBytes) };
}

/** How the search for `targetCount` hashes would be split, and how many names it covers per target. */
export function planCrack(targetCount: number, options: CrackOptions): CrackPlan {
  const vocabulary = prepareVocabulary(options);
  const maxEntries = options.maxTableEntries ?? DEFAULT_MAX_TABLE_ENTRIES;
  return choosePlan(vocabulary.words.length, vocabulary.separators.length, options.maxWords, Math.max(1, targetCount), maxEntries);
}

/** The meet-in-the-middle search over one vocabulary and plan. */
class MeetInTheMiddle {
  private readonly groups: JoinGroup[] = [];
  // Prefix entries of the current chunk: register, parent entry, word (depth 1) or join id, depth.
  private readonly entryState: Uint32Array;
  private readonly entryParent: Int32Array;
  private readonly entryToken: Int32Array;
  private readonly entryDepth: Uint8Array;
  private entryCount = 0;
  // Open addressing, linear probing: pairs [register, entry + 1]; 0 in the second slot = empty.
  private readonly table: Uint32Array;
  private readonly mask: number;
  private readonly shift: number;
  /**
   * One bit per register top-bits bucket, set where some prefix lives. It is ~16× sparser than the
   * entries and small enough to stay in cache, so most suffix probes end after reading one bit.
   */
  private readonly presence: Int32Array;
  private readonly presenceShift: number;
  /** Join ids of the suffix being tried; suffixStack[0] is the name's last join. */
  private readonly suffixStack: Int32Array;
  private target = 0;
  private collector: MatchCollector | null = null;
  private onStep: ((fraction: number) => void) | null = null;
  private shouldStop: (() => boolean) | null = null;
  stopped = false;

  constructor(
    private readonly vocabulary: Vocabulary,
    private readonly plan: CrackPlan,
  ) {
    this.buildJoinGroups();
    const capacity = this.plan.tableEntries;
    this.entryState = new Uint32Array(capacity);
    this.entryParent = new Int32Array(capacity);
    this.entryToken = new Int32Array(capacity);
    this.entryDepth = new Uint8Array(capacity);
    const bits = Math.max(4, Math.ceil(Math.log2(capacity * 2)));
    this.table = new Uint32Array(2 << bits);
    this.mask = (1 << bits) - 1;
    this.shift = 32 - bits;
    const presenceBits = Math.min(27, Math.max(10, Math.ceil(Math.log2(capacity * 16))));
    this.presence = new Int32Array(1 << (presenceBits - 5));
    this.presenceShift = 32 - presenceBits;
    this.suffixStack = new Int32Array(Math.max(1, plan.suffixWords));
  }

  private buildJoinGroups(): void {
    const { words, separators } = this.vocabulary;
    const byLength = new Map<number, { ids: number[]; bytes: Uint8Array[] }>();
    separators.forEach((separator, s) => {
      words.forEach((word, w) => {
        const bytes = nameBytes(separator + word);
        let group = byLength.get(bytes.length);
        if (!group) byLength.set(bytes.length, (group = { ids: [], bytes: [] }));
        group.ids.push(s * words.length + w);
        group.bytes.push(bytes);
      });
    });
    for (const [length, group] of byLength) {
      this.groups.push({
        forward: crc32ForwardLinearTable(length),
        backward: crc32BackwardLinearTable(length),
        joins: Int32Array.from(group.ids),
        forwardConstant: Uint32Array.from(group.bytes, (b) => crc32Update(0, b)),
        backwardConstant: Uint32Array.from(group.bytes, (b) => crc32Unupdate(0, b)),
      });
    }
  }

  /** Fills the prefix table with every prefix whose first word is in [firstWord, endWord). */
  buildChunk(firstWord: number, endWord: number): void {
    this.entryCount = 0;
    this.table.fill(0);
    this.presence.fill(0);
    for (let w = firstWord; w < endWord; w++) {
      this.addEntry(crc32Update(CRC32_INITIAL_STATE, this.vocabulary.wordBytes[w]), -1, w, 1);
    }
    let levelStart = 0;
    for (let depth = 2; depth <= this.plan.prefixWords; depth++) {
      const levelEnd = this.entryCount;
      for (let entry = levelStart; entry < levelEnd; entry++) {
        const state = this.entryState[entry];
        for (const group of this.groups) {
          const linear = applyLinear(group.forward, state);
          const { joins, forwardConstant } = group;
          for (let i = 0; i < joins.length; i++) this.addEntry((linear ^ forwardConstant[i]) >>> 0, entry, joins[i], depth);
        }
      }
      levelStart = levelEnd;
    }
  }

  private addEntry(state: number, parent: number, token: number, depth: number): void {
    const entry = this.entryCount++;
    this.entryState[entry] = state;
    this.entryParent[entry] = parent;
    this.entryToken[entry] = token;
    this.entryDepth[entry] = depth;
    const table = this.table;
    let slot = Math.imul(state, GOLDEN) >>> this.shift;
    while (table[2 * slot + 1] !== 0) slot = (slot + 1) & this.mask;
    table[2 * slot] = state;
    table[2 * slot + 1] = entry + 1;
    const bucket = state >>> this.presenceShift;
    this.presence[bucket >>> 5] |= 1 << (bucket & 31);
  }

  /**
   * Finds every name in the current chunk that hashes to `target`; `onStep` hears the fraction of
   * this target's search done, after each last-but-one word tried (long searches stay visible).
   */
  search(target: number, collector: MatchCollector, onStep?: (fraction: number) => void, shouldStop?: () => boolean): void {
    this.shouldStop = shouldStop ?? null;
    this.target = target;
    this.collector = collector;
    this.onStep = onStep ?? null;
    this.visit(crc32Finalize(target), 0);
  }

  /**
   * `state` is the register required after the prefix once `depth` suffix joins are fixed. With no
   * suffix any prefix length may match; with one, only full-length prefixes, so each word count
   * is searched exactly once (≤ A words: prefix alone; A + d words: full prefix + d joins).
   */
  private visit(state: number, depth: number): void {
    this.probe(state, depth === 0 ? 0 : this.plan.prefixWords, depth);
    if (depth === this.plan.suffixWords) return;
    if (depth + 1 === this.plan.suffixWords) {
      this.visitLastJoins(state, depth);
      return;
    }
    let tried = 0;
    for (const group of this.groups) {
      const linear = applyLinear(group.backward, state);
      const { joins, backwardConstant } = group;
      for (let i = 0; i < joins.length; i++) {
        this.suffixStack[depth] = joins[i];
        if (this.stopped) return;
        this.visit((linear ^ backwardConstant[i]) >>> 0, depth + 1);
        if (depth === 0) {
          this.onStep?.(++tried / this.plan.joins);
          if (this.shouldStop?.()) this.stopped = true;
        }
      }
    }
  }

  /** The innermost loop, where nearly all the time goes: one xor and an inline probe per join. */
  private visitLastJoins(state: number, depth: number): void {
    const { table, mask, shift, entryDepth, presence, presenceShift } = this;
    const fullPrefix = this.plan.prefixWords;
    for (const group of this.groups) {
      const linear = applyLinear(group.backward, state);
      const { joins, backwardConstant } = group;
      for (let i = 0; i < joins.length; i++) {
        const required = (linear ^ backwardConstant[i]) >>> 0;
        const bucket = required >>> presenceShift;
        if ((presence[bucket >>> 5] & (1 << (bucket & 31))) === 0) continue;
        let slot = Math.imul(required, GOLDEN) >>> shift;
        for (let entry = table[2 * slot + 1]; entry !== 0; entry = table[2 * slot + 1]) {
          if (table[2 * slot] === required && entryDepth[entry - 1] === fullPrefix) {
            this.suffixStack[depth] = joins[i];
            this.record(entry - 1, depth + 1);
          }
          slot = (slot + 1) & mask;
        }
      }
    }
  }

  /** Records every prefix with register `state` (and depth `wantDepth`, or any when 0). */
  private probe(state: number, wantDepth: number, suffixLength: number): void {
    const table = this.table;
    let slot = Math.imul(state, GOLDEN) >>> this.shift;
    for (let entry = table[2 * slot + 1]; entry !== 0; entry = table[2 * slot + 1]) {
      if (table[2 * slot] === state && (wantDepth === 0 || this.entryDepth[entry - 1] === wantDepth)) {
        this.record(entry - 1, suffixLength);
      }
      slot = (slot + 1) & this.mask;
    }
  }

  private record(prefixEntry: number, suffixLength: number): void {
    const { words, separators } = this.vocabulary;
    const tokens: number[] = [];
    for (let entry = prefixEntry; entry !== -1; entry = this.entryParent[entry]) tokens.push(this.entryToken[entry]);
    tokens.reverse();
    for (let d = suffixLength - 1; d >= 0; d--) tokens.push(this.suffixStack[d]);
    const matchWords = [words[tokens[0]]];
    const joinedBy: string[] = [];
    for (let i = 1; i < tokens.length; i++) {
      joinedBy.push(separators[Math.floor(tokens[i] / words.length)]);
      matchWords.push(words[tokens[i] % words.length]);
    }
    let name = matchWords[0];
    for (let i = 1; i < matchWords.length; i++) name += joinedBy[i - 1] + matchWords[i];
    // The table matched a 32-bit register; confirm the whole name really hashes to the target.
    if (crc32(name) !== this.target) return;
    this.collector!.add({ name, words: matchWords, separators: joinedBy });
  }
}

function applyLinear(table: Uint32Array, state: number): number {
  return table[state & 0xff] ^ table[256 + ((state >>> 8) & 0xff)] ^ table[512 + ((state >>> 16) & 0xff)] ^ table[768 + (state >>> 24)];
}

/**
 * For each target (results in the same order), every name of up to `maxWords` vocabulary words,
 * joined by the empty separator or one of `separators`, whose CRC-32 is the target, most plausible
 * first. Throws a `RangeError` when `maxWords`, `limit` or `maxTableEntries` is out of range.
 */
export function crackHashes(targets: readonly number[], options: CrackOptions): CrackResult[] {
  const vocabulary = prepareVocabulary(options);
  const limit = options.limit ?? DEFAULT_LIMIT;
  const unique = [...new Set(targets.map((t) => t >>> 0))];
  const collectors = new Map(unique.map((t) => [t, new MatchCollector(limit)] as const));
  if (vocabulary.words.length > 0 && unique.length > 0 && limit > 0) {
    const maxEntries = options.maxTableEntries ?? DEFAULT_MAX_TABLE_ENTRIES;
    const plan = choosePlan(vocabulary.words.length, vocabulary.separators.length, options.maxWords, unique.length, maxEntries);
    const search = new MeetInTheMiddle(vocabulary, plan);
    const firstWordsPerChunk = Math.ceil(vocabulary.words.length / plan.chunks);
    for (let chunk = 0; chunk < plan.chunks && !search.stopped; chunk++) {
      const from = chunk * firstWordsPerChunk;
      search.buildChunk(from, Math.min(vocabulary.words.length, from + firstWordsPerChunk));
      unique.forEach((target, t) => {
        if (search.stopped || options.shouldStop?.()) {
          search.stopped = true;
          return;
        }
        const report = (ofTarget: number): void =>
          options.onProgress?.({
            fraction: (chunk + (t + ofTarget) / unique.length) / plan.chunks,
            chunk: chunk + 1,
            chunks: plan.chunks,
            targetsDone: t + (ofTarget === 1 ? 1 : 0),
            targets: unique.length,
          });
        search.search(target, collectors.get(target)!, options.onProgress && report, options.shouldStop);
        report(1);
      });
    }
  }
  return targets.map((t) => collectors.get(t >>> 0)!.result(t >>> 0));
}
