/**
 * The readers under fuzz and the contract each must keep on any input. A check returns how the
 * reader answered and throws a Violation when the answer breaks the contract:
 *
 * - resource readers: decode, and then re-encode to exactly the input bytes; or refuse with a
 *   ParseError that names an offset inside the input, a field path, what was expected and what
 *   was found; or (auto-detection) say the header is neither class. Anything else is a violation.
 * - name lists and hashes: never throw, and return what their documentation promises.
 * - memory-dump pose search: never throw, report offsets inside the dump, and find the same
 *   array however the dump is cut into chunks.
 * - what the commands do with a decoded resource (model, JSON, text, named checks, hex dump,
 *   glTF export, census): never throw, except the export's own `glTF export:` refusals.
 * - the generated readers: decode exactly what the declarations decode, to the same values, and
 *   refuse exactly what they refuse, at the same offset with the same words.
 *
 * The campaign (scripts/fuzz.ts), the property tests and the regression replay share these.
 */
import { BONE_MODIFIER_CLASS_HASH, CLASS } from '../../src/formats/classes.js';
import { ANVILNEXT_READING_CHOICES, ANVILNEXT_READING_DEFAULTS, type AnvilnextReading } from '../../src/formats/anvilnext/reading.js';
import type { Dialect } from '../../src/formats/dialect.js';
import type { Layout } from '../../src/formats/layout.js';
import { isDeepStrictEqual } from 'node:util';
import { CensusAccumulator } from '../../src/analysis/census.js';
import { checkSkeletonResource } from '../../src/analysis/check-resource.js';
import { createPoseScanner } from '../../src/analysis/pose-find.js';
import { classifyHeader, readResource, resourceCodec, writeResource, type ReadResult } from '../../src/formats/resource.js';
import { decodeFastResult, decodeTrackedResult, type Decoded } from '../../src/grammar/decode.js';
import { layouts } from '../../src/formats/registry.js';
import { isDefaultReading } from '../../src/formats/layout.js';
import { CHECKS } from '../../src/analysis/checks/index.js';
import { declaredCheckFields } from '../../src/analysis/checks/declared.js';
import { buildGltfDocument } from '../../src/export/gltf.js';
import { annotatedHexDump } from '../../src/export/hexdump.js';
import { componentToJson, skeletonToJson } from '../../src/export/json.js';
import { componentText, skeletonText } from '../../src/export/text.js';
import { EncodeError, ParseError } from '../../src/io/errors.js';
import { skeletonFromResource } from '../../src/model/read.js';
import type { Skeleton } from '../../src/model/skeleton.js';
import { formatHash, parseHash } from '../../src/names/crc32.js';
import { parseNameList } from '../../src/names/name-list.js';
import { sampleCorpus, sampleNames } from '../../src/samples/corpus.js';
import { fnv1a, Rng } from './random.js';

export type ViolationKind = 'exception' | 'roundtrip' | 'error-shape' | 'oracle' | 'slow' | 'memory';

/** A reader broke its contract on an input. */
export class Violation extends Error {
  override name = 'Violation';
  constructor(
    readonly kind: ViolationKind,
    message: string,
    override readonly cause?: unknown,
  ) {
    super(`${kind}: ${message}`);
  }
}

export type Outcome = 'decoded' | 'refused' | 'skipped';

export interface Verdict {
  outcome: Outcome;
  /** What the reader returned, kept alive until the caller has measured memory. */
  value?: unknown;
}

/** A reader under fuzz: a name (also the prefix of its regression files) and its checked call. */
export interface FuzzTarget {
  name: string;
  description: string;
  check(input: Uint8Array): Verdict;
}

function describeError(error: unknown): string {
  if (error instanceof Error)
    return `${error.name}: ${error.message}${error.stack ? `\n${error.stack.split('\n').slice(1, 6).join('\n')}` : ''}`;
  return String(error);
}

const MESSAGE_SHAPE = /^offset 0x[0-9A-F]+ \((\d+)\): \S.*: expected .+, got .+$/s;

/** A refusal must say where (an offset inside the input), in which field, what was expected and found. */
export function checkParseError(error: ParseError, length: number): void {
  const problems: string[] = [];
  if (!Number.isInteger(error.offset) || error.offset < 0 || error.offset > length)
    problems.push(`offset ${error.offset} outside [0, ${length}]`);
  if (typeof error.path !== 'string' || error.path.length === 0) problems.push('empty path');
  if (!error.expected) problems.push('empty expected');
  if (!error.actual) problems.push('empty actual');
  const shape = MESSAGE_SHAPE.exec(error.message);
  if (!shape) problems.push(`message not in the ParseError shape: ${JSON.stringify(error.message.slice(0, 200))}`);
  else if (Number(shape[1]) !== error.offset) problems.push('message offset differs from error.offset');
  if (problems.length > 0) throw new Violation('error-shape', `${problems.join('; ')} (${error.message.slice(0, 200)})`, error);
}

function firstDifference(a: Uint8Array, b: Uint8Array): number | null {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? null : n;
}

export interface ResourceReadSpec {
  dialect?: Dialect;
  reading?: Readonly<Record<string, string>>;
}

export interface CheckOptions {
  /**
   * Also hold what the other commands do with the input to their contracts (slower): the decode
   * with spans (`inspect --hex`) agrees with the plain decode and its spans lie inside the input,
   * the annotated hex dump is made, the glTF export builds or refuses with a `glTF export:` message,
   * and the census counts the file without an unexpected error.
   */
  commands?: boolean;
}

function guard<T>(what: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof Violation) throw error;
    throw new Violation('exception', `${what} threw ${describeError(error)}`, error);
  }
}

/** What `inspect` and `validate` do with a decoded resource: none of it may throw. */
function checkDecodedConsumers(result: ReadResult, length: number): void {
  const resource = result.resource;
  if (resource.kind !== 'Skeleton') {
    guard('inspect (component JSON and text)', () => componentText(componentToJson(resource.record, length), 'fuzz'));
    return;
  }
  const skeleton = guard('skeletonFromResource', () => skeletonFromResource(resource));
  guard('inspect (skeleton JSON and text)', () => skeletonText(skeletonToJson(skeleton, length), 'fuzz'));
  const checks = guard('validate checks', () => checkSkeletonResource(resource));
  // runChecks turns a check that throws into a failed result; on any decodable input that is a crash.
  const crashed = checks.find((c) => c.offenders.some((o) => o.message.startsWith('the check could not run')));
  if (crashed) throw new Violation('exception', `validate check ${crashed.id} could not run: ${crashed.summary ?? ''}`);
}

const GLTF_REFUSAL = /^glTF export: /;

/** The census counts any file; it turns an exception into an "unexpected error" refusal, which here is a crash. */
function checkCensus(input: Uint8Array, spec: ResourceReadSpec): void {
  const census = new CensusAccumulator({ dialect: spec.dialect, reading: spec.reading });
  guard('census addFile', () => census.addFile('fuzz', input));
  const unexpected = census.state().refusals.find((r) => r.message.startsWith('unexpected error'));
  if (unexpected) throw new Violation('exception', `census: ${unexpected.message}`);
  guard('census report', () => census.report());
}

/** The decode with spans, the hex dump, the glTF export, and the census. */
function checkCommandConsumers(input: Uint8Array, spec: ResourceReadSpec, plain: ReadResult | null, plainError: ParseError | null): void {
  checkCensus(input, spec);
  let tracked: ReadResult | null = null;
  let trackedError: ParseError | null = null;
  try {
    tracked = readResource(input, { ...spec, spans: true });
  } catch (error) {
    if (!(error instanceof ParseError)) throw new Violation('exception', `readResource with spans threw ${describeError(error)}`, error);
    trackedError = error;
  }
  if (plainError || trackedError) {
    if (plainError?.message !== trackedError?.message) {
      throw new Violation(
        'oracle',
        `decoding with spans and without disagree: ${plainError?.message ?? 'decoded'} / ${trackedError?.message ?? 'decoded'}`,
      );
    }
    return;
  }
  if ((plain === null) !== (tracked === null)) throw new Violation('oracle', 'decoding with spans and without disagree on the class');
  if (plain === null || tracked === null) return;
  if (!isDeepStrictEqual(plain.resource, tracked.resource))
    throw new Violation('oracle', 'decoding with spans gives another resource than without');
  const spans = tracked.spans ?? [];
  const bad = spans.find((sp) => !(sp.path.length > 0 && 0 <= sp.start && sp.start <= sp.end && sp.end <= input.length));
  if (bad) throw new Violation('oracle', `span ${JSON.stringify(bad)} is not inside the ${input.length}-byte input`);
  guard('inspect --hex (annotatedHexDump)', () => annotatedHexDump(input, spans));
  const resource = plain.resource;
  if (resource.kind === 'Skeleton') {
    const skeleton = skeletonFromResource(resource);
    try {
      buildGltfDocument(skeleton);
    } catch (error) {
      if (!(error instanceof Error && GLTF_REFUSAL.test(error.message)))
        throw new Violation('exception', `glTF export threw ${describeError(error)}`, error);
    }
  }
}

type Attempt = { value: unknown; error: null } | { value: null; error: ParseError };

function attempt(decode: () => unknown, what: string): Attempt {
  try {
    return { value: decode(), error: null };
  } catch (error) {
    if (!(error instanceof ParseError)) throw new Violation('exception', `${what} threw ${describeError(error)}`, error);
    return { value: null, error };
  }
}

/**
 * Every class the header fits is read twice: through the generated reader (the fast path, no
 * field paths) and through the declaration itself. Both must give the same value or the same
 * refusal (offset, expected, actual; the path is only the declaration's to give).
 */
export function checkGeneratedReaders(input: Uint8Array, spec: ResourceReadSpec = {}): void {
  for (const header of classifyHeader(input, spec.dialect)) {
    const codec = resourceCodec(header, spec.reading);
    const what = `${header.kind} (${header.dialect})`;
    const fast = attempt(() => decodeFastResult(codec, input), `the generated ${what} reader`);
    const declared = attempt(() => decodeTrackedResult(codec, input), `the ${what} declaration`);
    if (fast.error === null && declared.error === null) {
      const generated = fast.value as Decoded<unknown>;
      const declaration = declared.value as Decoded<unknown>;
      if (!isDeepStrictEqual(generated.value, declaration.value))
        throw new Violation('oracle', `the generated ${what} reader decodes another value than the declaration`);
      if (!isDeepStrictEqual(generated.unmet, declaration.unmet))
        throw new Violation(
          'oracle',
          `the generated ${what} reader misses other declared values than the declaration: ${generated.unmet.join(', ')} / ${declaration.unmet.join(', ')}`,
        );
      if (header.kind === 'Skeleton') checkUnmetAgainstScan(header.dialect, generated.value, generated.unmet, spec.reading, what);
      continue;
    }
    const shown = (a: Attempt): string =>
      a.error === null ? 'decoded' : `offset ${a.error.offset}: expected ${a.error.expected}, got ${a.error.actual}`;
    if (
      fast.error === null ||
      declared.error === null ||
      fast.error.offset !== declared.error.offset ||
      fast.error.expected !== declared.error.expected ||
      fast.error.actual !== declared.error.actual
    ) {
      throw new Violation('oracle', `the generated ${what} reader and the declaration disagree: ${shown(fast)} / ${shown(declared)}`);
    }
  }
}

/**
 * What decoding found unmet must be what the declared checks find when they scan the record, under
 * the default reading whose declaration they read: a check in `unmet` fails, every other holds.
 */
function checkUnmetAgainstScan(dialect: string, record: unknown, unmet: readonly string[], reading: unknown, what: string): void {
  const layout = layouts().find((l) => l.name === dialect);
  if (layout === undefined || !isDefaultReading(layout, reading as Record<string, string> | undefined)) return;
  const declared = CHECKS.filter((c) => declaredCheckFields(c.id, dialect).length > 0).map((c) => c.id);
  const results = checkSkeletonResource({ kind: 'Skeleton', dialect, record: record as never }, undefined, { only: declared });
  for (const result of results) {
    if (result.status === 'not-applicable') continue;
    if ((result.status === 'failed') !== unmet.includes(result.id))
      throw new Violation(
        'oracle',
        `${what}: decoding found ${result.id} ${unmet.includes(result.id) ? 'unmet' : 'met'}, its scan ${result.status}`,
      );
  }
}

/**
 * Reads `input` as a resource under `spec` and holds it to the contract. A decoded resource
 * also goes through what `inspect` and `validate` do with it (model, JSON, text, named checks),
 * none of which may throw; with `commands`, through the hex dump and glTF export too.
 */
export function checkResource(input: Uint8Array, spec: ResourceReadSpec = {}, options: CheckOptions = {}): Verdict {
  let result: ReadResult | null = null;
  let refusal: ParseError | null = null;
  try {
    result = readResource(input, { dialect: spec.dialect, reading: spec.reading });
  } catch (error) {
    if (!(error instanceof ParseError)) throw new Violation('exception', `readResource threw ${describeError(error)}`, error);
    checkParseError(error, input.length);
    refusal = error;
  }
  if (result !== null) {
    const decoded = result;
    const encoded = guard('writeResource of a decoded resource', () => writeResource(decoded.resource));
    const at = firstDifference(encoded, input);
    if (at !== null) {
      throw new Violation(
        'roundtrip',
        `re-encoding (${encoded.length} bytes) differs from the input (${input.length} bytes) at offset ${at}`,
      );
    }
    checkDecodedConsumers(result, input.length);
  }
  checkGeneratedReaders(input, spec);
  if (options.commands) checkCommandConsumers(input, spec, result, refusal);
  if (refusal) return { outcome: 'refused', value: refusal };
  return result === null ? { outcome: 'skipped' } : { outcome: 'decoded', value: result };
}

/** Every `anvilnext` reading (the default first). */
export function allReadings(): AnvilnextReading[] {
  const out: AnvilnextReading[] = [];
  for (const reflexConstraints of ANVILNEXT_READING_CHOICES.reflexConstraints) {
    for (const poseBoneHeader of ANVILNEXT_READING_CHOICES.poseBoneHeader) out.push({ reflexConstraints, poseBoneHeader });
  }
  const isDefault = (r: AnvilnextReading) =>
    r.reflexConstraints === ANVILNEXT_READING_DEFAULTS.reflexConstraints && r.poseBoneHeader === ANVILNEXT_READING_DEFAULTS.poseBoneHeader;
  return [...out.filter(isDefault), ...out.filter((r) => !isDefault(r))];
}

/** The bundled samples by kind, as the campaign's and tests' starting inputs. */
export interface SampleSeeds {
  anvilnextSkeletons: Uint8Array[];
  scimitarSkeletons: Uint8Array[];
  components: Uint8Array[];
  all: { path: string; bytes: Uint8Array }[];
}

export function sampleSeeds(): SampleSeeds {
  const all = sampleCorpus().map((f) => ({ path: f.path, bytes: f.bytes }));
  const of = (test: (path: string) => boolean) => all.filter((f) => test(f.path)).map((f) => f.bytes);
  return {
    anvilnextSkeletons: of((p) => p.startsWith('anvilnext/') && p.endsWith('.Skeleton')),
    scimitarSkeletons: of((p) => p.startsWith('scimitar/')),
    components: of((p) => p.endsWith('.SkeletonComponent')),
    all,
  };
}

/**
 * A copy of `bytes` whose header fits `dialect`'s detection (scimitar: byte 0 = 1 and the class at
 * 5; anvilnext: the class at 8), so a forced read of the other layout's body goes deep instead of
 * stopping at the header: hostile inputs for the forced-dialect lanes.
 */
export function withHeaderOf(bytes: Uint8Array, dialect: Dialect): Uint8Array {
  const out = bytes.slice();
  if (out.length < 12) return out;
  const view = new DataView(out.buffer);
  if (dialect === 'scimitar') {
    out[0] = 1;
    view.setUint32(5, CLASS.Skeleton, true);
  } else {
    view.setUint32(8, CLASS.Skeleton, true);
  }
  return out;
}

/** Skeleton and SkeletonComponent, layout detected, through every command's use of the bytes (slower). */
export const commandsTarget: FuzzTarget = {
  name: 'commands',
  description: 'readResource with and without spans, inspect --hex, export (glTF), census',
  check: (input) => checkResource(input, {}, { commands: true }),
};

/** Skeleton, layout detected from the header (the CLI's default path). */
export const skeletonAuto: FuzzTarget = {
  name: 'skeleton',
  description: 'readResource, layout detected from the header',
  check: (input) => checkResource(input),
};

/** Skeleton read with the `anvilnext` layout forced, under one reading or each in turn. */
export function skeletonAnvilnext(readings: readonly AnvilnextReading[] = allReadings()): FuzzTarget {
  let turn = 0;
  return {
    name: 'skeleton-anvilnext',
    description: `readResource --dialect anvilnext (${readings.length === 1 ? 'one reading' : `readings in turn: ${readings.length}`})`,
    check: (input) => checkResource(input, { dialect: 'anvilnext', reading: readings[turn++ % readings.length] }),
  };
}

/** Skeleton read with a registered layout forced, under each of its readings in turn. */
export function skeletonForced(layout: Layout): FuzzTarget {
  const readings = layout.readings();
  let turn = 0;
  return {
    name: `skeleton-${layout.name.replace(/\//g, '-')}`,
    description: `readResource --dialect ${layout.name} (readings in turn: ${readings.length})`,
    check: (input) => checkResource(input, { dialect: layout.name, reading: readings[turn++ % readings.length] }),
  };
}

/**
 * Seeds for a layout without samples of its own: the bundled rigs written by its record builder,
 * and, where the layout reads BoneModifiers, the first rig with one modifier of each class spread
 * over its bones (a layout that refuses modifiers refuses to write that one, and gets none).
 */
export function layoutSeeds(layout: Layout): Uint8Array[] {
  const seeds: Uint8Array[] = [];
  for (const f of sampleCorpus().filter((f) => f.path.endsWith('.Skeleton'))) {
    const read = readResource(f.bytes);
    if (read === null || read.resource.kind !== 'Skeleton') continue;
    const model = skeletonFromResource(read.resource);
    if (layout.family === 'scimitar' && model.bones.length > 255) continue;
    const view = { ...model, dialect: layout.name };
    const record = layout.record(view);
    seeds.push(writeResource({ kind: 'Skeleton', dialect: layout.name, record }));
    if (seeds.length === 1 && layout.family === 'anvilnext' && record.bones.length >= 3) {
      const ids = (record.bones as { id: bigint }[]).map((b) => b.id);
      const modifiers = exampleModifiers(ids);
      modifiers.forEach((m, i) => record.bones[(i * 2) % ids.length].modifiers.push(m));
      try {
        seeds.push(writeResource({ kind: 'Skeleton', dialect: layout.name, record }));
      } catch (error) {
        if (!(error instanceof EncodeError)) throw error;
      }
    }
  }
  return seeds;
}

/** One BoneModifier of each class Wildlands' public reader describes, as decoded records, naming the given bones. */
function exampleModifiers(ids: readonly bigint[]): Record<string, unknown>[] {
  const ref = (i: number) => ({ kind: 'ref', id: ids[i % ids.length]! });
  const bytes = (n: number, from: number) => Uint8Array.from({ length: n }, (_, i) => (from + i * 7) & 0xff);
  const head = (n: number, classHash: number) => ({
    tag: 0,
    id: 0x7000_0000n + BigInt(n),
    classHash,
    owner: ref(n),
    blendWeight: 0.5 + n / 8,
    lodLimit: n - 2,
    useModifiedBoneMatrix: n & 1,
  });
  const cls = BONE_MODIFIER_CLASS_HASH;
  const file = (mode: number, id: bigint) => ({ mode, global: 0, id });
  return [
    { ...head(0, cls.Roll), rollFactor: 0.25, rollSource: ref(1) },
    { ...head(1, cls.MaxLookAt), upNode: { kind: 'null' }, lookAtBone: ref(2), positionOffset: bytes(16, 1), axes: bytes(16, 2) },
    {
      ...head(2, cls.OrientationConstraint),
      targets: [
        { id: 0x7100_0001n, bone: ref(0), weight: 0.5 },
        { id: 0x7100_0002n, bone: { kind: 'null' }, weight: 0.5 },
      ],
      keepInitialOffset: 1,
      offset: bytes(16, 3),
    },
    {
      ...head(3, cls.BallJoint),
      constraintAngleType: 1,
      scalarSettings: bytes(40, 4),
      gravityMode: 0,
      gravity: bytes(16, 5),
      localOffsets: bytes(12, 6),
      commonData: file(1, 0x7200_0001n),
      orientationBone: ref(1),
      liteRagdoll: file(3, 0n),
    },
    { ...head(4, cls.SpringBox), springBoxSettings: bytes(60, 7) },
    { ...head(5, cls.Pendulum), pendulumSettings: bytes(60, 8) },
    { ...head(6, cls.RotationPaste), pasteBone: ref(2), parentRotation: 1 },
  ];
}

export const skeletonScimitar: FuzzTarget = {
  name: 'skeleton-scimitar',
  description: 'readResource --dialect scimitar',
  check: (input) => checkResource(input, { dialect: 'scimitar' }),
};

export const component: FuzzTarget = {
  name: 'component',
  description: 'readResource of SkeletonComponents (auto-detected)',
  check: (input) => checkResource(input),
};

const utf8 = new TextDecoder('utf-8');

/** Name lists (`--names` files): any text parses; names come out trimmed, non-empty, one line each, comment-free. */
export const nameList: FuzzTarget = {
  name: 'name-list',
  description: 'parseNameList of UTF-8 text',
  check(input) {
    const text = utf8.decode(input);
    let names: string[];
    try {
      names = parseNameList(text);
    } catch (error) {
      throw new Violation('exception', `parseNameList threw ${describeError(error)}`, error);
    }
    if (!Array.isArray(names)) throw new Violation('oracle', 'parseNameList returned no array');
    for (const name of names) {
      if (typeof name !== 'string' || name.length === 0 || name !== name.trim() || /[#\r\n]/.test(name)) {
        throw new Violation('oracle', `parseNameList returned ${JSON.stringify(name)}`);
      }
    }
    return { outcome: names.length > 0 ? 'decoded' : 'refused', value: names };
  },
};

const HASH_FORM = /^\s*(?:0x([0-9a-f]{1,8})|([0-9a-f]{8}))\s*$/i;

/** Hash text: `0x` + 1–8 hex digits or exactly 8 bare hex digits, surrounding whitespace ignored; anything else null. */
export const hashText: FuzzTarget = {
  name: 'hash',
  description: 'parseHash of UTF-8 text',
  check(input) {
    const text = utf8.decode(input);
    let hash: number | null;
    try {
      hash = parseHash(text);
    } catch (error) {
      throw new Violation('exception', `parseHash threw ${describeError(error)}`, error);
    }
    const form = HASH_FORM.exec(text);
    const expected = form ? Number.parseInt(form[1] ?? form[2]!, 16) >>> 0 : null;
    if (hash !== expected)
      throw new Violation('oracle', `parseHash(${JSON.stringify(text.slice(0, 80))}) = ${hash}, documented form gives ${expected}`);
    if (hash !== null && parseHash(formatHash(hash)) !== hash) throw new Violation('oracle', `formatHash(${hash}) does not parse back`);
    return { outcome: hash === null ? 'refused' : 'decoded', value: hash };
  },
};

/** Seeds for the text readers: the sample names, comments, CRLF, BOM, hashes in every written form. */
export function textSeeds(): { names: Uint8Array[]; hashes: Uint8Array[] } {
  const encode = (s: string) => new TextEncoder().encode(s);
  const names = sampleNames();
  const hashes = ['0x24AECB7C', '95741049', '0x1', ' 0xdeadBEEF\t', 'Hips', '12345678', '0x', '0x123456789', '  c8f8abff\n', '0X071CEE50'];
  return {
    names: [
      encode(`# names\n${names.join('\n')}\n`),
      encode(`\uFEFF${names.slice(0, 10).join('\r\n')}\r\n# end`),
      encode(
        names
          .slice(10, 20)
          .map((n) => `  ${n}  # ${n.length}`)
          .join('\r'),
      ),
    ],
    hashes: hashes.map(encode),
  };
}

// ---------------------------------------------------------------------------------------------
// Memory-dump pose search

interface PoseFindResultLike {
  offset: number;
  bones: number;
  matched: number;
  matches: number;
  alsoAt: number[];
}

const POSE_RECORD_BYTES = 48;

/** The runtime pose array of a skeleton, written here from the seed's description (48-byte records). */
export function poseArrayBytes(skeleton: Skeleton): Uint8Array {
  const out = new Uint8Array(skeleton.bones.length * POSE_RECORD_BYTES);
  const view = new DataView(out.buffer);
  skeleton.bones.forEach((bone, i) => {
    const local = i === 0 && skeleton.ownTransform ? skeleton.ownTransform : bone.local;
    const lanes = [local.position[0], local.position[1], local.position[2], 0, ...local.rotation, 1, 1, 1, 0];
    lanes.forEach((v, lane) => view.setFloat32(i * POSE_RECORD_BYTES + lane * 4, v, true));
  });
  return out;
}

/** A dump holding the skeleton's pose array (twice, the second copy slightly off) among random words. */
export function poseDump(skeleton: Skeleton, seed: number, size = 8192): Uint8Array {
  const rng = new Rng(seed);
  const pose = poseArrayBytes(skeleton);
  const dump = rng.bytes(Math.max(size, 2 * pose.length + 64));
  const first = 4 * (1 + rng.below(Math.floor((dump.length / 2 - pose.length) / 4)));
  dump.set(pose, first);
  const second = dump.length / 2 + 4 * rng.below(Math.floor((dump.length / 2 - pose.length) / 4));
  const near = pose.slice();
  new DataView(near.buffer).setFloat32(
    POSE_RECORD_BYTES + 4,
    new DataView(pose.buffer).getFloat32(POSE_RECORD_BYTES + 4, true) + 5e-5,
    true,
  );
  dump.set(near, Math.floor(second / 4) * 4);
  return dump;
}

function scanAll(skeleton: Skeleton, chunks: readonly Uint8Array[]): PoseFindResultLike | null {
  const scanner = createPoseScanner(skeleton, { maxAlsoAt: 8 });
  for (const chunk of chunks) scanner.push(chunk);
  return scanner.result();
}

/**
 * findPoseArray's streaming core on a dump: never throws, offsets are aligned and inside the dump,
 * and the answer is the same whole or cut into chunks at any (unaligned) points.
 */
export function poseFind(skeleton: Skeleton, variant: string): FuzzTarget {
  const arrayBytes = skeleton.bones.length * POSE_RECORD_BYTES;
  return {
    name: `pose-find`,
    description: `createPoseScanner (${variant}: ${skeleton.bones.length} bones), whole and in chunks`,
    check(input) {
      let whole: PoseFindResultLike | null;
      let chunked: PoseFindResultLike | null;
      const rng = new Rng(fnv1a(input));
      const cuts = Array.from({ length: 1 + rng.below(6) }, () => rng.below(input.length + 1)).sort((a, b) => a - b);
      const chunks: Uint8Array[] = [];
      let from = 0;
      for (const cut of [...cuts, input.length]) {
        chunks.push(input.subarray(from, cut));
        from = cut;
      }
      try {
        whole = scanAll(skeleton, [input]);
        chunked = scanAll(skeleton, chunks);
      } catch (error) {
        throw new Violation('exception', `pose search threw ${describeError(error)}`, error);
      }
      if (JSON.stringify(whole) !== JSON.stringify(chunked)) {
        throw new Violation(
          'oracle',
          `whole dump gives ${JSON.stringify(whole)}, chunks cut at ${cuts.join(', ')} give ${JSON.stringify(chunked)}`,
        );
      }
      if (whole !== null) {
        const inside = (o: number) => Number.isInteger(o) && o % 4 === 0 && o >= 0 && o + arrayBytes <= input.length;
        if (!inside(whole.offset))
          throw new Violation('oracle', `match offset ${whole.offset} is not an aligned start inside the ${input.length}-byte dump`);
        if (!whole.alsoAt.every(inside) || whole.alsoAt.some((o, i) => o <= (i === 0 ? whole!.offset : whole!.alsoAt[i - 1]!))) {
          throw new Violation('oracle', `alsoAt ${JSON.stringify(whole.alsoAt)} not ascending aligned starts after ${whole.offset}`);
        }
        if (whole.matches < 1 + whole.alsoAt.length || whole.matched > whole.bones || whole.bones !== skeleton.bones.length) {
          throw new Violation('oracle', `inconsistent counts ${JSON.stringify(whole)}`);
        }
      }
      return { outcome: whole === null ? 'refused' : 'decoded', value: whole };
    },
  };
}

/** The skeletons the pose search is fuzzed with: every sample Skeleton's model, by short name. */
export function poseSkeletons(): { variant: string; skeleton: Skeleton }[] {
  const out: { variant: string; skeleton: Skeleton }[] = [];
  for (const file of sampleCorpus()) {
    if (!file.path.endsWith('.Skeleton') || file.path.includes('/addons/')) continue;
    const result = readResource(file.bytes);
    if (result?.resource.kind !== 'Skeleton') continue;
    out.push({
      variant: file.path
        .split('/')
        .pop()!
        .replace(/\.Skeleton$/, ''),
      skeleton: skeletonFromResource(result.resource),
    });
  }
  return out;
}
