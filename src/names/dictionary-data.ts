/**
 * The built-in name dictionary as plain data: name parts and whole names, no hashes (every hash is
 * computed). `dictionary.ts` combines the parts — side words, finger joints, helper prefixes — into
 * the full name list, so a new rig convention is one more string here.
 */

/** Every class name the Skeleton format uses; kept apart so class hashes resolve on their own. */
export const CLASS_NAMES: readonly string[] = [
  'Skeleton',
  'Bone',
  'Reference',
  'SkeletonType',
  'SkeletonPoseGroup',
  'SkeletonPose',
  'SkeletonPoseBone',
  'IKData',
  'BoneInitialTransforms',
  'COMData',
  'SkeletonMirrorData',
  'ConstraintTarget',
  'SkeletonComponent',
  'AnimTrackDefinition',
  'WindForce',
  'MeshBone',
];

/** HumanIK side words; every sided part below is used with each. */
export const SIDES: readonly string[] = ['Left', 'Right'];

/** Short side prefixes some Anvil helper rigs use instead of the side word, paired with `SIDES`. */
export const SHORT_SIDE_PREFIXES: readonly string[] = ['L_', 'R_'];

/** HumanIK bones on the body's centre line, including the numbered spine and neck chains. */
export const HUMANIK_CENTRE_NAMES: readonly string[] = [
  'Reference',
  'Hips',
  'HipsTranslation',
  'Spine',
  'Spine1',
  'Spine2',
  'Spine3',
  'Spine4',
  'Spine5',
  'Spine6',
  'Spine7',
  'Spine8',
  'Spine9',
  'Neck',
  'Neck1',
  'Neck2',
  'Neck3',
  'Neck4',
  'Neck5',
  'Neck6',
  'Neck7',
  'Neck8',
  'Neck9',
  'Head',
  'HeadEnd',
  'HeadTop_End',
  'Jaw',
  'Root',
];

/** HumanIK limb parts that take a side word in front (`Left` + `ForeArm`). */
export const HUMANIK_SIDED_PARTS: readonly string[] = [
  'Shoulder',
  'ShoulderExtra',
  'Arm',
  'ForeArm',
  'Hand',
  'HandEnd',
  'FingerBase',
  'UpLeg',
  'Leg',
  'Foot',
  'FootEnd',
  'FootFingerBase',
  'ToeBase',
  'ToeBaseEnd',
  'Toe_End',
  'Eye',
];

/** Finger names; each takes a side, then `Hand`/`Foot`, then a joint number (`LeftHandIndex2`). */
export const FINGERS: readonly string[] = ['Thumb', 'Index', 'Middle', 'Ring', 'Pinky', 'ExtraFinger'];

/** Finger joint numbers; joint 4 is HumanIK's end bone at the finger tip. */
export const FINGER_JOINTS: readonly string[] = ['1', '2', '3', '4'];

/** Limb segments HumanIK and Anvil rigs hang roll/twist helpers on (`LeftForeArmRoll`, `LeftLegTwist`). */
export const ROLL_SEGMENTS: readonly string[] = ['Arm', 'ForeArm', 'UpLeg', 'Leg'];

/** Helper kinds applied to `ROLL_SEGMENTS`. */
export const ROLL_KINDS: readonly string[] = ['Roll', 'Twist'];

/** Numbered helper variants (`LeftArmRoll1`…`LeftArmRoll5`); HumanIK's own leaf rolls use 1–5. */
export const ROLL_NUMBERS: readonly string[] = ['1', '2', '3', '4', '5'];

/** HumanIK's prefix for the extra numbered roll bones (`LeafLeftArmRoll1`). */
export const HUMANIK_LEAF_PREFIX = 'Leaf';

/** Prefix Anvil rigs put on helper copies of HumanIK bones (`O_Hips`). */
export const HELPER_PREFIXES: readonly string[] = ['O_'];

/** Attachment points that `Prop_` and `Holster_` bones are named after. */
export const ATTACH_POINTS: readonly string[] = [
  'RightHand',
  'LeftHand',
  'Back',
  'Hips',
  'Chest',
  'Head',
  'Spine',
  'Spine1',
  'Spine2',
  'Neck',
  'Belt',
  'LeftHip',
  'RightHip',
  'LeftThigh',
  'RightThigh',
  'LeftShoulder',
  'RightShoulder',
  'LeftArm',
  'RightArm',
  'LeftForeArm',
  'RightForeArm',
  'LeftLeg',
  'RightLeg',
  'LeftFoot',
  'RightFoot',
  'LeftUpLeg',
  'RightUpLeg',
  'Quiver',
  'Sword',
  'Dagger',
  'Bow',
  'Gun',
  'Pistol',
  'Rifle',
  'Shield',
  'Torch',
  'Lantern',
];

/** Prefixes of attachment bones, combined with `ATTACH_POINTS`. */
export const ATTACH_PREFIXES: readonly string[] = ['Prop_', 'Holster_'];

/** Weapon-rig bone parts, each used as `wb-` + part (`wb-Trigger`). */
export const WEAPON_BONE_PARTS: readonly string[] = [
  'Root',
  'Trigger',
  'Magazine',
  'Slide',
  'Bolt',
  'Hammer',
  'Muzzle',
  'Barrel',
  'Stock',
  'Grip',
  'Handle',
  'Sight',
  'Scope',
  'Cylinder',
  'Lever',
  'Safety',
  'Selector',
  'Charger',
  'ChargingHandle',
  'Pump',
  'Shell',
  'Bullet',
  'Ejector',
  'Bipod',
  'Foregrip',
  'Laser',
  'Flashlight',
  'String',
  'Arrow',
  'Blade',
  'Sheath',
  'Chain',
];

/** Weapon-rig bone prefix. */
export const WEAPON_BONE_PREFIX = 'wb-';
