/** The declaration of a layout of the `scimitar` family (u32 ids): SWS, and AC1 as public readers read it. */
import { withIdScope, type StructCodec } from '../../grammar/index.js';
import { declareLayout, type LayoutDeclaration, type LayoutSource } from '../layout.js';
import { scimitarBoneStruct, type ScimitarVariant } from './bone.js';
import { scimitarSkeletonStruct } from './skeleton.js';
import { scimitarBoneTransforms, scimitarRecord, scimitarView } from './view.js';

/** What a layout of the family says of itself beyond its variant. */
export interface ScimitarFamilyOptions {
  name: string;
  title: string;
  source: LayoutSource;
  variant: ScimitarVariant;
  docs: { path: string; title: string; intro: string };
  compiledModule: string | null;
  compiledName: string;
}

/** The layout declaration of one title of the family. */
export function scimitarFamilyDeclaration(options: ScimitarFamilyOptions): LayoutDeclaration {
  const { variant } = options;
  const skeleton = withIdScope(scimitarSkeletonStruct(variant)) as StructCodec<unknown>;
  const bone = scimitarBoneStruct(variant) as StructCodec<unknown>;
  return declareLayout({
    name: options.name,
    title: options.title,
    family: 'scimitar',
    source: options.source,
    kinds: ['Skeleton'],
    stores: { skeletonType: false, ownTransform: false },
    readingChoices: {},
    declaration(kind) {
      if (kind !== 'Skeleton') throw new RangeError(`the ${options.name} layout describes no ${kind}`);
      return skeleton;
    },
    bone,
    view: (record) => scimitarView(options.name, record),
    record: (view, overrides) => scimitarRecord(variant, view, overrides),
    boneTransforms: scimitarBoneTransforms,
    docs: options.docs,
    compiledModule: options.compiledModule,
    compiledName: () => options.compiledName,
  });
}
