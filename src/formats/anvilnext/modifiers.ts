/**
 * The BoneModifiers of Ghost Recon Wildlands' bones, as a public reader of that title reads them
 * (public reading (WildlandsToolkit)): a common part (tag, u64 id, u32 class, owner pointer, f32
 * blend weight, i32 LOD limit, u8 flag), then the fields of its class. A class the reading does not
 * describe is refused at its class field: its length is not known, and a guessed one would misread
 * every byte after it.
 *
 * Pointers: `02` + u64 id or `03` null. Those the reader names as bones (roll source, look-at
 * bone, orientation targets, ball-joint orientation bone, rotation-paste bone) must name a bone of
 * the Skeleton, checked when it ends as the mirror pointer is; the owner and the look-at up node
 * are kept as ids, since nothing says what they name.
 */
import {
  constU32,
  constU8,
  counted,
  f32,
  field,
  i32,
  keyedUnion,
  pointer,
  rawBytes,
  scopedReference,
  struct,
  u32,
  u64,
  u8,
  u8OneOf,
  type Confidence,
} from '../../grammar/index.js';
import { hex } from '../../io/format.js';
import { BONE_MODIFIER_CLASS, BONE_MODIFIER_CLASS_HASH, ORIENTATION_CONSTRAINT_TARGET_CLASS } from '../classes.js';

const PEER = 'public reading (WildlandsToolkit)';

/** `02` + u64 id or `03`: a pointer whose target nothing pins down, kept as an id. */
const idPointer = pointer({ id: u64 });
/** `02` + u64 id of a bone of this Skeleton (checked when the Skeleton ends), or `03`. */
const bonePointer = scopedReference(pointer({ id: u64 }), 'any', 'bone');

/** The class name of a BoneModifier class hash, as a refusal shows it: `Roll (0x76D082F6)` or `0x12345678 (unnamed)`. */
export function boneModifierClassText(cls: number): string {
  const name = BONE_MODIFIER_CLASS[cls];
  return name === undefined ? `${hex(cls)} (unnamed)` : `${name} (${hex(cls)})`;
}

/** The names of the common part's fields, before the class's own. */
export const BONE_MODIFIER_COMMON_FIELDS = ['tag', 'id', 'classHash', 'owner', 'blendWeight', 'lodLimit', 'useModifiedBoneMatrix'] as const;

/** The BoneModifier union of Wildlands bones, its confidences labelled for the layout. */
export function wildlandsBoneModifier(label: (seed: Confidence) => Confidence) {
  // Every field is the peer's reading; bytes it reads without a meaning stay Unknown.
  const l = label('Observed');
  const fileReference = struct(
    'FileReference',
    {
      mode: field(u8OneOf([1, 3], 'a file-reference tag'), l, `${PEER}: 01 or 03; any other is refused`),
      global: field(u8, l, `${PEER}: the "global" flag`),
      id: field(u64, l, `${PEER}: the file's id (read whatever the mode)`),
    },
    'Ten bytes: a file reference of the Wildlands BoneModifiers.',
  );
  const head = struct(
    'BoneModifierCommon',
    {
      tag: field(u8, l, `${PEER}: the object's leading byte, not checked by the reader; kept`),
      id: field(u64, l, `${PEER}: object id`),
      classHash: field(u32, l, `${PEER}: the modifier's class, which selects the fields that follow; an unknown one is refused here`),
      owner: field(idPointer, l, `${PEER}: the owner; kept as an id (what it names is not known)`),
      blendWeight: field(f32, l, `${PEER}: blend weight`),
      lodLimit: field(i32, l, `${PEER}: LOD limit (limit LOD level)`),
      useModifiedBoneMatrix: field(u8, l, `${PEER}: a flag, "use modified bone matrix"`),
    },
    'The part every BoneModifier of a Wildlands bone starts with.',
  );
  const target = struct(
    'OrientationConstraintTarget',
    {
      tag: field(constU8(0, 'inline object'), l, `${PEER}: an embedded object; any other tag is refused`),
      id: field(u64, l, `${PEER}: object id`),
      classHash: field(constU32(ORIENTATION_CONSTRAINT_TARGET_CLASS, 'OrientationConstraintTarget'), l, `${PEER}: the target's class`),
      bone: field(bonePointer, l, `${PEER}: the target bone; must name a bone of this Skeleton`),
      weight: field(f32, l, `${PEER}: the target's weight`),
    },
    'One target of an OrientationConstraint BoneModifier.',
  );
  const raw = (n: number, what: string) => field(rawBytes(n), 'Unknown', `${PEER}: ${n} bytes, ${what}; kept raw`);
  const cls = BONE_MODIFIER_CLASS_HASH;
  return keyedUnion('BoneModifier', {
    head,
    key: 'classHash',
    describeKey: (k) => `class ${boneModifierClassText(k)}`,
    summary: 'A BoneModifier of a Wildlands bone: its common part, then the fields its class selects.',
    cases: [
      {
        key: cls.Roll,
        name: 'Roll',
        codec: struct(
          'RollBoneModifier',
          {
            rollFactor: field(f32, l, `${PEER}: roll factor`),
            rollSource: field(bonePointer, l, `${PEER}: the roll source bone; must name a bone of this Skeleton`),
          },
          'After the common part of a Roll BoneModifier (class 0x76D082F6).',
        ),
      },
      {
        key: cls.MaxLookAt,
        name: 'MaxLookAt',
        codec: struct(
          'MaxLookAtBoneModifier',
          {
            upNode: field(idPointer, l, `${PEER}: the look-at up node; kept as an id (a bone or another object)`),
            lookAtBone: field(bonePointer, l, `${PEER}: the look-at bone; must name a bone of this Skeleton`),
            positionOffset: raw(16, 'the look-at position offset'),
            axes: raw(16, 'the look-at axes'),
          },
          'After the common part of a MaxLookAt BoneModifier (class 0x49F4CA3E).',
        ),
      },
      {
        key: cls.OrientationConstraint,
        name: 'OrientationConstraint',
        codec: struct(
          'OrientationConstraintBoneModifier',
          {
            targets: field(
              counted(target, { elementName: 'OrientationConstraintTarget' }),
              l,
              `${PEER}: count (an i32 there), then the targets; a count the bytes left cannot hold is refused`,
            ),
            keepInitialOffset: field(u8, l, `${PEER}: the keep-initial-offset flag`),
            offset: raw(16, 'the orientation offset'),
          },
          'After the common part of an OrientationConstraint BoneModifier (class 0x75116750).',
        ),
      },
      {
        key: cls.BallJoint,
        name: 'BallJoint',
        codec: struct(
          'BallJointBoneModifier',
          {
            constraintAngleType: field(i32, l, `${PEER}: constraint-angle type`),
            scalarSettings: raw(40, 'scalar settings'),
            gravityMode: field(i32, l, `${PEER}: gravity mode`),
            gravity: raw(16, 'gravity'),
            localOffsets: raw(12, 'local offsets'),
            commonData: field(fileReference, l, `${PEER}: the common data, a file reference`),
            orientationBone: field(bonePointer, l, `${PEER}: the orientation bone; must name a bone of this Skeleton`),
            liteRagdoll: field(fileReference, l, `${PEER}: the lite ragdoll, a file reference`),
          },
          'After the common part of a BallJoint BoneModifier (class 0x4BF66801).',
        ),
      },
      {
        key: cls.SpringBox,
        name: 'SpringBox',
        codec: struct(
          'SpringBoxModifier',
          { springBoxSettings: raw(60, 'physics settings') },
          'After the common part of a SpringBox BoneModifier (class 0xF9D25748).',
        ),
      },
      {
        key: cls.Pendulum,
        name: 'Pendulum',
        codec: struct(
          'PendulumBoneModifier',
          { pendulumSettings: raw(60, 'physics settings') },
          'After the common part of a Pendulum BoneModifier (class 0x0544175B).',
        ),
      },
      {
        key: cls.RotationPaste,
        name: 'RotationPaste',
        codec: struct(
          'RotationPasteModifier',
          {
            pasteBone: field(bonePointer, l, `${PEER}: the linked (paste) bone; must name a bone of this Skeleton`),
            parentRotation: field(u8, l, `${PEER}: the parent-rotation flag`),
          },
          'After the common part of a RotationPaste BoneModifier (class 0x711759AF).',
        ),
      },
    ],
  });
}

/** One decoded Wildlands BoneModifier: the common fields, then its class's. */
export type WildlandsBoneModifier = ReturnType<typeof wildlandsBoneModifier> extends { read(...args: never[]): infer T } ? T : never;
