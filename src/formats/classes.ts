/**
 * Class hashes (CRC-32 of the class names) that the grammar checks. Kept as numbers here so the
 * format layer stays free of the names layer; a test recomputes each from its name.
 */
export const CLASS = {
  Skeleton: 0x24aecb7c,
  Bone: 0x95741049,
  SkeletonType: 0x9c78eb24,
  SkeletonPoseGroup: 0xc8f8abff,
  SkeletonPose: 0x209cf072,
  SkeletonPoseBone: 0x071cee50,
  IKData: 0x9a33101e,
  BoneInitialTransforms: 0x6350e5a6,
  COMData: 0x9a67179a,
  SkeletonMirrorData: 0xe96b19a5,
  ConstraintTarget: 0xdf638110,
  SkeletonComponent: 0x71fda747,
  AnimTrackDefinition: 0xa8037d53,
  WindForce: 0xe7f9a244,
  MeshBone: 0x9ef0e7a1,
} as const;

/** Classes named in the seed whose names are not given there: hashes only. */
export const UNNAMED_CLASS = {
  /** scimitar orientation constraint. */
  OrientationConstraint: 0x75116750,
  /** scimitar mirror pair. */
  MirrorPair: 0xe03ca1fd,
} as const;

/**
 * BoneModifier classes that public readers of sibling titles name (public reading). The
 * Wildlands layout reads each; the other sibling layouts refuse a modifier of any class by name.
 */
export const BONE_MODIFIER_CLASS_HASH = {
  Roll: 0x76d082f6,
  MaxLookAt: 0x49f4ca3e,
  OrientationConstraint: 0x75116750,
  BallJoint: 0x4bf66801,
  SpringBox: 0xf9d25748,
  Pendulum: 0x0544175b,
  RotationPaste: 0x711759af,
} as const;

/** The BoneModifier class names by class hash. */
export const BONE_MODIFIER_CLASS: Readonly<Record<number, string>> = Object.fromEntries(
  Object.entries(BONE_MODIFIER_CLASS_HASH).map(([name, cls]) => [cls, name]),
);

/** The class of an OrientationConstraint BoneModifier's target objects (public reading, Wildlands). */
export const ORIENTATION_CONSTRAINT_TARGET_CLASS = 0xdf638110;

/** Breakpoint's Reflex3 constraints object (public reading). */
export const REFLEX3_CONSTRAINTS_CLASS = 0x8e3fb47a;
/** The magic a non-empty Reflex3 constraints blob begins with (public reading). */
export const REFLEX3_BLOB_MAGIC = 0x12341234;
