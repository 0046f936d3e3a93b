/**
 * The bundled sample corpus: synthetic resources written by the project's own writer from the
 * rig descriptions. Deterministic: the same bytes on every run.
 */
import { NULL_RESOURCE, RESOURCE_MODE, skeletonComponent, type AnvilnextSkeleton, type SkeletonComponent } from '../formats/anvilnext/index.js';
import { writeResource } from '../formats/resource.js';
import { encodeAll } from '../grammar/decode.js';
import { anvilnextRecordFromSkeleton, scimitarRecordFromSkeleton } from '../model/from-records.js';
import type { Skeleton } from '../model/skeleton.js';
import { crc32 } from '../names/crc32.js';
import { rigToSkeleton, type Rig } from './rig.js';
import { addonRigs, bikeRig, riderRig, skaterRig } from './rigs.js';

/** One file of a sample corpus: its path in the corpus folder, its bytes and what it shows. */
export interface SampleFile {
  /** Relative path inside the corpus folder. */
  path: string;
  /** The file's bytes. */
  bytes: Uint8Array;
  /** One line on what the file shows. */
  description: string;
}

function f32Bytes(values: number[]): Uint8Array {
  const out = new Uint8Array(values.length * 4);
  const view = new DataView(out.buffer);
  values.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return out;
}

/** anvilnext Skeleton bytes, with every optional portion filled on request. */
function anvilnextSkeletonBytes(skeleton: Skeleton, full: boolean): Uint8Array {
  const base = skeleton.id;
  const overrides: Partial<AnvilnextSkeleton> = full
    ? {
        poseGroups: [
          {
            id: base + 0x100n,
            poses: [
              { id: base + 0x101n, unknown: 0, bones: [{ id: base + 0x102n, body: f32Bytes([0, 0, 0.964, 1]) }, { id: base + 0x103n, body: f32Bytes([0, 0.5, 0, 1]) }] },
            ],
          },
        ],
        ikData: { kind: 'inline', value: { id: base + 0x110n } },
        lookAt: { mode: RESOURCE_MODE.byId, flag: 0, id: base + 0x120n },
        float0: 0.5,
        float1: 1,
        reflexConstraints: new Uint8Array([1, 0, 0, 0, 0x2a, 0, 0, 0]),
        trailingWords: [0, 1, 2],
      }
    : {};
  return writeResource({ kind: 'Skeleton', dialect: 'anvilnext', record: anvilnextRecordFromSkeleton(skeleton, overrides), reading: { reflexConstraints: 'u32-length', poseBoneHeader: 'id-class' } });
}

function componentBytes(id: bigint, main: bigint, addons: bigint[], tracks: number): Uint8Array {
  const record: SkeletonComponent = {
    id,
    base: new Uint8Array([1, 0, 0, 0]),
    mainSkeleton: { mode: RESOURCE_MODE.byId, flag: 0, id: main },
    addons: addons.map((a) => ({ mode: RESOURCE_MODE.byId, flag: 0, id: a })),
    expressionPack: { ...NULL_RESOURCE },
    trackDefinitions: Array.from({ length: tracks }, (_, i) => ({ id: id + BigInt(i + 1), data: new Uint8Array([i, 0, 0, 0, 0, 0, 0x80, 0x3f]) })),
    windForce: { id: id + 0x40n, data: f32Bytes([0, 0, 0]) },
  };
  return encodeAll(skeletonComponent, record);
}

/** scimitar Skeleton bytes with orientation constraints, pose groups, IK, centre of mass and mirror pairs. */
function skaterBytes(rig: Rig): Uint8Array {
  const skeleton = rigToSkeleton(rig);
  const record = scimitarRecordFromSkeleton(skeleton);
  const idOf = new Map(skeleton.bones.map((b) => [b.nameHash, Number(b.id)]));
  const indexOf = new Map(skeleton.bones.map((b) => [b.nameHash, b.index]));
  let nextId = 0x5e00_8000;
  const constrain = (name: string, target: string, weight: number) => {
    const bone = record.bones[indexOf.get(crc32(name))!]!;
    bone.constraints!.push({
      id: nextId++,
      bone: { kind: 'ref', id: idOf.get(crc32(name))! },
      flag0: 1,
      targets: [{ id: nextId++, bone: { kind: 'ref', id: idOf.get(crc32(target))! }, weight }],
      flag1: 0,
      rotation: [0, 0, 0, 1],
    });
  };
  constrain('LeftForeArm', 'LeftHand', 0.5);
  constrain('RightForeArm', 'RightHand', 0.5);
  constrain('Neck', 'Head', 0.25);
  record.poseGroups = [
    {
      id: nextId++,
      poses: [{ id: nextId++, unknown: 1, bones: [{ id: nextId++, boneName: crc32('Hips'), position: [0, 0, 0.98, 0], rotation: [0, 0, 0, 1] }] }],
    },
  ];
  record.ikData = { kind: 'inline', value: { id: nextId++, boneNames: ['LeftFoot', 'RightFoot', 'LeftHand', 'RightHand'].map((n) => crc32(n)) } };
  record.comData = { kind: 'inline', value: { id: nextId++, value0: [0, 0, 0.95, 0], value1: [0, 0, 0, 1] } };
  record.unknown0 = 2;
  return writeResource({ kind: 'Skeleton', dialect: 'scimitar', record });
}

/** Every file of the bundled sample corpus (the bytes of `samples/`), the same on every run. Never throws. */
export function sampleCorpus(): SampleFile[] {
  const rider = rigToSkeleton(riderRig);
  const bike = rigToSkeleton(bikeRig);
  const addons = addonRigs.map(rigToSkeleton);
  const files: SampleFile[] = [
    { path: 'anvilnext/MAD_CHR_Skel_U.Skeleton', bytes: anvilnextSkeletonBytes(rider, true), description: 'rider: HumanIK names, own transform (0, 0, 0.964) +90° about z equal to the root local, every optional portion filled' },
    { path: 'anvilnext/MAD_CHR_Skel_Bike_U.Skeleton', bytes: anvilnextSkeletonBytes(bike, false), description: 'bike: stored root local −90° about z, own transform +90°' },
    ...addons.map((a, i) => ({ path: `anvilnext/addons/${addonRigs[i]!.name}.Skeleton`, bytes: anvilnextSkeletonBytes(a, false), description: 'addon rig repeating the rider upper chain' })),
    {
      path: 'anvilnext/MAD_CHR_Rider.SkeletonComponent',
      bytes: componentBytes(0x3a1f_0000_0100_0000n, rider.id, addons.map((a) => a.id), 2),
      description: 'the rider SkeletonComponent: main Skeleton, five addons, two track definitions (body 56 + 50 + 40 bytes)',
    },
    { path: 'anvilnext/MAD_NPC_Generic.SkeletonComponent', bytes: componentBytes(0x3a1f_0000_0200_0000n, rider.id, [], 0), description: 'an NPC SkeletonComponent: 56-byte body' },
    { path: 'scimitar/SWS_Skater.Skeleton', bytes: skaterBytes(skaterRig), description: 'skater: orientation constraints, pose group, IK, centre of mass, mirror pairs' },
  ];
  return files;
}

/** The rig models behind the corpus's Skeletons, by file path. Never throws. */
export function sampleSkeletons(): Record<string, Skeleton> {
  return {
    'anvilnext/MAD_CHR_Skel_U.Skeleton': rigToSkeleton(riderRig),
    'anvilnext/MAD_CHR_Skel_Bike_U.Skeleton': rigToSkeleton(bikeRig),
    ...Object.fromEntries(addonRigs.map((r) => [`anvilnext/addons/${r.name}.Skeleton`, rigToSkeleton(r)])),
    'scimitar/SWS_Skater.Skeleton': rigToSkeleton(skaterRig),
  };
}

/** Every bone name used by the sample rigs, sorted (`samples/names.txt`). Never throws. */
export function sampleNames(): string[] {
  const names = new Set<string>();
  for (const rig of [riderRig, bikeRig, ...addonRigs, skaterRig]) for (const bone of rig.bones) names.add(bone.name);
  return [...names].sort();
}
