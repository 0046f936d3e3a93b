/**
 * Joining an edited glTF's nodes to the Skeleton's bones for {@link applyArmature}: by
 * `extras.nameHash` (bones sharing a hash told apart by `extras.id`, then `extras.index`), else by
 * the name the export gave the node; never by position.
 */
import type { Document, Node } from '@gltf-transform/core';
import { hex } from '../io/format.js';
import { idHexWidth, type Skeleton } from '../model/skeleton.js';
import { crc32, parseHash } from '../names/crc32.js';
import { ArmatureImportError, SCALE_TOLERANCE, UNCHANGED_TOLERANCE } from './gltf-import-errors.js';

export interface NodeMatch {
  /** The node of each bone, by bone index. */
  nodeOf: Node[];
  boneOfNode: Map<Node, number>;
  matchedBy: { extras: number; name: number };
}

export function describeNode(node: Node): string {
  return `node '${node.getName()}'`;
}

export function describeBone(index: number, names: readonly string[]): string {
  return `bone ${index} (${names[index]})`;
}

/** Every node that stands for a bone (a skin's joint, or a node carrying `extras.nameHash`) joined to its bone. */
export function matchNodes(doc: Document, skeleton: Skeleton, names: readonly string[]): NodeMatch {
  const root = doc.getRoot();
  const skins = root.listSkins();
  if (skins.length === 0)
    throw new ArmatureImportError(
      'no-skin',
      'the glTF holds no skin, so no armature: export the armature with its skin (every export has one) and keep it when saving',
    );
  const candidates = new Set<Node>();
  for (const skin of skins) for (const joint of skin.listJoints()) candidates.add(joint);
  for (const node of root.listNodes()) if ('nameHash' in (node.getExtras() as object)) candidates.add(node);

  const bonesByHash = new Map<number, number[]>();
  skeleton.bones.forEach((bone, i) => {
    const list = bonesByHash.get(bone.nameHash);
    if (list) list.push(i);
    else bonesByHash.set(bone.nameHash, [i]);
  });
  const boneByName = new Map<string, number>();
  names.forEach((name, i) => boneByName.set(name, i));
  const idWidth = idHexWidth(skeleton.dialect);

  const nodeOf: (Node | undefined)[] = new Array(skeleton.bones.length);
  const boneOfNode = new Map<Node, number>();
  const matchedBy = { extras: 0, name: 0 };
  for (const node of candidates) {
    const extras = node.getExtras() as Record<string, unknown>;
    let bone: number | null;
    if ('nameHash' in extras) {
      const hash = extrasHash(extras['nameHash']);
      if (hash === null)
        throw new ArmatureImportError(
          'unknown-node',
          `${describeNode(node)}: extras.nameHash ${JSON.stringify(extras['nameHash'])} is not a name hash`,
        );
      const holders = bonesByHash.get(hash) ?? [];
      if (holders.length === 0)
        throw new ArmatureImportError('unknown-node', `${describeNode(node)}: its nameHash ${hex(hash, 8)} names no bone of the skeleton`);
      bone = holders.length === 1 ? holders[0]! : pickAmong(holders, extras, node, skeleton, names, idWidth);
      matchedBy.extras++;
    } else {
      bone = boneByNodeName(node.getName(), boneByName, bonesByHash);
      if (bone === null)
        throw new ArmatureImportError(
          'hierarchy',
          `bone added: joint ${describeNode(node)} matches no bone of the skeleton (no extras.nameHash, and its name is no bone's); adding bones is not supported`,
        );
      matchedBy.name++;
    }
    const earlier = nodeOf[bone];
    if (earlier !== undefined)
      throw new ArmatureImportError(
        'hierarchy',
        `${describeBone(bone, names)} is matched by two nodes, ${describeNode(earlier)} and ${describeNode(node)}`,
      );
    nodeOf[bone] = node;
    boneOfNode.set(node, bone);
  }
  const missing = skeleton.bones.map((_bone, i) => i).filter((i) => nodeOf[i] === undefined);
  if (missing.length > 0) {
    const listed = missing.slice(0, 5).map((i) => describeBone(i, names));
    const more = missing.length > 5 ? ` and ${missing.length - 5} more` : '';
    throw new ArmatureImportError(
      'hierarchy',
      `bone removed: ${listed.join(', ')}${more} ${missing.length === 1 ? 'has' : 'have'} no node in the glTF; removing bones is not supported`,
    );
  }
  return { nodeOf: nodeOf as Node[], boneOfNode, matchedBy };
}

function extrasHash(value: unknown): number | null {
  if (typeof value === 'string') return parseHash(value);
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0xffffffff) return value;
  return null;
}

/** Several bones share the hash: the node's `extras.id`, then `extras.index`, then its name tells which. */
function pickAmong(
  holders: readonly number[],
  extras: Record<string, unknown>,
  node: Node,
  skeleton: Skeleton,
  names: readonly string[],
  idWidth: number,
): number {
  const id = extras['id'];
  if (typeof id === 'string') {
    const byId = holders.find((i) => hex(skeleton.bones[i]!.id, idWidth).toUpperCase() === id.trim().toUpperCase());
    if (byId !== undefined) return byId;
  }
  const index = extras['index'];
  if (typeof index === 'number' && holders.includes(index)) return index;
  const byName = holders.find((i) => names[i] === node.getName());
  if (byName !== undefined) return byName;
  throw new ArmatureImportError(
    'unknown-node',
    `${describeNode(node)}: bones ${holders.join(', ')} share its nameHash, and neither its extras.id nor extras.index nor its name tells which it is`,
  );
}

function boneByNodeName(name: string, boneByName: Map<string, number>, bonesByHash: Map<number, number[]>): number | null {
  const exact = boneByName.get(name);
  if (exact !== undefined) return exact;
  const fallback = /^bone_(0x[0-9a-f]{8})$/i.exec(name);
  const hash = fallback ? parseHash(fallback[1]!)! : crc32(name);
  const holders = bonesByHash.get(hash);
  return holders?.length === 1 ? holders[0]! : null;
}

const isIdentity = (node: Node): boolean =>
  node.getTranslation().every((c) => Math.abs(c) <= UNCHANGED_TOLERANCE) &&
  Math.abs(Math.abs(node.getRotation()[3]) - 1) <= UNCHANGED_TOLERANCE &&
  node.getScale().every((c) => Math.abs(c - 1) <= SCALE_TOLERANCE);

/** Each bone's node sits under its parent's node; a root's node under nodes that do not move it. */
export function checkHierarchy(skeleton: Skeleton, nodeOf: readonly Node[], boneOfNode: Map<Node, number>, names: readonly string[]): void {
  skeleton.bones.forEach((bone, i) => {
    const above = nodeOf[i]!.getParentNode();
    const aboveBone = above === null ? undefined : boneOfNode.get(above);
    if (bone.parent === -1) {
      if (aboveBone !== undefined)
        throw new ArmatureImportError(
          'hierarchy',
          `${describeBone(i, names)} was reparented: it is the root, but its node is under ${describeBone(aboveBone, names)}`,
        );
      for (let node = above; node !== null; node = node.getParentNode()) {
        if (boneOfNode.has(node))
          throw new ArmatureImportError(
            'hierarchy',
            `${describeBone(i, names)} was reparented: its node is below ${describeNode(node)}, a bone's node`,
          );
        if (!isIdentity(node))
          throw new ArmatureImportError(
            'transform',
            `${describeNode(node)} above the root ${describeBone(i, names)} moves it (translation, rotation or scale not identity); clear or apply that transform before saving`,
          );
      }
      return;
    }
    if (aboveBone === bone.parent) return;
    const now =
      above === null ? 'no parent' : aboveBone !== undefined ? describeBone(aboveBone, names) : `${describeNode(above)}, not a bone`;
    throw new ArmatureImportError(
      'hierarchy',
      `${describeBone(i, names)} was reparented: its parent is ${describeBone(bone.parent, names)}, the glTF gives it ${now}`,
    );
  });
}
