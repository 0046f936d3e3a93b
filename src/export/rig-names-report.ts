/**
 * What `crack` reports of the names it found for a rig's hashes: one line of text per hash, the
 * JSON rows, and the names file `--write-names` writes (the likely names only, read back with
 * `--names`), and the summary of the search. Browser-safe.
 */
import { formatHash } from '../names/crc32.js';
import type { RigName } from '../names/rig-names.js';
import type { CrackRigResult } from '../names/crack-rig.js';
import type { CrackProgress } from '../names/crack.js';
import type { FamilySearchProgress } from '../names/family-search.js';
import { count, groupThousands } from '../io/format.js';

/** An expected chance as the reports give it: two significant digits, or one in exponent form below 0.001. Never throws. */
export function formatExpectedChance(value: number): string {
  return value === 0 ? '0' : value < 1e-3 ? value.toExponential(1) : value.toPrecision(2);
}

/**
 * One tab-separated line per hash: its name, confidence, family, expected chance and evidence; or,
 * without a likely name, up to `limit` possible ones. Never throws.
 */
export function rigNamesText(results: readonly RigName[], limit: number): string {
  const lines = results.map((result) => {
    const hash = formatHash(result.hash);
    if (result.confidence === null) return `${hash}\t(no match)`;
    if (result.name === null) {
      const shown = result.candidates
        .slice(0, limit)
        .map((c) => `${c.name} (${c.family}, expected ${formatExpectedChance(c.expectedChance)})`)
        .join(', ');
      const more = result.candidates.length > limit ? `, and ${result.candidates.length - limit} more` : '';
      return `${hash}\t(no likely name)\tpossible: ${shown}${more}`;
    }
    const evidence = result.evidence.length > 0 ? `\t${result.evidence.join('; ')}` : '';
    return `${hash}\t${result.name}\t${result.confidence}\t${result.family}\texpected ${formatExpectedChance(result.expectedChance!)}${evidence}`;
  });
  return `${lines.join('\n')}\n`;
}

/** One JSON row per hash, its candidates cut to `limit`. Never throws. */
export function rigNamesJson(results: readonly RigName[], limit: number): unknown[] {
  return results.map((result) => ({
    hash: formatHash(result.hash),
    name: result.name,
    confidence: result.confidence,
    family: result.family,
    expectedChance: result.expectedChance,
    evidence: result.evidence,
    notes: result.notes,
    candidates: result.candidates
      .slice(0, limit)
      .map((c) => ({ name: c.name, family: c.family, expectedChance: c.expectedChance, evidence: c.evidence })),
  }));
}

/** The names file of the likely names, each with its hash, family and expected chance, expected by chance fewer than `threshold` times. Never throws. */
export function likelyNamesFile(results: readonly RigName[], threshold: number): string {
  const likely = results.filter((result) => result.confidence === 'likely');
  const lines = [
    "# Likely bone names found by anvil-skel crack: each name's family match, with its evidence, is expected",
    `# by chance fewer than ${threshold} times. Read with --names.`,
    ...likely.map(
      (result) => `${result.name}  # ${formatHash(result.hash)} ${result.family}, expected ${formatExpectedChance(result.expectedChance!)}`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * The summary `crack` ends with (on stderr): the hashes by confidence, and, when some have only
 * possible matches, why they are not named.
 */
export function crackSummaryText(crack: CrackRigResult, threshold: number): string {
  const { tally } = crack;
  const counts =
    `${groupThousands(tally.known)} known, ${groupThousands(tally.likely)} likely, ` +
    `${groupThousands(tally.possible)} only possible, ${groupThousands(tally.none)} no match`;
  const searched = `${groupThousands(crack.unknown)} unknown searched against ${groupThousands(crack.searched)} family names`;
  let text = `crack: ${count(crack.results.length, 'hash', 'hashes')}: ${counts} (${searched})\n`;
  if (tally.possible > 0) {
    text +=
      `crack: ${count(tally.possible, 'hash', 'hashes')} ${tally.possible === 1 ? 'has' : 'have'} only possible matches, which chance alone would give (expected chance ≥ ${threshold}); ` +
      'they are not named: give more of the rig (--skeletons, --hierarchy) for evidence\n';
  }
  return text;
}

/** The progress line of `crack`'s family search: the share of family names tried, and of how many hashes. */
export function crackFamilyProgressText(progress: FamilySearchProgress, hashes: number): string {
  const share = `${((100 * progress.tried) / Math.max(1, progress.total)).toFixed(1)}% of family names`;
  return `crack: ${share} (${progress.family}), ${hashes} hashes`;
}

/** The progress line of `crack`'s vocabulary search. */
export function crackVocabularyProgressText(progress: CrackProgress): string {
  return `crack: vocabulary ${(progress.fraction * 100).toFixed(1)}% (hash ${progress.targetsDone}/${progress.targets})`;
}

/** What a search stopped by its time limit (`maxSeconds`) left undone, as `crack` says it on stderr; null when it finished. */
export function crackStoppedText(crack: CrackRigResult, maxSeconds: number): string | null {
  if (crack.complete) return null;
  const skipped = crack.unfinished;
  const what = skipped.length > 0 ? `families not searched to the end: ${skipped.join(', ')}` : 'the vocabulary search was not finished';
  return `crack: stopped after --max-seconds ${maxSeconds}; ${what}`;
}
