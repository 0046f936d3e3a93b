/**
 * An archive of many entries for the viewer's browser tests, written by hand
 * (test/archive/forge-hand.ts): meshes, with rigs at the entries the test names (their bodies the
 * bundled samples).
 */
import { handArchive, type HandEntry } from '../archive/forge-hand.js';

export const SKELETON_CLASS = 0x24aecb7c;
export const MESH_CLASS = 0x415d9568;

const filler = (k: number): Uint8Array => Uint8Array.from({ length: 24 }, (_, i) => (i * 5 + k) & 0xff);

const mesh = (k: number): HandEntry => ({
  id: 0x6100_0000n + BigInt(k),
  name: `PROP_Barrel_${String(k).padStart(4, '0')}.Mesh`,
  type: MESH_CLASS,
  resources: [{ classHash: MESH_CLASS, id: 0x7100_0000n + BigInt(k), name: `Barrel_${k}`, body: filler(k) }],
});

/** A rig entry named `CHR_<name>`, its one Skeleton record named `<name>`. */
const rig = (k: number, name: string, body: Uint8Array): HandEntry => ({
  id: 0x6100_0000n + BigInt(k),
  name: `CHR_${name}`,
  type: SKELETON_CLASS,
  resources: [{ classHash: SKELETON_CLASS, id: 0x7100_0000n + BigInt(k), name, body }],
});

/** `count` entries (v27): a mesh at each, but a rig at each entry `rigs` names (by number: its name and Skeleton body). */
export function rigArchive(count: number, rigs: ReadonlyMap<number, { name: string; body: Uint8Array }>): Uint8Array {
  const entries = Array.from({ length: count }, (_, k) => {
    const r = rigs.get(k);
    return r === undefined ? mesh(k) : rig(k, r.name, r.body);
  });
  return handArchive(entries, { version: 27 }).bytes;
}
