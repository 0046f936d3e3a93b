/**
 * The declaration of a layout of the `anvilnext` family (u64 ids): the seed's main title and the
 * sibling titles that public readers describe. Each layout folder calls this with its variant.
 */
import { withIdScope, type StructCodec } from '../../grammar/index.js';
import {
  declareLayout,
  readerName,
  type LayoutDeclaration,
  type LayoutSource,
  type Reading,
  type ReadingChoices,
  type ResourceKind,
} from '../layout.js';
import { anvilnextBoneStruct } from './bone.js';
import { skeletonComponentDeclaration } from './component.js';
import { ANVILNEXT_READING_CHOICES, type AnvilnextReading } from './reading.js';
import { anvilnextSkeletonStruct } from './skeleton.js';
import type { AnvilnextVariant } from './variant.js';
import { anvilnextBoneTransforms, anvilnextRecord, anvilnextView } from './view.js';

/** What a layout of the family says of itself beyond its variant. */
export interface AnvilnextFamilyOptions {
  name: string;
  title: string;
  source: LayoutSource;
  variant: AnvilnextVariant;
  /** Whether the title's SkeletonComponent is described (the seed's only). */
  component: boolean;
  docs: { path: string; title: string; intro: string };
  compiledModule: string | null;
}

/** The layout declaration of one title of the family. */
export function anvilnextFamilyDeclaration(options: AnvilnextFamilyOptions): LayoutDeclaration {
  const { variant } = options;
  const choices: Record<string, readonly string[]> = {};
  if (variant.tail === 'seed') choices.reflexConstraints = ANVILNEXT_READING_CHOICES.reflexConstraints;
  choices.poseBoneHeader = ANVILNEXT_READING_CHOICES.poseBoneHeader;
  const readingChoices: ReadingChoices = choices;
  const bone = anvilnextBoneStruct(variant);
  const structs = new Map<string, StructCodec<unknown>>();
  const skeletonStruct = (reading: Reading): StructCodec<unknown> => {
    const key = Object.keys(readingChoices)
      .map((k) => reading[k])
      .join('/');
    let codec = structs.get(key);
    if (codec === undefined) {
      codec = withIdScope(anvilnextSkeletonStruct(variant, reading as Partial<AnvilnextReading>)) as StructCodec<unknown>;
      structs.set(key, codec);
    }
    return codec;
  };
  const kinds: ResourceKind[] = options.component ? ['Skeleton', 'SkeletonComponent'] : ['Skeleton'];
  const defaults: Reading = Object.fromEntries(Object.entries(readingChoices).map(([k, v]) => [k, v[0]!]));
  return declareLayout({
    name: options.name,
    title: options.title,
    family: 'anvilnext',
    source: options.source,
    kinds,
    // Unity's header has no SkeletonType; every title of the family stores an own transform.
    stores: { skeletonType: variant.header === 'seed', ownTransform: true },
    readingChoices,
    declaration(kind, reading) {
      if (kind === 'SkeletonComponent') {
        if (!options.component) throw new RangeError(`the ${options.name} layout describes no SkeletonComponent`);
        return skeletonComponentDeclaration as StructCodec<unknown>;
      }
      return skeletonStruct(reading);
    },
    bone: bone as StructCodec<unknown>,
    view: (record) => anvilnextView(options.name, variant, record),
    record: (skeleton, overrides) =>
      anvilnextRecord(variant, { bone: bone as StructCodec<unknown>, skeleton: skeletonStruct(defaults) }, skeleton, overrides),
    boneTransforms: anvilnextBoneTransforms,
    docs: options.docs,
    compiledModule: options.compiledModule,
    compiledName(kind, reading) {
      if (kind === 'SkeletonComponent') return 'skeletonComponentReader';
      return readerName(
        'skeleton',
        Object.keys(readingChoices)
          .map((k) => reading[k] ?? '')
          .join('/'),
      );
    },
  });
}
