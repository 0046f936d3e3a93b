/**
 * Counting one resource into a census state: a decoded Skeleton (bones, names, SkeletonType, the
 * root-local comparison, every named check), a decoded SkeletonComponent (the length rule, addon
 * and track counts), or a refusal (the portion and Bone field it stopped in).
 */
import { SKELETON_COMPONENT_HEADER_SIZE, expectedComponentBodySize, type SkeletonComponent } from '../../formats/anvilnext/component.js';
import type { AnvilnextSkeleton } from '../../formats/anvilnext/skeleton.js';
import type { Dialect } from '../../formats/dialect.js';
import type { Resource } from '../../formats/resource.js';
import { skeletonFromResource } from '../../model/read.js';
import { runChecks } from '../checks/index.js';
import type { CheckResult, CheckSubject } from '../checks/index.js';
import type { Skeleton } from '../../model/skeleton.js';
import type { RefusalReport } from '../validate-resource.js';
import { BONES_PORTION, CENSUS_LAYOUTS, boneFields, layoutPortions, refusalPlace, type CensusLayout } from './portions.js';
import { MAX_CHECK_EXAMPLES, bump, bumpPortion, emptyCheckTally, keepExamples, type CensusState, type CheckTally, type LayoutState } from './state.js';
import type { AnvilnextReading } from '../../formats/anvilnext/reading.js';

/** Resolves a bone name hash (a NameDictionary fits). */
export interface NameResolver {
  resolve(hash: number): string | null;
}

/** What the tallies need besides the state: the portion names per layout and the name resolver. */
export interface TallyContext {
  portions: Readonly<Record<CensusLayout, readonly string[]>>;
  boneFields: Readonly<Record<CensusLayout, readonly string[]>>;
  names: NameResolver | null;
  boneName: ((hash: number) => string | null) | undefined;
}

export function tallyContext(reading: AnvilnextReading, names: NameResolver | null): TallyContext {
  const portions = {} as Record<CensusLayout, string[]>;
  const fields = {} as Record<CensusLayout, string[]>;
  for (const layout of CENSUS_LAYOUTS) {
    portions[layout] = layoutPortions(layout, reading).map((p) => p.name);
    fields[layout] = boneFields(layout).map((p) => p.name);
  }
  return { portions, boneFields: fields, names, boneName: names ? (hash) => names.resolve(hash) : undefined };
}

export const layoutOf = (kind: Resource['kind'], dialect: Dialect): CensusLayout => (kind === 'SkeletonComponent' ? 'component' : dialect);

function holdAll(layout: LayoutState, names: readonly string[], into: 'portions' | 'boneFields'): void {
  for (const name of names) bumpPortion(layout[into], name, 'held');
}

/** A Skeleton whose stored root local equals its own transform, lane for lane (exact f32 values). */
export function storedRootLocalEqualsOwn(record: AnvilnextSkeleton): boolean {
  const root = record.bones[0]!;
  for (let i = 0; i < 4; i++) {
    if (root.localPosition[i] !== record.ownPosition[i] || root.localRotation[i] !== record.ownRotation[i]) return false;
  }
  return true;
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

function tallySkeleton(state: CensusState, context: TallyContext, resource: Extract<Resource, { kind: 'Skeleton' }>): void {
  const record = resource.record;
  state.bones[resource.dialect] += record.bones.length;
  const names = context.names;
  if (names) {
    for (const bone of record.bones) if (names.resolve(bone.nameHash) !== null) state.names.resolved++;
  }
  state.names.total += record.bones.length;
  if (resource.dialect === 'anvilnext') {
    bump(state.skeletonTypes, String(resource.record.skeletonType));
    if (resource.record.bones.length > 0 && resource.record.root.kind === 'ref') {
      state.rootLocalCompared++;
      if (storedRootLocalEqualsOwn(resource.record)) state.rootLocalEqualsOwn++;
    }
  }
}

function tallyComponent(state: CensusState, record: SkeletonComponent, size: number): void {
  const addons = record.addons.length;
  const tracks = record.trackDefinitions.length;
  if (size - SKELETON_COMPONENT_HEADER_SIZE === expectedComponentBodySize(addons, tracks)) state.components.lengthRuleHolds++;
  bump(state.components.addons, String(addons));
  bump(state.components.tracks, String(tracks));
}

/** What a subject holds once its checks have run: nothing. */
const RELEASED: Skeleton = Object.freeze({ dialect: 'anvilnext', id: 0n, skeletonType: null, bones: [], ownTransform: null }) as Skeleton;

/**
 * Runs every named check on the Skeleton, then empties the subject, so that nothing a check
 * result might still reach holds the model and the record: they die young. (Offender lists once
 * kept their subject alive until a full collection; emptying it stays as a cheap guard.)
 */
function checkSkeleton(resource: Extract<Resource, { kind: 'Skeleton' }>, context: TallyContext): CheckResult[] {
  const subject: CheckSubject = { skeleton: skeletonFromResource(resource), record: resource.record, boneName: context.boneName };
  try {
    return runChecks(subject);
  } finally {
    subject.skeleton = RELEASED;
    subject.record = undefined;
    subject.boneName = undefined;
  }
}

/**
 * A resource read to its exact end: every portion and Bone field held. The model and the checks
 * are computed before anything is counted, so an error there leaves the state untouched.
 */
export function tallyDecoded(state: CensusState, context: TallyContext, file: string, resource: Resource, size: number): void {
  const results = resource.kind === 'Skeleton' ? checkSkeleton(resource, context) : [];
  const layoutName = layoutOf(resource.kind, resource.dialect);
  const layout = state.layouts[layoutName];
  layout.files++;
  layout.exact++;
  if (resource.kind === 'SkeletonComponent') tallyComponent(state, resource.record, size);
  else tallySkeleton(state, context, resource);
  for (const result of results) tallyCheck((state.checks[result.id] ??= emptyCheckTally()), result, file);
}

/**
 * A refused resource: the portions before the one it stopped in held, that one failed, the rest
 * were not reached. Inside `bones[i].field` that Bone field failed; the other Bone fields are not
 * established for every bone, so they count neither way. `refusal` null: refused by an unexpected
 * error with no place (nothing is attributed).
 */
export function tallyRefused(state: CensusState, context: TallyContext, file: string, kind: Resource['kind'], dialect: Dialect, refusal: RefusalReport | null, message: string): void {
  const layoutName = layoutOf(kind, dialect);
  const layout = state.layouts[layoutName];
  layout.files++;
  state.refusals.push({
    file,
    kind,
    dialect,
    offset: refusal?.offset ?? null,
    path: refusal?.path ?? '(internal)',
    expected: refusal?.expected ?? null,
    actual: refusal?.actual ?? null,
    message,
  });
  if (refusal === null) return;
  const place = refusalPlace(refusal.path);
  const order = context.portions[layoutName];
  const at = order.indexOf(place.portion);
  for (let i = 0; i < (at < 0 ? 0 : at); i++) bumpPortion(layout.portions, order[i]!, 'held');
  if (at >= 0) bumpPortion(layout.portions, place.portion, 'failed');
  if (at > order.indexOf(BONES_PORTION) && order.includes(BONES_PORTION)) holdAll(layout, context.boneFields[layoutName], 'boneFields');
  else if (place.boneField !== null) bumpPortion(layout.boneFields, place.boneField, 'failed');
}
