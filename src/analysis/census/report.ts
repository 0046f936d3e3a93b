/**
 * The census report: the JSON contract, built from a census state in one canonical key
 * order (count maps sorted by number, checks in registry order, refusals by file), so the same
 * corpus gives the same text however it was read.
 */
import { CHECKS, checkById } from '../checks/index.js';
import type { CheckConfidence } from '../checks/index.js';
import type { LayoutName } from '../../formats/dialect.js';
import { boneFields, censusLayouts, layoutPortions, type CensusLayout } from './portions.js';
import type { Reading } from '../../formats/layout.js';
import { findLayout } from '../../formats/registry.js';
import { keepExamples, type CensusRefusal, type CensusState, type CheckExample, type HeldFailed, type ProvenFailure } from './state.js';

/**
 * One row of a census table: a portion or Bone field by name, with the files that held it and that were refused inside it.
 */
export interface PortionCount extends HeldFailed {
  /** The portion's or field's name, e.g. `bones` or `parent`. */
  name: string;
}

/** A layout's rows of the census: files, those read exactly, and each portion and Bone field in order. */
export interface LayoutReport {
  /** Files of the layout (read to the end or refused). */
  files: number;
  /** Those read to their exact end. */
  exact: number;
  /** Declared portions in order, then `(end)`: files read past each, and refused inside it. */
  portions: PortionCount[];
  /** Bone fields in order: Skeletons whose every bone was read past each, and refused inside it. */
  boneFields: PortionCount[];
}

/**
 * One named check over the census: how many Skeletons it held, failed, noted or did not apply to, with a few examples.
 */
export interface CheckReport {
  /** The check's title. */
  title: string;
  /** The check's declared confidence (per dialect it may differ: see `byConfidence`). */
  confidence: CheckConfidence | null;
  /** Skeletons on which the fact held. */
  held: number;
  /** Skeletons on which it failed. */
  failed: number;
  /** Skeletons on which an Informative check did not hold (never a failure). */
  noted: number;
  /** Skeletons it does not apply to. */
  notApplicable: number;
  /** Offending bones over every Skeleton. */
  offenders: number;
  /** Failures where the check is Proven for the Skeleton's dialect: these make the census not `ok`. */
  provenFailed: number;
  /** Skeletons checked, per the confidence the check has for their dialect. */
  byConfidence: Partial<Record<CheckConfidence, number>>;
  /** The first offending bones in file order (a few at most). */
  examples: CheckExample[];
}

/** How the census's components resolve against the Skeletons it read; see {@link CensusReport}. */
export interface ComponentResolution {
  /** Components whose main and every addon are Skeletons of the corpus. */
  complete: number;
  /** Components whose main Skeleton is not in the corpus. */
  mainMissing: number;
  /** Components with at least one addon not in the corpus. */
  addonMissing: number;
  /** Each component, by file: its main and addon ids and those not found. */
  components: { file: string; main: string; addons: string[]; missing: string[] }[];
}

/** Resolves every component's references against the Skeleton ids read, in file order. */
function componentResolution(state: CensusState): ComponentResolution {
  const ids = new Set(state.references.skeletonIds);
  const components = [...state.references.components]
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
    .map((c) => ({ file: c.file, main: c.main, addons: [...c.addons], missing: [c.main, ...c.addons].filter((id) => !ids.has(id)) }));
  return {
    complete: components.filter((c) => c.missing.length === 0).length,
    mainMissing: components.filter((c) => !ids.has(c.main)).length,
    addonMissing: components.filter((c) => c.addons.some((id) => !ids.has(id))).length,
    components,
  };
}

/**
 * The census report (`census --json`): counts of files, Skeletons, bones and components, name
 * resolution, every named check and every refusal. Plain data with no bigint, ready for `JSON.stringify`.
 */
export interface CensusReport {
  /** Files seen. */
  files: number;
  /** Files of other classes, empty ones included. */
  skipped: number;
  /** Files that could not be read at all (counted by `addUnreadable`). */
  unreadable: number;
  /** Archives whose tables were refused, and refused index entries and data files of archives: each one file not read. */
  archiveRefused: number;
  /** Skeletons in all, read exactly and refused, and per layout. */
  skeletons: {
    total: number;
    exact: number;
    refused: number;
    byDialect: Record<LayoutName, number>;
    exactByDialect: Record<LayoutName, number>;
  };
  /** Bones of the Skeletons read to their end. */
  bones: number;
  /** Bones per layout. */
  bonesByDialect: Record<LayoutName, number>;
  /** SkeletonType value → decoded anvilnext Skeletons. */
  skeletonTypes: Record<string, number>;
  /** Stored root local equal to the own transform: exact equality of the eight stored f32 lanes. */
  rootLocalEqualsOwn: number;
  /** Decoded anvilnext Skeletons with bones and a root reference (02): those compared. */
  rootLocalCompared: number;
  /** SkeletonComponents in all, read exactly and refused, the length rule, and the spread of addon and track counts. */
  components: {
    total: number;
    exact: number;
    refused: number;
    /** Body length = 56 + 10 × addons + 20 × tracks. */
    lengthRuleHolds: number;
    addons: Record<string, number>;
    tracks: Record<string, number>;
    /**
     * Whether each component read to its end names Skeletons the corpus holds (anvilnext Skeletons
     * read to their end, by object id): how many have every reference found, a missing main, a
     * missing addon, and per component (by file) the ids not found.
     */
    resolution: ComponentResolution;
  };
  /** Bone name hashes that resolved, of all counted. */
  names: { resolved: number; total: number };
  /** Each named check, by id, in registry order. */
  checks: Record<string, CheckReport>;
  /** Each layout's portions and Bone fields. */
  layouts: Record<CensusLayout, LayoutReport>;
  /** The reading choices the census read with (every registered layout's, defaults filled in). */
  reading: Reading;
  /** True when every Skeleton and SkeletonComponent read to its exact end, every file could be read and no Proven check failed. */
  ok: boolean;
  /** Every refused or unreadable file: by file, a record in an archive by entry number and resource index, then by offset. */
  refusals: CensusRefusal[];
  /** Every kept offender of a failed Proven check, by file, check and bone. */
  provenFailures: ProvenFailure[];
  /** Paths inside walked directories that were skipped unread (files over the size limit, FIFOs, devices, sockets, symlink loops, dangling links), by path. */
  skippedPaths: { path: string; reason: string }[];
}

const numerically = (a: string, b: string): number => Number(a) - Number(b) || (a < b ? -1 : a > b ? 1 : 0);

function sortedCounts(counts: Readonly<Record<string, number>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of Object.keys(counts).sort(numerically)) out[key] = counts[key]!;
  return out;
}

/** Every exactly-read file holds every row; the state counts only what the refused ones held. */
function ordered(names: readonly string[], exact: number, counts: Readonly<Record<string, HeldFailed>>): PortionCount[] {
  return names.map((name) => ({ name, held: exact + (counts[name]?.held ?? 0), failed: counts[name]?.failed ?? 0 }));
}

/**
 * A refusal's file as the parts it sorts by: inside an archive the label reads
 * `archive: entry N "name"` or `archive: entry N "name": resource I "name"` (the names quoted as
 * JSON strings, so a quote inside is escaped), and entries and resources sort by number, so entry
 * 2 comes before entry 10; the archive's own refusal (no entry) before its entries'.
 */
function refusalPlace(file: string): { base: string; entry: number; resource: number; rest: string } {
  const label = /^(.*?): entry (\d+) "(?:[^"\\]|\\.)*"(?:: resource (\d+) "(?:[^"\\]|\\.)*")?/.exec(file);
  if (label === null) return { base: file, entry: -1, resource: -1, rest: '' };
  return {
    base: label[1]!,
    entry: Number(label[2]),
    resource: label[3] === undefined ? -1 : Number(label[3]),
    rest: file.slice(label[0].length),
  };
}

const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** By file (an archive's records by entry number, then resource index), then offset, then message. */
export function compareRefusals(a: CensusRefusal, b: CensusRefusal): number {
  if (a.file !== b.file) {
    const x = refusalPlace(a.file);
    const y = refusalPlace(b.file);
    const order = byString(x.base, y.base) || x.entry - y.entry || x.resource - y.resource || byString(x.rest, y.rest);
    if (order !== 0) return order;
  }
  return (a.offset ?? -1) - (b.offset ?? -1) || byString(a.file, b.file) || byString(a.message, b.message);
}

function compareFailures(a: ProvenFailure, b: ProvenFailure): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  if (a.check !== b.check) return a.check < b.check ? -1 : 1;
  return a.bone - b.bone;
}

function checksReport(state: CensusState): Record<string, CheckReport> {
  const known = CHECKS.map((c) => c.id).filter((id) => id in state.checks);
  const other = Object.keys(state.checks)
    .filter((id) => !known.includes(id))
    .sort();
  const out: Record<string, CheckReport> = {};
  for (const id of [...known, ...other]) {
    const tally = state.checks[id]!;
    const check = checkById(id);
    const byConfidence: Partial<Record<CheckConfidence, number>> = {};
    for (const key of Object.keys(tally.byConfidence).sort() as CheckConfidence[]) byConfidence[key] = tally.byConfidence[key]!;
    out[id] = {
      title: check?.title ?? id,
      confidence: check?.confidence ?? null,
      held: tally.held,
      failed: tally.failed,
      noted: tally.noted,
      notApplicable: tally.notApplicable,
      offenders: tally.offenders,
      provenFailed: tally.provenFailed,
      byConfidence,
      examples: keepExamples([...tally.examples]),
    };
  }
  return out;
}

export function censusReport(state: CensusState, reading: Reading): CensusReport {
  const layouts = {} as Record<CensusLayout, LayoutReport>;
  // The seed's layouts and the component always; a sibling layout once the census met one.
  const names = new Set(
    [...censusLayouts(), ...Object.keys(state.layouts)].filter(
      (layout) => layout === 'component' || findLayout(layout)?.source === 'seed' || (state.layouts[layout]?.files ?? 0) > 0,
    ),
  );
  for (const layout of names) {
    const s = state.layouts[layout] ?? { files: 0, exact: 0, portions: {}, boneFields: {} };
    layouts[layout] = {
      files: s.files,
      exact: s.exact,
      portions: ordered(
        layoutPortions(layout, reading).map((p) => p.name),
        s.exact,
        s.portions,
      ),
      boneFields: ordered(
        boneFields(layout).map((p) => p.name),
        s.exact,
        s.boneFields,
      ),
    };
  }
  const skeletonLayouts = [...names].filter((layout) => layout !== 'component');
  const c = layouts.component!;
  const checks = checksReport(state);
  const refusals = [...state.refusals].sort(compareRefusals);
  const provenFailed = Object.values(checks).reduce((n, check) => n + check.provenFailed, 0);
  const byDialect: Record<string, number> = {};
  const exactByDialect: Record<string, number> = {};
  const bonesByDialect: Record<string, number> = {};
  for (const layout of skeletonLayouts) {
    byDialect[layout] = layouts[layout]!.files;
    exactByDialect[layout] = layouts[layout]!.exact;
    bonesByDialect[layout] = state.bones[layout] ?? 0;
  }
  const sum = (counts: Record<string, number>): number => Object.values(counts).reduce((a, b) => a + b, 0);
  return {
    files: state.files,
    skipped: state.skipped,
    unreadable: state.unreadable,
    archiveRefused: state.archiveRefused,
    skeletons: {
      total: sum(byDialect),
      exact: sum(exactByDialect),
      refused: sum(byDialect) - sum(exactByDialect),
      byDialect,
      exactByDialect,
    },
    bones: sum(bonesByDialect),
    bonesByDialect,
    skeletonTypes: sortedCounts(state.skeletonTypes),
    rootLocalEqualsOwn: state.rootLocalEqualsOwn,
    rootLocalCompared: state.rootLocalCompared,
    components: {
      total: c.files,
      exact: c.exact,
      refused: c.files - c.exact,
      lengthRuleHolds: state.components.lengthRuleHolds,
      addons: sortedCounts(state.components.addons),
      tracks: sortedCounts(state.components.tracks),
      resolution: componentResolution(state),
    },
    names: { resolved: state.names.resolved, total: state.names.total },
    checks,
    layouts,
    reading: { ...reading },
    ok: refusals.length === 0 && provenFailed === 0,
    refusals,
    provenFailures: [...state.provenFailures].sort(compareFailures),
    skippedPaths: [...state.skippedPaths].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
  };
}
