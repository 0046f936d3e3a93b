/**
 * Planning the meet-in-the-middle search of crack.ts: how many words go in the prefix table, how
 * many are stepped backwards from each target, and in how many chunks the table is built, so that
 * the table stays within its size and the total work is least.
 */

/** How a search is split between the prefix table and the backward steps, and what it covers. */
export interface CrackPlan {
  /** Distinct words and joins (separator + word, the separator possibly empty). */
  words: number;
  joins: number;
  /** Words held in the prefix table, and stepped backwards from each target. */
  prefixWords: number;
  suffixWords: number;
  /** How many times the prefix table is rebuilt for a part of the first words. */
  chunks: number;
  /** Largest number of prefixes in memory at once. */
  tableEntries: number;
  /** Word sequences covered for every target (names built more than one way count more than once). */
  candidates: number;
}

/** Relative cost of making a prefix entry (step, store, insert) versus probing one suffix. */
const PREFIX_ENTRY_COST = 3;

/** Σ_{i=0..n} base^i: sequences of 0..n joins. */
function geometricSum(base: number, n: number): number {
  let total = 0;
  let term = 1;
  for (let i = 0; i <= n; i++, term *= base) total += term;
  return total;
}

/**
 * The split of the search with the least work: how many words the prefix table holds and in how
 * many chunks it is built, the table kept within `maxEntries` prefixes.
 */
export function choosePlan(wordCount: number, separatorCount: number, maxWords: number, targets: number, maxEntries: number): CrackPlan {
  const joins = wordCount * separatorCount;
  let best: CrackPlan | null = null;
  let bestCost = Infinity;
  for (let prefixWords = 1; prefixWords <= maxWords; prefixWords++) {
    // Prefixes starting with one given first word, 1..prefixWords words long.
    const perFirstWord = geometricSum(joins, prefixWords - 1);
    if (prefixWords > 1 && perFirstWord > maxEntries) break;
    const firstWordsPerChunk = Math.max(1, Math.min(wordCount, Math.floor(maxEntries / perFirstWord)));
    const chunks = Math.ceil(wordCount / firstWordsPerChunk);
    // Spread the first words evenly over the chunks: same number of chunks, smaller table.
    const balancedFirstWords = Math.ceil(wordCount / chunks);
    const suffixWords = maxWords - prefixWords;
    const cost = wordCount * perFirstWord * PREFIX_ENTRY_COST + chunks * targets * geometricSum(joins, suffixWords);
    if (cost < bestCost) {
      bestCost = cost;
      best = {
        words: wordCount,
        joins,
        prefixWords,
        suffixWords,
        chunks,
        tableEntries: Math.max(1, balancedFirstWords * perFirstWord),
        candidates: wordCount * geometricSum(joins, maxWords - 1),
      };
    }
  }
  return best!;
}
