/**
 * What the archive tests put in archives: the classes, the bundled samples as record bodies, and
 * the rider's data file (the rider Skeleton with a mesh record after it) that several tests open.
 */
import { readFileSync } from 'node:fs';
import type { HandEntry } from './forge-hand.js';

export const SKELETON = 0x24aecb7c;
export const COMPONENT = 0x71fda747;
/** A class that is neither of ours. */
export const MESH = 0x415d9568;
/** 4,095 bytes (samples/README.md). */
export const RIDER = new Uint8Array(readFileSync('samples/anvilnext/MAD_CHR_Skel_U.Skeleton'));
/** 1,221 bytes. */
export const BIKE = new Uint8Array(readFileSync('samples/anvilnext/MAD_CHR_Skel_Bike_U.Skeleton'));
/** 2,744 bytes. */
export const SKATER = new Uint8Array(readFileSync('samples/scimitar/SWS_Skater.Skeleton'));
export const COMPONENT_BODY = new Uint8Array(readFileSync('samples/anvilnext/MAD_CHR_Rider.SkeletonComponent'));

/** A body that is not a resource of ours: `n` bytes of a simple pattern. */
export const filler = (n: number, seed = 3): Uint8Array => Uint8Array.from({ length: n }, (_, i) => (i * 13 + seed) & 0xff);

/** Entry `CHR_Bike.Skeleton` (id 0x2222): the bike (id 0xB1) and the skater (0xB2), two Skeletons in one data file. */
export function bikeEntry(): HandEntry {
  return {
    id: 0x2222n,
    name: 'CHR_Bike.Skeleton',
    type: SKELETON,
    resources: [
      { classHash: SKELETON, id: 0xb1n, name: 'Bike', body: BIKE },
      { classHash: SKELETON, id: 0xb2n, name: 'Skater', body: SKATER },
    ],
  };
}

/** Entry `CHR_Rider.SkeletonComponent` (id 0x3333): the rider's SkeletonComponent `RiderComponent` (0xC1). */
export function componentEntry(): HandEntry {
  return {
    id: 0x3333n,
    name: 'CHR_Rider.SkeletonComponent',
    type: COMPONENT,
    resources: [{ classHash: COMPONENT, id: 0xc1n, name: 'RiderComponent', body: COMPONENT_BODY }],
  };
}

/** Entry `CHR_Rider.Skeleton` (id 0x1111): the rider Skeleton (id 0xA1) and `Rider_Mesh` (0xA2), a mesh record of `meshBody`. */
export function riderEntry(meshBody: Uint8Array): HandEntry {
  return {
    id: 0x1111n,
    name: 'CHR_Rider.Skeleton',
    type: SKELETON,
    resources: [
      { classHash: SKELETON, id: 0xa1n, name: 'Rider', body: RIDER },
      { classHash: MESH, id: 0xa2n, name: 'Rider_Mesh', body: meshBody },
    ],
  };
}
