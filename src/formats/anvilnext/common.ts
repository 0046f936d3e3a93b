import { pointer, struct, field, u8, u64, type Confidence, type StructCodec } from '../../grammar/index.js';

/** `03` null or `02` + u64 id: a pointer to an object stored elsewhere. */
export const referencePointer = pointer({ id: u64, allowNull: true, allowReference: true });

/** The ten-byte resource reference, its confidences labelled for a layout. */
export function resourceReferenceStruct(label: (seed: Confidence) => Confidence = (c) => c): StructCodec<ResourceReference> {
  return struct(
    'ResourceReference',
    {
      mode: field(u8, label('Observed'), '03 null (then nine zero bytes), 04 a resource by id; other modes kept as read'),
      flag: field(u8, label('Inferred'), 'our reading of the byte after the mode'),
      id: field(u64, label('Inferred'), 'resource id (our reading: the last eight bytes)'),
    },
    'Ten bytes, the seed\'s "resource reference".',
  );
}

/**
 * Ten-byte resource reference: mode `03` = null (then nine zero bytes), `04` = a resource by id;
 * other modes are kept as read.
 */
export const resourceReference = resourceReferenceStruct();

/** A decoded ten-byte resource reference: mode `03` null or `04` a resource by id. */
export type ResourceReference = { mode: number; flag: number; id: bigint };

export const NULL_RESOURCE: Readonly<ResourceReference> = Object.freeze({ mode: 3, flag: 0, id: 0n });
export const RESOURCE_MODE = { null: 3, byId: 4 } as const;
