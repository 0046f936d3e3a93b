/**
 * Counting one resource into a census state: a decoded Skeleton (bones, names, SkeletonType, the
 * root-local comparison, every named check), a decoded SkeletonComponent (the length rule, addon
 * and track counts), or a refusal (the portion and Bone field it stopped in).
 */
import { readFailureReport } from '../../io/address.js';
import { SKELETON_COMPONENT_HEADER_SIZE, expectedComponentBodySize, type SkeletonComponent } from '../../formats/anvilnext/component.js';
import type { AnvilnextSkeleton } from '../../formats/anvilnext/skeleton.js';
import { quatLaneDifferenceOf } from '../../math/quaternion.js';
import { crc32 } from '../../names/crc32.js';
import { hex } from '../../names/hex.js';
import { counterpartName } from '../../names/side.js';
import type { LayoutName } from '../../formats/dialect.js';
import type { Resource, SkeletonResource } from '../../formats/resource.js';
import { skeletonFromResource } from '../../model/read.js';
import { boneOffsets } from '../bone-offsets.js';
import { runChecks } from '../checks/index.js';
import type { CheckResult, CheckSubject } from '../checks/index.js';
import { resolveBoneName } from '../checks/report.js';
import type { RefusalReport } from '../validate-resource.js';
import { BONES_PORTION, censusLayouts, boneFields, layoutPortions, refusalPlace, type CensusLayout } from './portions.js';
import {
  MAX_CHECK_EXAMPLES,
  bump,
  bumpPortion,
  emptyCheckTally,
  keepExamples,
  type CensusState,
  type CheckTally,
  emptyLayout,
  type LayoutAttempt,
  type LayoutState,
} from './state.js';
import { isDefaultReading, type Reading } from '../../formats/layout.js';
import { findLayout } from '../../formats/registry.js';
import type { Skeleton } from '../../model/skeleton.js';

/** Resolves a bone name hash (a NameDictionary fits). */
export interface NameResolver {
  /** The name with this CRC-32, or null when none is known. */
  resolve(hash: number): string | null;
}

/** What the tallies need besides the state: the portion names per layout and the name resolver. */
export interface TallyContext {
  portions: Readonly<Record<CensusLayout, readonly string[]>>;
  boneFields: Readonly<Record<CensusLayout, readonly string[]>>;
  names: NameResolver | null;
  boneName: ((hash: number) => string | null) | undefined;
  /** The names (and their Left/Right counterparts) of the hashes met so far; undefined without a resolver. */
  known: KnownNames | undefined;
}

/** Hashes remembered at most, so the cache stays small however many distinct names an install holds. */
const KNOWN_NAMES_AT_MOST = 1 << 16;
/**
 * The table's first size, as a power of two: room for 8,191 hashes at half load, so the few
 * thousand distinct bone names of an install never make it grow (each growth re-placed every
 * hash met, twice in a census of the inventory's 5,000).
 */
const KNOWN_NAMES_FIRST_BITS = 14;

/**
 * The names of the hashes met so far, with their Left/Right counterparts. Bone names repeat across
 * the Skeletons of an install: a probe of a small open-addressed table of the few thousand hashes
 * met is cheaper than a look-up in the whole dictionary, and it carries the counterpart the mirror
 * check compares. A resolver answers a hash the same way all census long.
 */
class KnownNames {
  /** Slot → 1 + the entry's position in `names`, 0 for an empty slot. */
  private slots = new Int32Array(1 << KNOWN_NAMES_FIRST_BITS);
  private keys = new Int32Array(1 << KNOWN_NAMES_FIRST_BITS);
  private shift = 32 - KNOWN_NAMES_FIRST_BITS;
  private names: (string | null)[] = [];
  private counterparts: (string | null)[] = [];

  constructor(private readonly resolve: (hash: number) => string | null) {}

  /**
   * The bones' names and counterparts, index-aligned (what `boneNames` and `counterpartName` give),
   * and how many of the names resolve.
   */
  of(skeleton: Skeleton): { names: (string | null)[]; counterparts: (string | null)[]; resolved: number } {
    const bones = skeleton.bones;
    const names = new Array<string | null>(bones.length);
    const counterparts = new Array<string | null>(bones.length);
    let resolved = 0;
    for (let index = 0; index < bones.length; index++) {
      const bone = bones[index];
      const entry = bone === undefined ? -1 : this.entry(bone.nameHash | 0);
      const name = entry < 0 ? null : this.names[entry]!;
      names[index] = name;
      counterparts[index] = entry < 0 ? null : this.counterparts[entry]!;
      if (name !== null) resolved++;
    }
    return { names, counterparts, resolved };
  }

  private entry(key: number): number {
    const mask = this.slots.length - 1;
    for (let slot = Math.imul(key, 0x9e3779b1) >>> this.shift; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot]!;
      if (held === 0) return this.add(key);
      if (this.keys[slot] === key) return held - 1;
    }
  }

  private add(key: number): number {
    if (this.names.length >= KNOWN_NAMES_AT_MOST) this.reset(this.slots.length);
    else if (2 * (this.names.length + 1) > this.slots.length) this.grow();
    const name = resolveBoneName(this.resolve, key >>> 0);
    const entry = this.names.length;
    this.names.push(name);
    this.counterparts.push(name === null ? null : this.interned(name, counterpartName(name)));
    this.place(key, entry);
    return entry;
  }

  /**
   * The resolver's own string for a counterpart it knows, else the counterpart: the mirror check
   * compares the counterpart with the mirror's resolved name on every paired bone, and the same
   * string object compares at once, where two equal strings compare letter by letter.
   */
  private interned(name: string, counterpart: string): string {
    // A name with no side is its own counterpart: the resolver's string already.
    if (counterpart === name) return name;
    const known = resolveBoneName(this.resolve, crc32(counterpart));
    return known === counterpart ? known : counterpart;
  }

  private place(key: number, entry: number): void {
    const mask = this.slots.length - 1;
    let slot = Math.imul(key, 0x9e3779b1) >>> this.shift;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = entry + 1;
    this.keys[slot] = key;
  }

  private grow(): void {
    const keys = this.keys;
    const slots = this.slots;
    // Taken before the reset, which empties them.
    const names = this.names;
    const counterparts = this.counterparts;
    this.reset(slots.length * 2);
    for (let slot = 0; slot < slots.length; slot++) {
      const held = slots[slot]!;
      if (held === 0) continue;
      this.place(keys[slot]!, this.names.length);
      this.names.push(names[held - 1]!);
      this.counterparts.push(counterparts[held - 1]!);
    }
  }

  private reset(size: number): void {
    this.slots = new Int32Array(size);
    this.keys = new Int32Array(size);
    this.shift = 32 - Math.log2(size);
    this.names = [];
    this.counterparts = [];
  }
}

export function tallyContext(reading: Reading, names: NameResolver | null): TallyContext {
  const portions = {} as Record<CensusLayout, string[]>;
  const fields = {} as Record<CensusLayout, string[]>;
  for (const layout of censusLayouts()) {
    portions[layout] = layoutPortions(layout, reading).map((p) => p.name);
    fields[layout] = boneFields(layout).map((p) => p.name);
  }
  const boneName = names ? (hash: number) => names.resolve(hash) : undefined;
  return { portions, boneFields: fields, names, boneName, known: boneName === undefined ? undefined : new KnownNames(boneName) };
}

export const layoutOf = (kind: Resource['kind'], dialect: LayoutName): CensusLayout =>
  kind === 'SkeletonComponent' ? 'component' : dialect;

function holdAll(layout: LayoutState, names: readonly string[], into: 'portions' | 'boneFields'): void {
  for (const name of names) bumpPortion(layout[into], name, 'held');
}

/**
 * A Skeleton whose stored root local equals its own transform: the exact f32 position lanes, and
 * the exact rotation lanes up to sign (q and −q are the same rotation, as every check treats them).
 */
export function storedRootLocalEqualsOwn(record: Pick<AnvilnextSkeleton, 'bones' | 'ownPosition' | 'ownRotation'>): boolean {
  const root = record.bones[0];
  if (root === undefined) return false;
  const p = root.localPosition;
  const own = record.ownPosition;
  if (p[0] !== own[0] || p[1] !== own[1] || p[2] !== own[2] || p[3] !== own[3]) return false;
  const q = root.localRotation;
  const r = record.ownRotation;
  return quatLaneDifferenceOf(q[0], q[1], q[2], q[3], r[0], r[1], r[2], r[3]) === 0;
}

/** Per layout, the last reading met and whether it is the layout's default (a census reads every file of a layout with one reading). */
const defaultReadings = new Map<string, { reading: object; isDefault: boolean }>();

/**
 * Whether the resource was read under its layout's default reading, whose declaration the declared
 * checks compare: only then does what its decoding found unmet stand for their scan.
 */
function readUnderDefault(resource: SkeletonResource): boolean {
  const reading = resource.reading;
  if (reading === undefined) return false;
  const known = defaultReadings.get(resource.dialect);
  if (known !== undefined && known.reading === reading) return known.isDefault;
  const layout = findLayout(resource.dialect);
  const isDefault = layout !== undefined && isDefaultReading(layout, reading);
  defaultReadings.set(resource.dialect, { reading, isDefault });
  return isDefault;
}

/** Offenders of one failed Proven check kept per file for the report. */
const PROVEN_OFFENDERS_KEPT = 5;

function tallyProvenFailure(state: CensusState, result: CheckResult, file: string, offsets: ReadonlyMap<number, number>): void {
  for (const offender of result.offenders.slice(0, PROVEN_OFFENDERS_KEPT)) {
    state.provenFailures.push({
      file,
      check: result.id,
      bone: offender.bone,
      name: offender.name ?? null,
      offset: offsets.get(offender.bone) ?? null,
      message: offender.message,
    });
  }
}

function tallyCheck(tally: CheckTally, result: CheckResult, file: string): void {
  switch (result.status) {
    case 'held':
      tally.held++;
      break;
    case 'failed':
      tally.failed++;
      if (result.confidence === 'Proven') tally.provenFailed++;
      break;
    case 'noted':
      tally.noted++;
      break;
    case 'not-applicable':
      tally.notApplicable++;
      return;
  }
  bump(tally.byConfidence, result.confidence);
  tally.offenders += result.offenderCount;
  const first = result.offenders[0];
  if (first !== undefined && result.status !== 'held') {
    tally.examples.push({ file, bone: first.bone, message: first.message });
    if (tally.examples.length > 2 * MAX_CHECK_EXAMPLES) tally.examples = keepExamples(tally.examples);
  }
}

function tallySkeleton(state: CensusState, resource: SkeletonResource, skeleton: Skeleton, resolvedNames: number): void {
  const record = resource.record;
  state.bones[resource.dialect] = (state.bones[resource.dialect] ?? 0) + record.bones.length;
  state.names.resolved += resolvedNames;
  state.names.total += record.bones.length;
  // What the anvilnext family stores: 64-bit ids that components name, a SkeletonType where the
  // layout has one, and the own transform the root local is compared with.
  if (findLayout(resource.dialect)?.family !== 'anvilnext') return;
  state.references.skeletonIds.push(hex(skeleton.id, 16));
  if (skeleton.skeletonType !== null) bump(state.skeletonTypes, String(skeleton.skeletonType));
  const root = record.root as { kind?: string } | undefined;
  if (skeleton.bones.length > 0 && root?.kind === 'ref') {
    state.rootLocalCompared++;
    if (storedRootLocalEqualsOwn(record as AnvilnextSkeleton)) state.rootLocalEqualsOwn++;
  }
}

function tallyComponent(state: CensusState, file: string, record: SkeletonComponent, size: number): void {
  state.references.components.push({ file, main: hex(record.mainSkeleton.id, 16), addons: record.addons.map((a) => hex(a.id, 16)) });
  const addons = record.addons.length;
  const tracks = record.trackDefinitions.length;
  if (size - SKELETON_COMPONENT_HEADER_SIZE === expectedComponentBodySize(addons, tracks)) state.components.lengthRuleHolds++;
  bump(state.components.addons, String(addons));
  bump(state.components.tracks, String(tracks));
}

/** What the census learns from a Skeleton beyond its record: the check results and its bones' names. */
interface CheckedSkeleton {
  skeleton: Skeleton;
  results: CheckResult[];
  /** How many of its bones' names resolve (0 when the census has no name resolver). */
  resolvedNames: number;
}

/**
 * Resolves the bones' names once (the census counts them; the checks reuse them) and runs every
 * named check on the Skeleton, without summaries (the census report has none). The results are
 * plain data that reach neither the subject nor its offender list, so the model and the record
 * die young once this returns.
 */
function checkSkeleton(resource: SkeletonResource, context: TallyContext, unmet: readonly string[] | undefined): CheckedSkeleton {
  const skeleton = skeletonFromResource(resource);
  const known = context.known?.of(skeleton);
  const names = known?.names;
  const subject: CheckSubject = {
    skeleton,
    record: resource.record,
    boneName: context.boneName,
    names,
    counterparts: known?.counterparts,
    summaries: false,
    details: false,
  };
  if (unmet !== undefined && readUnderDefault(resource)) subject.unmet = unmet;
  return { skeleton, results: runChecks(subject), resolvedNames: known?.resolved ?? 0 };
}

const NONE_FAILED: readonly CheckResult[] = Object.freeze([]);
const NO_OFFSETS: ReadonlyMap<number, number> = new Map();

/** The failed Proven results; the shared empty list in the common case where none failed (no array each Skeleton). */
function provenFailures(results: readonly CheckResult[]): readonly CheckResult[] {
  let failed: CheckResult[] | undefined;
  for (const result of results) if (result.status === 'failed' && result.confidence === 'Proven') (failed ??= []).push(result);
  return failed ?? NONE_FAILED;
}

/**
 * A resource read to its exact end: every portion and Bone field held. The model and the checks
 * are computed before anything is counted, so an error there leaves the state untouched.
 */
export function tallyDecoded(
  state: CensusState,
  context: TallyContext,
  file: string,
  resource: Resource,
  size: number,
  bytes?: Uint8Array,
  unmet?: readonly string[],
): void {
  const checked = resource.kind === 'Skeleton' ? checkSkeleton(resource, context, unmet) : null;
  const provenFailed = checked === null ? NONE_FAILED : provenFailures(checked.results);
  // Offsets need a second decode with spans: paid only by the rare file that fails a Proven check.
  const offsets = provenFailed.length > 0 && bytes !== undefined ? boneOffsets(bytes, resource) : NO_OFFSETS;
  const layoutName = layoutOf(resource.kind, resource.dialect);
  const layout = (state.layouts[layoutName] ??= emptyLayout());
  layout.files++;
  layout.exact++;
  if (resource.kind === 'SkeletonComponent') tallyComponent(state, file, resource.record, size);
  else if (checked !== null) {
    tallySkeleton(state, resource, checked.skeleton, checked.resolvedNames);
    for (const result of checked.results) tallyCheck((state.checks[result.id] ??= emptyCheckTally()), result, file);
    for (const result of provenFailed) tallyProvenFailure(state, result, file, offsets);
  }
}

/**
 * A refused resource: the portions before the one it stopped in held, that one failed, the rest
 * were not reached. Inside `bones[i].field` that Bone field failed; the other Bone fields are not
 * established for every bone, so they count neither way. `refusal` null: refused by an unexpected
 * error with no place (nothing is attributed).
 */
export function tallyRefused(
  state: CensusState,
  context: TallyContext,
  file: string,
  kind: Resource['kind'],
  dialect: LayoutName,
  refusal: RefusalReport | null,
  message: string,
  candidates?: LayoutAttempt[],
): void {
  const layoutName = layoutOf(kind, dialect);
  const layout = (state.layouts[layoutName] ??= emptyLayout());
  layout.files++;
  state.refusals.push({
    file,
    kind,
    dialect,
    ...(refusal === null ? readFailureReport(message, '(internal)') : { ...refusal, message }),
    ...(candidates !== undefined && candidates.length > 1 ? { candidates } : {}),
  });
  if (refusal === null) return;
  const place = refusalPlace(refusal.path);
  const order = context.portions[layoutName] ?? [];
  const at = order.indexOf(place.portion);
  for (let i = 0; i < (at < 0 ? 0 : at); i++) bumpPortion(layout.portions, order[i]!, 'held');
  if (at >= 0) bumpPortion(layout.portions, place.portion, 'failed');
  if (at > order.indexOf(BONES_PORTION) && order.includes(BONES_PORTION))
    holdAll(layout, context.boneFields[layoutName] ?? [], 'boneFields');
  else if (place.boneField !== null) bumpPortion(layout.boneFields, place.boneField, 'failed');
}
