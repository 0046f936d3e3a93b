/**
 * A census's running state: counters and refusals only, so its size does not grow with the number
 * of files read (only with the number of refused ones). Plain data throughout, so a worker can
 * post its partial state and the main thread can merge it; merging is order-free, so the report
 * is the same however the files were shared out.
 */
import type { LayoutName } from '../../formats/dialect.js';
import type { ProblemReport } from '../../io/address.js';
import { censusLayouts, type CensusLayout } from './portions.js';

/** Files that were read past a portion, and files refused inside it. */
export interface HeldFailed {
  /** Files that were read past this portion. */
  held: number;
  /** Files refused inside it. */
  failed: number;
}

/** A layout's running counts in a {@link CensusState}. */
export interface LayoutState {
  /** Files of the layout, read to the end or refused. */
  files: number;
  /** Those read to their exact end. */
  exact: number;
  /**
   * Per declared portion (and END_PORTION), from the refused files only: a file read to its exact
   * end holds every portion, so the report adds `exact` to `held` (and nothing is counted per
   * portion for the files that hold them all).
   */
  portions: Record<string, HeldFailed>;
  /** Per Bone field, from the refused files only: `held` counts Skeletons whose every bone was read past the field. */
  boneFields: Record<string, HeldFailed>;
}

/**
 * One file that failed: a refused Skeleton or SkeletonComponent, a path that could not be read
 * (`unreadable`: missing, permission denied, too large, not a regular file), a file named
 * explicitly that is not a resource we read (`not-a-resource`), or an archive's tables, index
 * entry or data file refused (`archive`, with the archive offset and field path).
 */
export type CensusRefusal = CensusRefusalPlace & ProblemReport;

/**
 * What a census refusal says besides the refusal itself (its offset — in the archive for
 * `archive` —, field path such as `bones[3].parent` or `(root)` for bytes left after the end,
 * expectation, finding and message; or, for a failure to read, the same fields null and the path
 * `(file)`).
 */
export interface CensusRefusalPlace {
  /** The file as it was added. */
  file: string;
  /**
   * The class its header named, `unreadable`, `not-a-resource` (a file named explicitly that is
   * not one), or `archive` (an archive's tables, index entry or data file refused).
   */
  kind: 'Skeleton' | 'SkeletonComponent' | 'unreadable' | 'not-a-resource' | 'archive';
  /** The layout it was read with; null when unreadable. */
  dialect: LayoutName | null;
  /**
   * When several layouts fit the header and every one refused the file: where each stopped (the
   * first is the refusal above). Absent when one layout was tried.
   */
  candidates?: LayoutAttempt[];
}

/** Where one layout stopped reading a file it refused. */
export interface LayoutAttempt {
  /** The layout. */
  dialect: LayoutName;
  /** The furthest offset it reached: the refusal's offset. */
  offset: number;
  /** The field path of the refusal. */
  path: string;
  /** The whole message. */
  message: string;
}

/** A few offenders of a check, for the report (the census keeps counts, not every offender). */
export interface CheckExample {
  /** The file. */
  file: string;
  /** The offending bone's index (−1: the skeleton as a whole). */
  bone: number;
  /** The offence. */
  message: string;
}

/** One offending bone of a failed Proven check, with where its record starts: what stderr names. */
export interface ProvenFailure {
  file: string;
  check: string;
  /** Bone index; −1 for the skeleton as a whole. */
  bone: number;
  name: string | null;
  /** Offset of the bone's record in the file; null when not known. */
  offset: number | null;
  message: string;
}

/** A named check's running counts in a {@link CensusState}. */
export interface CheckTally {
  /** Skeletons on which the fact held. */
  held: number;
  /** Skeletons on which it failed. */
  failed: number;
  /** Informative checks that did not hold (never failures). */
  noted: number;
  /** Skeletons it does not apply to. */
  notApplicable: number;
  /** Offending bones over every Skeleton. */
  offenders: number;
  /** Failures where the check is Proven for the Skeleton's dialect: these fail the census. */
  provenFailed: number;
  /** Skeletons checked (held, failed or noted) per confidence the check has for their dialect. */
  byConfidence: Record<string, number>;
  /** The first few offenders, in file order. */
  examples: CheckExample[];
}

/**
 * A census's running state as plain data: what `CensusAccumulator.state()` and `take()` return and
 * `merge()` accepts, so a worker can post its partial census for the main thread to merge.
 */
export interface CensusState {
  /** Files added. */
  files: number;
  /** Files of other classes (including empty ones): not Skeletons or SkeletonComponents by header. */
  skipped: number;
  /** Files that could not be read. */
  unreadable: number;
  /** Archives whose tables were refused, and refused index entries and data files: each one file not read. */
  archiveRefused: number;
  /** Per layout's running counts. */
  layouts: Record<CensusLayout, LayoutState>;
  /** Bones of the Skeletons read to their end, per dialect. */
  bones: Record<LayoutName, number>;
  /** SkeletonType value → decoded anvilnext Skeletons. */
  skeletonTypes: Record<string, number>;
  /** anvilnext Skeletons whose stored root local equals the own transform. */
  rootLocalEqualsOwn: number;
  /** Decoded anvilnext Skeletons with bones and a root reference: the N of "M of N". */
  rootLocalCompared: number;
  /** The component length rule and the spread of addon and track counts. */
  components: { lengthRuleHolds: number; addons: Record<string, number>; tracks: Record<string, number> };
  /**
   * Ids (`0x` + 16 hex digits) of the anvilnext Skeletons read to their end, and the ids each
   * component read to its end names: a few per file, kept so the report can say whether every
   * component's main and addons are in the corpus, however the files were shared out.
   */
  references: { skeletonIds: string[]; components: ComponentReferences[] };
  /** Bone name hashes resolved, of all counted. */
  names: { resolved: number; total: number };
  /** Each named check's counts, by id. */
  checks: Record<string, CheckTally>;
  /** Every refused or unreadable file. */
  refusals: CensusRefusal[];
  /** Every offender of a failed Proven check (a few per check and file): rare, and each fails the census. */
  provenFailures: ProvenFailure[];
  /** Paths not read and not failed (a file over the size limit, a FIFO, a symlink loop or a dangling link inside a walked directory), with the reason. */
  skippedPaths: { path: string; reason: string }[];
}

/** The Skeleton ids one SkeletonComponent names, as `0x` + 16 hex digits. */
export interface ComponentReferences {
  /** The component's file. */
  file: string;
  /** The main Skeleton's id. */
  main: string;
  /** The addon Skeletons' ids, in the component's order. */
  addons: string[];
}

/** Offender examples kept per check. */
export const MAX_CHECK_EXAMPLES = 5;

export function emptyLayout(): LayoutState {
  return { files: 0, exact: 0, portions: {}, boneFields: {} };
}

export function emptyCensusState(): CensusState {
  return {
    files: 0,
    skipped: 0,
    unreadable: 0,
    archiveRefused: 0,
    layouts: Object.fromEntries(censusLayouts().map((layout) => [layout, emptyLayout()])),
    bones: Object.fromEntries(censusLayouts().flatMap((layout) => (layout === 'component' ? [] : [[layout, 0]]))),
    skeletonTypes: {},
    rootLocalEqualsOwn: 0,
    rootLocalCompared: 0,
    components: { lengthRuleHolds: 0, addons: {}, tracks: {} },
    references: { skeletonIds: [], components: [] },
    names: { resolved: 0, total: 0 },
    checks: {},
    refusals: [],
    provenFailures: [],
    skippedPaths: [],
  };
}

export function emptyCheckTally(): CheckTally {
  return { held: 0, failed: 0, noted: 0, notApplicable: 0, offenders: 0, provenFailed: 0, byConfidence: {}, examples: [] };
}

/** Adds `n` to a counter of a string-keyed tally. */
export function bump(tally: Record<string, number>, key: string, n = 1): void {
  tally[key] = (tally[key] ?? 0) + n;
}

export function bumpPortion(tally: Record<string, HeldFailed>, key: string, which: keyof HeldFailed): void {
  const entry = (tally[key] ??= { held: 0, failed: 0 });
  entry[which]++;
}

function addCounts(into: Record<string, number>, from: Readonly<Record<string, number>>): void {
  for (const [key, n] of Object.entries(from)) bump(into, key, n);
}

function addPortions(into: Record<string, HeldFailed>, from: Readonly<Record<string, HeldFailed>>): void {
  for (const [key, value] of Object.entries(from)) {
    const entry = (into[key] ??= { held: 0, failed: 0 });
    entry.held += value.held;
    entry.failed += value.failed;
  }
}

const byFileThenBone = (a: CheckExample, b: CheckExample): number => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.bone - b.bone);

/** Keeps the first MAX_CHECK_EXAMPLES examples in file order: the same whatever the merge order. */
export function keepExamples(examples: CheckExample[]): CheckExample[] {
  return examples.sort(byFileThenBone).slice(0, MAX_CHECK_EXAMPLES);
}

function addCheck(into: CheckTally, from: Readonly<CheckTally>): void {
  into.held += from.held;
  into.failed += from.failed;
  into.noted += from.noted;
  into.notApplicable += from.notApplicable;
  into.offenders += from.offenders;
  into.provenFailed += from.provenFailed;
  addCounts(into.byConfidence, from.byConfidence);
  into.examples = keepExamples([...into.examples, ...from.examples]);
}

/** Adds `from` into `into` (which is changed). */
export function mergeCensusState(into: CensusState, from: Readonly<CensusState>): CensusState {
  into.files += from.files;
  into.skipped += from.skipped;
  into.unreadable += from.unreadable;
  into.archiveRefused += from.archiveRefused;
  for (const [layout, b] of Object.entries(from.layouts)) {
    const a = (into.layouts[layout] ??= emptyLayout());
    a.files += b.files;
    a.exact += b.exact;
    addPortions(a.portions, b.portions);
    addPortions(a.boneFields, b.boneFields);
  }
  for (const [dialect, bones] of Object.entries(from.bones)) into.bones[dialect] = (into.bones[dialect] ?? 0) + bones;
  addCounts(into.skeletonTypes, from.skeletonTypes);
  into.rootLocalEqualsOwn += from.rootLocalEqualsOwn;
  into.rootLocalCompared += from.rootLocalCompared;
  into.components.lengthRuleHolds += from.components.lengthRuleHolds;
  addCounts(into.components.addons, from.components.addons);
  addCounts(into.components.tracks, from.components.tracks);
  into.references.skeletonIds.push(...from.references.skeletonIds);
  into.references.components.push(...from.references.components);
  into.names.resolved += from.names.resolved;
  into.names.total += from.names.total;
  for (const [id, tally] of Object.entries(from.checks)) addCheck((into.checks[id] ??= emptyCheckTally()), tally);
  into.refusals.push(...from.refusals);
  into.provenFailures.push(...from.provenFailures);
  into.skippedPaths.push(...from.skippedPaths);
  return into;
}
