/** What `crack` does (declared in commands/names.ts): families, odds, and evidence from the rig. */
import { defaultVocabulary } from '../../names/crack.js';
import { crackRigNames } from '../../names/crack-rig.js';
import { joinRigs } from '../../names/rig-names.js';
import {
  crackFamilyProgressText,
  crackStoppedText,
  crackSummaryText,
  crackVocabularyProgressText,
  likelyNamesFile,
  rigNamesJson,
  rigNamesText,
} from '../../export/rig-names-report.js';
import { readRigHierarchyFile, readSkeletonRig } from '../../node/skeleton-rig.js';
import { MOST_MAX_WORDS } from '../commands/names.js';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../errors.js';
import { walkInputs } from '../../node/files.js';
import { sayStaleReadersOnStderr } from '../input-file.js';
import { loadNameDictionary, nameListFiles, readNameListFile } from '../../node/name-lists.js';
import { resourceReadOptions } from '../read-options.js';
import { StatusLine } from '../progress.js';
import { TEXT_OUTPUT } from '../../export/output-kind.js';
import { type PlannedOutput, refuseUnsafeOutputs, writeFileAtomic } from '../../node/output-file.js';
import { parseHashArguments, parseSeparators, parseWholeNumber, writeJson, writeOut } from './names.js';
import type { ForceOptionValues, ResourceOptionValues } from '../options.js';
import type { JsonOption } from './names.js';
import type { NamesOptionValues } from '../names-option.js';

export interface CrackOptionValues extends JsonOption, NamesOptionValues, ResourceOptionValues, ForceOptionValues {
  skeletons?: string[];
  hierarchy?: string;
  threshold: string;
  writeNames?: string;
  maxSeconds?: string;
  words?: string[];
  onlyWords?: boolean;
  maxWords?: string;
  separators: string;
  limit: string;
  everyDataFile?: boolean;
}

const PROGRESS_INTERVAL_MS = 200;

function parsePositive(text: string, option: string): number {
  const value = /^\s*(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/.test(text) ? Number(text) : NaN;
  if (!(value > 0) || !Number.isFinite(value)) throw new UsageError(`${option} must be a positive number, not ${JSON.stringify(text)}`);
  return value;
}

/** Runs `crack` with what commander parsed. */
export async function crackCommand(texts: string[], options: CrackOptionValues): Promise<void> {
  sayStaleReadersOnStderr();
  const given = parseHashArguments(texts);
  const threshold = parsePositive(options.threshold, '--threshold');
  const limit = parseWholeNumber(options.limit, '--limit', 1, Number.MAX_SAFE_INTEGER);
  const maxSeconds = options.maxSeconds === undefined ? Infinity : parsePositive(options.maxSeconds, '--max-seconds');
  const useVocabulary = options.maxWords !== undefined || options.words !== undefined;
  const maxWords = parseWholeNumber(options.maxWords ?? '4', '--max-words', 1, MOST_MAX_WORDS);
  const skeletonPaths = options.skeletons ?? [];
  if (given.length === 0 && skeletonPaths.length === 0 && options.hierarchy === undefined) {
    throw new UsageError('crack: give hashes, --skeletons PATH... or --hierarchy FILE');
  }
  const walk = skeletonPaths.length > 0 ? walkInputs(skeletonPaths) : undefined;
  const force = options.force === true;
  const namesOutput: PlannedOutput | null =
    options.writeNames === undefined ? null : { path: options.writeNames, option: '--write-names', kind: TEXT_OUTPUT };
  if (namesOutput !== null) {
    // The names and words lists read are inputs too: `--names found.txt --write-names found.txt` would lose the list.
    const lists = [...nameListFiles(options.names), ...(options.words ?? [])];
    const inputs = [...skeletonPaths, ...(options.hierarchy === undefined ? [] : [options.hierarchy]), ...lists];
    await refuseUnsafeOutputs([namesOutput], inputs, 'crack', walk, { force });
  }
  const started = Date.now();
  const shouldStop = (): boolean => Date.now() - started > maxSeconds * 1000;

  const hierarchy = options.hierarchy === undefined ? null : await readRigHierarchyFile(options.hierarchy);
  const read = walk && { walk, ...resourceReadOptions(options), everyDataFile: options.everyDataFile === true };
  const loaded = read ? await readSkeletonRig(skeletonPaths, read) : null;
  for (const line of loaded?.failures ?? []) process.stderr.write(`anvil-skel: ${line}\n`);
  // --skeletons asked for a rig: finding none fails the call, whatever else it was given.
  const noSkeleton = loaded?.skeletons === 0;
  if (noSkeleton) process.stderr.write(`anvil-skel: crack: no Skeleton found under --skeletons ${skeletonPaths.join(' ')}\n`);
  const failedFiles = (loaded?.failures.length ?? 0) + (noSkeleton ? 1 : 0);

  const dictionary = await loadNameDictionary(options.names);
  let vocabulary: { words: string[]; maxWords: number; separators: string[] } | null = null;
  if (useVocabulary) {
    const words = options.onlyWords ? [] : [...defaultVocabulary().words];
    for (const file of options.words ?? []) words.push(...(await readNameListFile(file, 'words file')));
    vocabulary = { words: [...new Set(words)], maxWords, separators: parseSeparators(options.separators) };
  }
  const status = new StatusLine(PROGRESS_INTERVAL_MS);
  const crack = crackRigNames(joinRigs([{ hashes: given, links: [] }, hierarchy, loaded?.rig]), {
    dictionary,
    threshold,
    limit,
    vocabulary,
    shouldStop,
    onFamilyProgress: status.enabled ? (p, unknown) => status.show(() => crackFamilyProgressText(p, unknown)) : undefined,
    onVocabularyProgress: status.enabled ? (p) => status.show(() => crackVocabularyProgressText(p)) : undefined,
  });
  status.clear();
  const stopped = crackStoppedText(crack, maxSeconds);
  if (stopped !== null) process.stderr.write(`anvil-skel: ${stopped}\n`);

  const { results, tally } = crack;
  if (options.json) writeJson(rigNamesJson(results, limit));
  else writeOut(rigNamesText(results, limit));
  if (namesOutput !== null)
    await writeFileAtomic({ ...namesOutput, data: likelyNamesFile(results, threshold) }, { command: 'crack', force });
  if (!options.json) process.stderr.write(crackSummaryText(crack, threshold));
  process.exitCode = failedFiles > 0 || tally.possible > 0 || tally.none > 0 ? EXIT_FAILED : EXIT_OK;
}
