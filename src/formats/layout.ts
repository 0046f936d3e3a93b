/**
 * A layout: one title's way of storing a Skeleton (and, where it has one, a SkeletonComponent).
 * Everything that differs between layouts lives in its descriptor, so the readers, the writers,
 * detection, the census, the docs, the generated readers and the tests iterate the registry
 * (`registry.ts`) instead of naming layouts.
 *
 * A layout folder exports a {@link LayoutDeclaration} from `layout.ts`, which loads without its
 * generated readers (so `npm run gen:readers` can always run), and a {@link Layout} from
 * `index.ts`, the declaration with the generated readers attached.
 */
import type { CompiledReader, Confidence } from '../grammar/index.js';
import { withCompiledReader } from '../grammar/index.js';
import type { StructCodec } from '../grammar/struct.js';
import type { Transform } from '../math/transform.js';
import { deriveHeader, detectByHeader, type LayoutHeader } from './header.js';

/** The two resource classes this package reads. */
export type ResourceKind = 'Skeleton' | 'SkeletonComponent';

/** A registered layout's name, e.g. `anvilnext` or `anvilnext/unity`. */
export type LayoutName = string;

/** The former name of {@link LayoutName}, kept for programs written against it. */
export type Dialect = LayoutName;

/**
 * The choices a layout's reading makes where its sources name a portion but not its bytes, each a
 * key with its values (first: the default). Layouts without such choices have none.
 */
export type ReadingChoices = Readonly<Record<string, readonly string[]>>;

/** One value per reading choice of a layout. */
export type Reading = Readonly<Record<string, string>>;

/** Where a layout's facts come from: the seed (and our reading of it), or the public readings of a sibling title. */
export type LayoutSource = 'seed' | 'public reading';

/** One bone of a layout's neutral view: what every layout stores, with parents and mirrors as list positions. */
export interface LayoutBone {
  /** Position in the bone list. */
  index: number;
  /** Object id: u64 in the `anvilnext` family, u32 in the `scimitar` family. */
  id: bigint;
  /** CRC-32 of the bone's name. */
  nameHash: number;
  /** Index of the parent bone, −1 for the root. */
  parent: number;
  /**
   * `anvilnext` family: the bone the second pointer names (itself on a chain);
   * `scimitar` family: the other bone of its mirror pair. Null when there is none.
   */
  mirror: number | null;
  /** Stored global bind transform (excludes the own transform). */
  global: Transform;
  /** Stored local bind transform, relative to the parent. */
  local: Transform;
  /** Descendant count as stored (packed word high half, or the descendant byte). */
  descendants: number;
  /** The bone's list position as stored (packed word low half, or the index byte). */
  storedIndex: number;
  /**
   * The bone's BoneModifiers as stored, in a layout that reads them (absent when there are none).
   * For display: a record built from a model writes none, since they name bones by id.
   */
  modifiers?: readonly LayoutBoneModifier[];
}

/** One BoneModifier of a bone, as its layout decoded it: class, id, and the other fields by declared name. */
export interface LayoutBoneModifier {
  /** The class's name where known (`Roll`), else null. */
  className: string | null;
  /** The class hash. */
  classHash: number;
  /** The modifier object's id. */
  id: bigint;
  /** The common part's other fields (the owner, the blend weight, …), as decoded: pointers, numbers, bytes. */
  common: Readonly<Record<string, unknown>>;
  /** The fields of its class, as decoded. */
  fields: Readonly<Record<string, unknown>>;
}

/** A Skeleton record as every layout can present it: the shape of the model's dialect-free skeleton. */
export interface LayoutSkeleton {
  /** The layout the skeleton was read from or is meant for. */
  dialect: LayoutName;
  /** The Skeleton object's id. */
  id: bigint;
  /** SkeletonType enum, null where the layout has none. */
  skeletonType: number | null;
  /** The bones in list order; a parent comes before its children in a well-formed skeleton. */
  bones: LayoutBone[];
  /** The Skeleton's own transform, null where the layout has none. */
  ownTransform: Transform | null;
}

/**
 * A decoded Skeleton record of some layout: its `bones` and the layout's other fields, as the
 * layout's docs page lists them. Untyped because each layout's record has its own fields; for
 * typed access take the family's record type (`AnvilnextSkeleton`, `ScimitarSkeleton`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each layout's record has its own fields
export type SkeletonRecord = any;

/** The four stored bind transforms of one bone, as its record keeps them (tuples shared with the record). */
export interface StoredBoneTransforms {
  globalPosition: [number, number, number, number];
  globalRotation: [number, number, number, number];
  localPosition: [number, number, number, number];
  localRotation: [number, number, number, number];
}

/** The id widths of the two families: every layout derives from `anvilnext` (u64 ids) or `scimitar` (u32). */
export type LayoutFamily = 'anvilnext' | 'scimitar';

/** What a layout declares; see {@link Layout} for what registering adds. */
export interface LayoutDeclaration {
  /** The layout's name, e.g. `anvilnext/unity`; `--layout` takes it. */
  readonly name: LayoutName;
  /** The title whose files it reads, for messages and docs. */
  readonly title: string;
  /** The family it derives from: its id width, and the checks that apply to it. */
  readonly family: LayoutFamily;
  /** Where its facts come from. */
  readonly source: LayoutSource;
  /** Hex digits of an object id (16 for u64, 8 for u32): the id field's width, from the header. */
  readonly idHexWidth: number;
  /** The resource classes it has. */
  readonly kinds: readonly ResourceKind[];
  /** Its object header, derived from its classes' structures (see `header.ts`). */
  readonly header: LayoutHeader;
  /** Where its header keeps the class hash (the byte offset), from the header. */
  readonly classOffset: number;
  /** Whether its Skeleton stores a SkeletonType and an own transform (what a model of it carries). */
  readonly stores: { readonly skeletonType: boolean; readonly ownTransform: boolean };
  /** The kind its header names, or null when the header is not of this layout (from the header's declared bytes). Never throws. */
  detect(bytes: Uint8Array): ResourceKind | null;
  /** Its reading choices (first value of each: the default); empty when it has none. */
  readonly readingChoices: ReadingChoices;
  /** The declaration of a class under a reading (no generated reader attached). */
  declaration(kind: ResourceKind, reading: Reading): StructCodec<unknown>;
  /** The Bone structure, for the census's Bone-field tables. */
  readonly bone: StructCodec<unknown>;
  /** The neutral view of a decoded Skeleton record (shares its transform tuples). Never throws on a record this layout read. */
  view(record: SkeletonRecord): LayoutSkeleton;
  /** A Skeleton record from a neutral view, with the declared values where the view is silent; throws RangeError for values past their field. */
  record(skeleton: LayoutSkeleton, overrides?: Readonly<Record<string, unknown>>): SkeletonRecord;
  /** Each bone's four stored transforms, the tuples the record holds (change them to change the record). */
  boneTransforms(record: SkeletonRecord): StoredBoneTransforms[];
  /**
   * Its format page: path from the repository root, title, and the Markdown file (in the layout's
   * folder) holding its introduction, which only the docs generator reads.
   */
  readonly docs: { readonly path: string; readonly title: string; readonly intro: string };
  /**
   * Its generated reader module, by path from the repository root; null for a layout read through
   * its declarations only (the sibling titles': rare files, and every generated module weighs on
   * the browser bundle).
   */
  readonly compiledModule: string | null;
  /** The name of the generated reader of a class under a reading. */
  compiledName(kind: ResourceKind, reading: Reading): string;
}

/** What a layout's header gives it, derived rather than declared. */
type DerivedFromHeader = 'header' | 'classOffset' | 'idHexWidth' | 'detect';

/**
 * A layout declaration with its header derived from its classes' structures under the default
 * reading: detection (the bytes the header fixes and the classes it names), the class offset and
 * the id's width. Throws an Error when the structures do not start with one header shape.
 */
export function declareLayout(declaration: Omit<LayoutDeclaration, DerivedFromHeader>): LayoutDeclaration {
  const defaults = defaultsOf(declaration.readingChoices);
  const header = deriveHeader(new Map(declaration.kinds.map((kind) => [kind, declaration.declaration(kind, defaults)])));
  return {
    ...declaration,
    header,
    classOffset: header.classOffset,
    idHexWidth: header.idBytes * 2,
    detect: (bytes) => detectByHeader(header, bytes),
  };
}

/** A registered layout: its declaration, with codecs that read through the generated readers. */
export interface Layout extends LayoutDeclaration {
  /** The codec of a class under a reading (built once per class and reading). */
  codec(kind: ResourceKind, reading?: Reading): StructCodec<unknown>;
  /** The default reading: the first value of every choice. */
  readonly defaultReading: Reading;
  /** Every reading the choices allow, the default first. */
  readings(): Reading[];
  /** The reading's key, one part per choice (`u32-length/id-class`); empty without choices. */
  readingKey(reading: Reading): string;
  /** A reading from `key=value` pairs over the defaults; throws RangeError naming an unknown key or value. */
  parseReading(pairs: readonly string[]): Reading;
  /** The reading restricted to this layout's choices (others dropped, missing ones defaulted). */
  ownReading(reading: Reading | undefined): Reading;
}

function defaultsOf(choices: ReadingChoices): Reading {
  const reading: Record<string, string> = {};
  for (const [key, values] of Object.entries(choices)) reading[key] = values[0]!;
  return Object.freeze(reading);
}

/**
 * The layout a declaration and its generated readers make. A generated reader that is missing or
 * stale is not used (reading goes through the declaration, and a warning says so).
 */
export function defineLayout(declaration: LayoutDeclaration, compiled: Readonly<Record<string, unknown>>): Layout {
  const choices = declaration.readingChoices;
  const keys = Object.keys(choices);
  const defaultReading = defaultsOf(choices);
  const codecs = new Map<string, StructCodec<unknown>>();
  const restrict = (reading: Reading): Reading => {
    const own: Record<string, string> = {};
    for (const key of keys) {
      const value = reading[key];
      own[key] = value !== undefined && choices[key]!.includes(value) ? value : defaultReading[key]!;
    }
    return own;
  };
  // A run reads every file with one reading object: what this layout makes of it is worked out once.
  const known = new WeakMap<Reading, { own: Reading; key: string }>();
  const prepared = (reading: Reading | undefined): { own: Reading; key: string } => {
    const given = reading ?? defaultReading;
    let entry = known.get(given);
    if (entry === undefined) {
      const own = restrict(given);
      // The key names every choice, so an option added to a layout can never share another reading's codec.
      entry = { own, key: keys.map((key) => own[key]).join('/') };
      known.set(given, entry);
    }
    return entry;
  };
  const ownReading = (reading: Reading | undefined): Reading => prepared(reading).own;
  const readingKey = (reading: Reading): string => prepared(reading).key;
  return {
    ...declaration,
    defaultReading,
    readingKey,
    ownReading,
    readings() {
      let out: Record<string, string>[] = [{}];
      for (const key of keys) out = out.flatMap((partial) => choices[key]!.map((value) => ({ ...partial, [key]: value })));
      return out;
    },
    parseReading(pairs) {
      const reading: Record<string, string> = { ...defaultReading };
      for (const pair of pairs) {
        const [key, value] = splitReadingPair(pair);
        const values = choices[key];
        if (!values)
          throw new RangeError(
            keys.length === 0
              ? `the ${declaration.name} layout has no reading options (got "${key}")`
              : `unknown reading option "${key}" of ${declaration.name}; known: ${keys.join(', ')}`,
          );
        if (!values.includes(value)) throw new RangeError(`reading option ${key} takes ${values.join(' or ')}, got "${value}"`);
        reading[key] = value;
      }
      return reading;
    },
    codec(kind, reading) {
      const { own, key: readingPart } = prepared(reading);
      const key = kind === 'Skeleton' ? readingPart : `${kind} ${readingPart}`;
      let codec = codecs.get(key);
      if (codec === undefined) {
        const declared = declaration.declaration(kind, own);
        const reader = compiled[declaration.compiledName(kind, own)] as CompiledReader | undefined;
        codec = withCompiledReader(declared, reader) as StructCodec<unknown>;
        codecs.set(key, codec);
      }
      return codec;
    },
  };
}

/** A `--reading` pair split at its first `=`: `key=value` → [key, value]; no `=` gives an empty value. */
/** Whether `reading`, restricted to the layout's choices, is the layout's default reading. Never throws. */
export function isDefaultReading(layout: Layout, reading: Reading | undefined): boolean {
  return layout.readingKey(layout.ownReading(reading)) === layout.readingKey(layout.defaultReading);
}

export function splitReadingPair(pair: string): [string, string] {
  const eq = pair.indexOf('=');
  return eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
}

/** The little-endian u32 at `offset` of a header, or null when the bytes end before it. Never throws. */
export function headerU32(bytes: Uint8Array, offset: number): number | null {
  if (bytes.length < offset + 4) return null;
  return (bytes[offset]! | (bytes[offset + 1]! << 8) | (bytes[offset + 2]! << 16) | (bytes[offset + 3]! << 24)) >>> 0;
}

/** `skeleton` + the words of a reading key in camel case + `Reader`, e.g. `skeletonU32LengthIdClassReader`. */
export function readerName(prefix: string, readingKey: string): string {
  const words = readingKey.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return `${prefix}${words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')}Reader`;
}

/** A sibling title's labels: what the seed knows is only a public reading there; bytes kept raw stay Unknown. */
export const publicReadingLabel = (seed: Confidence): Confidence => (seed === 'Unknown' ? 'Unknown' : 'public reading');
