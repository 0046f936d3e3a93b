/**
 * The synthetic rigs of the bundled sample corpus. They are invented for testing and teaching,
 * shaped after the seed's descriptions (a HumanIK-named rider, a bike whose stored root local
 * turns −90° while its own transform turns +90°, five addon rigs that repeat the rider's upper
 * chain, a skater rig); no game data is in them.
 */
import type { Transform } from '../math/transform.js';
import { bothSides, turnAboutZ, type Rig, type RigBone } from './rig.js';

/** The rider's own transform: (0, 0, 0.964), a +90° turn about z (seed). */
export const RIDER_OWN: Transform = { position: [0, 0, 0.964, 0], rotation: turnAboutZ(90) };
/** The bike's own transform turns +90°; its stored root local turns −90° (seed). */
export const BIKE_OWN: Transform = { position: [0, 0, 0.42, 0], rotation: turnAboutZ(90) };
export const BIKE_ROOT_LOCAL: Transform = { position: [0, 0, 0.42, 0], rotation: turnAboutZ(-90) };

/** Reference → Hips → Spine … Head: the upper chain the addons repeat. */
const upperChain: RigBone[] = [
  { name: 'Hips', parent: 'Reference', at: [0, 0, 0] },
  { name: 'Spine', parent: 'Hips', at: [-0.01, 0, 0.1], turn: [0, -4, 0] },
  { name: 'Spine1', parent: 'Spine', at: [0, 0, 0.12], turn: [0, 3, 0] },
  { name: 'Spine2', parent: 'Spine1', at: [0, 0, 0.12], turn: [0, 2, 0] },
  { name: 'Neck', parent: 'Spine2', at: [0.01, 0, 0.16], turn: [0, 8, 0] },
  { name: 'Head', parent: 'Neck', at: [0, 0, 0.1], turn: [0, -6, 0] },
];

const arm: RigBone[] = [
  { name: 'LeftShoulder', parent: 'Spine2', at: [0, 0.04, 0.12], turn: [-10, 0, 5] },
  { name: 'LeftArm', parent: 'LeftShoulder', at: [0, 0.13, 0], turn: [-40, 0, 0] },
  { name: 'LeftForeArm', parent: 'LeftArm', at: [0, 0.28, 0], turn: [0, 0, 20] },
  { name: 'LeftHand', parent: 'LeftForeArm', at: [0, 0.25, 0], turn: [5, 0, 0] },
  { name: 'LeftHandThumb1', parent: 'LeftHand', at: [0.03, 0.02, 0], turn: [0, 0, 30] },
  { name: 'LeftHandThumb2', parent: 'LeftHandThumb1', at: [0, 0.03, 0] },
  { name: 'LeftHandIndex1', parent: 'LeftHand', at: [0.02, 0.08, 0] },
  { name: 'LeftHandIndex2', parent: 'LeftHandIndex1', at: [0, 0.035, 0], turn: [0, 0, 10] },
];

const leg: RigBone[] = [
  { name: 'LeftUpLeg', parent: 'Hips', at: [0, 0.09, -0.05], turn: [0, 4, 0] },
  { name: 'LeftLeg', parent: 'LeftUpLeg', at: [0, 0, -0.42], turn: [0, -8, 0] },
  { name: 'LeftFoot', parent: 'LeftLeg', at: [0, 0, -0.42], turn: [0, 4, 0] },
  { name: 'LeftToeBase', parent: 'LeftFoot', at: [0.13, 0, -0.06] },
];

/** The rider: HumanIK names, own transform (0, 0, 0.964) turned +90° about z, equal to its root local. */
export const riderRig: Rig = {
  name: 'MAD_CHR_Skel_U',
  dialect: 'anvilnext',
  id: 0x3a1f_0000_0001_0000n,
  skeletonType: 1,
  ownTransform: RIDER_OWN,
  bones: [{ name: 'Reference', at: [0, 0, 0], local: RIDER_OWN }, ...upperChain, ...bothSides(arm), ...bothSides(leg)],
};

/** The bike: its stored root local turned −90° about z, its own transform +90°. */
export const bikeRig: Rig = {
  name: 'MAD_CHR_Skel_Bike_U',
  dialect: 'anvilnext',
  id: 0x3a1f_0000_0002_0000n,
  skeletonType: 5,
  ownTransform: BIKE_OWN,
  bones: [
    { name: 'Reference', at: [0, 0, 0], local: BIKE_ROOT_LOCAL },
    { name: 'Bike_Frame', parent: 'Reference', at: [0, 0, 0.1] },
    { name: 'Bike_Fork', parent: 'Bike_Frame', at: [0.55, 0, 0.25], turn: [0, 20, 0] },
    { name: 'Bike_Handlebar', parent: 'Bike_Fork', at: [0, 0, 0.2] },
    { name: 'Bike_FrontWheel', parent: 'Bike_Fork', at: [0, 0, -0.5] },
    { name: 'Bike_RearWheel', parent: 'Bike_Frame', at: [-0.5, 0, -0.1] },
    { name: 'Bike_Crank', parent: 'Bike_Frame', at: [0, 0, -0.15] },
    { name: 'Bike_LeftPedal', parent: 'Bike_Crank', at: [0.17, 0.08, 0], turn: [0, 90, 0] },
    { name: 'Bike_RightPedal', parent: 'Bike_Crank', at: [-0.17, -0.08, 0], turn: [0, -90, 0] },
  ],
};

function addon(name: string, id: bigint, chainTo: string, own: RigBone[]): Rig {
  const chain: RigBone[] = [];
  const wanted = new Set<string>(['Reference']);
  // Repeat the rider's chain from Reference up to the bone the addon's own bones hang from.
  for (const b of upperChain) {
    chain.push(b);
    wanted.add(b.name);
    if (b.name === chainTo) break;
  }
  return {
    name,
    dialect: 'anvilnext',
    id,
    skeletonType: 8,
    ownTransform: RIDER_OWN,
    bones: [{ name: 'Reference', at: [0, 0, 0], local: RIDER_OWN }, ...chain, ...own],
  };
}

/** The five addon rigs, each repeating the rider's upper chain. */
export const addonRigs: Rig[] = [
  addon('MAD_CHR_SkelAddon_Head', 0x3a1f_0000_0010_0000n, 'Head', [
    { name: 'Jaw', parent: 'Head', at: [0.02, 0, -0.02], turn: [0, 15, 0] },
    ...bothSides([
      { name: 'LeftEye', parent: 'Head', at: [0.09, 0.032, 0.07] },
      { name: 'LeftEyelid', parent: 'Head', at: [0.09, 0.032, 0.082] },
      { name: 'LeftBrow', parent: 'Head', at: [0.1, 0.03, 0.1] },
    ]),
  ]),
  addon('MAD_CHR_SkelAddon_UpperBody', 0x3a1f_0000_0011_0000n, 'Spine2', [
    ...bothSides([
      { name: 'LeftShoulder', parent: 'Spine2', at: [0, 0.04, 0.12], turn: [-10, 0, 5] },
      { name: 'LeftArm', parent: 'LeftShoulder', at: [0, 0.13, 0], turn: [-40, 0, 0] },
      { name: 'LeftArmRoll', parent: 'LeftArm', at: [0, 0.14, 0] },
      { name: 'LeftForeArmRoll', parent: 'LeftArm', at: [0, 0.41, 0], turn: [0, 0, 20] },
    ]),
  ]),
  addon('MAD_CHR_SkelAddon_LowerBody', 0x3a1f_0000_0012_0000n, 'Hips', [
    ...bothSides([
      { name: 'LeftUpLeg', parent: 'Hips', at: [0, 0.09, -0.05], turn: [0, 4, 0] },
      { name: 'LeftUpLegRoll', parent: 'LeftUpLeg', at: [0, 0, -0.2] },
      { name: 'LeftLegRoll', parent: 'LeftUpLeg', at: [0, 0, -0.62], turn: [0, -8, 0] },
    ]),
  ]),
  addon('MAD_CHR_SkelAddon_Outfit', 0x3a1f_0000_0013_0000n, 'Spine2', [
    { name: 'Backpack', parent: 'Spine2', at: [-0.16, 0, 0.05] },
    { name: 'Backpack_Strap_L', parent: 'Backpack', at: [0.05, 0.1, 0.1] },
    { name: 'Backpack_Strap_R', parent: 'Backpack', at: [0.05, -0.1, 0.1] },
    { name: 'Prop_Back', parent: 'Spine2', at: [-0.2, 0, 0] },
  ]),
  addon('MAD_CHR_SkelAddon_Hair', 0x3a1f_0000_0014_0000n, 'Head', [
    { name: 'Hair_Root', parent: 'Head', at: [-0.03, 0, 0.12] },
    { name: 'Hair_Ponytail1', parent: 'Hair_Root', at: [-0.08, 0, -0.02], turn: [0, 60, 0] },
    { name: 'Hair_Ponytail2', parent: 'Hair_Ponytail1', at: [0, 0, -0.08], turn: [0, 10, 0] },
    { name: 'Hair_Ponytail3', parent: 'Hair_Ponytail2', at: [0, 0, -0.08], turn: [0, 10, 0] },
  ]),
];

/**
 * The `scimitar` skater (no own transform): orientation constraints, a pose group, IK and centre-of-mass data, mirror pairs.
 */
export const skaterRig: Rig = {
  name: 'SWS_Skater',
  dialect: 'scimitar',
  id: 0x5e00_1000n,
  bones: [{ name: 'Reference', at: [0, 0, 0] }, { name: 'Hips', parent: 'Reference', at: [0, 0, 0.98] }, ...upperChain.slice(1), ...bothSides(arm.slice(0, 4)), ...bothSides(leg)],
};
