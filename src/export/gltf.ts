/**
 * Export of a Skeleton to glTF 2.0 through glTF-Transform: one node per bone, a skin over all of
 * them and (unless `mesh: false`) a small skinned mesh that draws the rig. Platform-neutral: the
 * writers return bytes and text, the caller stores them.
 */
import { Document, Format, Logger, WebIO, type Node } from '@gltf-transform/core';
import { runtimeLocalTransforms } from '../analysis/runtime-pose.js';
import { convertTransform, type AxisConvention } from '../math/axes.js';
import { quatNormalize } from '../math/quaternion.js';
import { invertTransform, transformToMat4, type Transform } from '../math/transform.js';
import type { Quat, Vec3, Vec4 } from '../math/vector.js';
import { hex } from '../io/format.js';
import { boneNodeExtras, freeName, uniqueBoneNames } from './node-names.js';
import { encodeBase64 } from './base64.js';
import { buildBoneMesh } from './bone-mesh.js';
import { resolveExportOptions, type GltfExportOptions } from './options.js';
import { idHexWidth, type Skeleton } from '../model/skeleton.js';

export const GLTF_GENERATOR = 'anvil-skeleton (glTF-Transform)';
/** Name of the helper node that parents several root bones (only when there is more than one). */
const ARMATURE_NODE_NAME = 'Armature';
const MESH_NODE_NAME = 'skeleton_bones';

/**
 * Builds the glTF document of a skeleton.
 *
 * - Nodes 0…n−1 are the bones in bone order (node index = bone index = joint index), parented as
 *   in the skeleton, each with its local translation and unit rotation in the chosen axes.
 * - The skin's joints are all bones in bone order; its skeleton is bone 0's node (or a helper
 *   `Armature` node when the skeleton has several roots, as joints need a common root).
 * - Inverse bind matrices are always the inverses of the *stored* global bind transforms, also
 *   with `pose: 'runtime'`. Viewers read the inverse binds as the rest (bind) pose and the node
 *   transforms as the current pose: Blender's importer builds the armature's rest pose from them
 *   and poses the bones with the node transforms; three.js skins the mesh with
 *   jointWorld · inverseBind. So a runtime export shows the stored bind as the rest pose and the
 *   runtime pose as a pose of it, the bone mesh (drawn in the bind pose) follows the bones into
 *   the runtime pose, and a bind export shows no deformation at all.
 */
export function buildGltfDocument(skeleton: Skeleton, options: Partial<GltfExportOptions> = {}): Document {
  const opts = resolveExportOptions(options);
  const { bones } = skeleton;
  checkHierarchy(skeleton);
  const locals = opts.pose === 'runtime' ? runtimeLocalTransforms(skeleton) : bones.map((bone) => bone.local);
  const globals = bones.map((bone, i) => outputTransform(bone.global, opts.axes, `bone ${i}'s global transform`));

  const doc = new Document();
  doc.setLogger(new Logger(Logger.Verbosity.WARN));
  doc.getRoot().getAsset().generator = GLTF_GENERATOR;
  const buffer = doc.createBuffer();
  const names = uniqueBoneNames(bones, opts.boneName);

  const nodes = bones.map((_bone, i) => {
    const local = outputTransform(locals[i]!, opts.axes, `bone ${i}'s local transform`);
    return doc
      .createNode(names[i]!)
      .setTranslation(vec3(local.position))
      .setRotation(local.rotation)
      .setExtras(boneNodeExtras(skeleton, i, opts.boneSource));
  });
  const roots: Node[] = [];
  bones.forEach((bone, i) => {
    if (bone.parent === -1) roots.push(nodes[i]!);
    else nodes[bone.parent]!.addChild(nodes[i]!);
  });
  let skeletonRoot = roots[0]!;
  if (roots.length > 1) {
    skeletonRoot = doc.createNode(freeName(ARMATURE_NODE_NAME, names));
    for (const root of roots) skeletonRoot.addChild(root);
  }

  const scene = doc
    .createScene('Skeleton')
    .addChild(skeletonRoot)
    .setExtras({
      dialect: skeleton.dialect,
      skeletonId: hex(skeleton.id, idHexWidth(skeleton.dialect)),
      pose: opts.pose,
      axes: opts.axes,
    });
  doc.getRoot().setDefaultScene(scene);

  const inverseBinds = new Float32Array(16 * bones.length);
  globals.forEach((global, i) => inverseBinds.set(transformToMat4(invertTransform(global)), 16 * i));
  const skin = doc
    .createSkin('Skeleton')
    .setSkeleton(skeletonRoot)
    .setInverseBindMatrices(doc.createAccessor('inverseBindMatrices', buffer).setType('MAT4').setArray(inverseBinds));
  for (const node of nodes) skin.addJoint(node);

  if (opts.mesh) {
    const meshNode = doc
      .createNode(freeName(MESH_NODE_NAME, names))
      .setMesh(buildBoneMeshProperty(doc, globals, skeleton))
      .setSkin(skin);
    // A skinned mesh's node is a scene root with no transform of its own (the validator warns otherwise).
    scene.addChild(meshNode);
  }
  return doc;
}

/** GLB bytes. */
export async function exportGlb(skeleton: Skeleton, options: Partial<GltfExportOptions> = {}): Promise<Uint8Array> {
  return writerIO().writeBinary(buildGltfDocument(skeleton, options));
}

/** `.gltf` JSON text with the buffer embedded as a base64 data URI. */
export async function exportGltfEmbedded(skeleton: Skeleton, options: Partial<GltfExportOptions> = {}): Promise<string> {
  const doc = buildGltfDocument(skeleton, options);
  // glTF-Transform writes buffers as separate resources; the one buffer is then inlined as a data
  // URI in the written JSON (the only change made to the writer's output).
  doc.getRoot().listBuffers()[0]!.setURI('skeleton.bin');
  const { json, resources } = await writerIO().writeJSON(doc, { format: Format.GLTF });
  for (const bufferDef of json.buffers ?? []) {
    if (bufferDef.uri === undefined) continue;
    const data = resources[bufferDef.uri];
    if (data === undefined) throw new Error(`glTF export: no data written for buffer '${bufferDef.uri}'`);
    bufferDef.uri = `data:application/octet-stream;base64,${encodeBase64(data)}`;
  }
  return jsonText(json);
}

/**
 * `.gltf` JSON text referring to a separate binary buffer named `binName` (a plain file name,
 * stored beside the `.gltf`; it is percent-encoded in the URI).
 */
export async function exportGltfSeparate(
  skeleton: Skeleton,
  options: Partial<GltfExportOptions>,
  binName: string,
): Promise<{ json: string; bin: Uint8Array }> {
  if (binName === '' || /[/\\]/.test(binName) || binName === '.' || binName === '..') {
    throw new Error(`glTF export: the buffer's name must be a plain file name, not '${binName}'`);
  }
  const doc = buildGltfDocument(skeleton, options);
  const uri = encodeURIComponent(binName);
  doc.getRoot().listBuffers()[0]!.setURI(uri);
  const { json, resources } = await writerIO().writeJSON(doc, { format: Format.GLTF });
  const bin = resources[uri];
  if (bin === undefined) throw new Error(`glTF export: no data written for buffer '${uri}'`);
  return { json: jsonText(json), bin };
}

function writerIO(): WebIO {
  return new WebIO().setLogger(new Logger(Logger.Verbosity.WARN));
}

function jsonText(json: unknown): string {
  return `${JSON.stringify(json, null, 2)}\n`;
}

function buildBoneMeshProperty(doc: Document, globals: readonly Transform[], skeleton: Skeleton) {
  const buffer = doc.getRoot().listBuffers()[0]!;
  const geometry = buildBoneMesh(
    globals.map((global) => vec3(global.position)),
    skeleton.bones.map((bone) => bone.parent),
  );
  const vertexCount = geometry.joints.length;
  const joints = skeleton.bones.length <= 256 ? new Uint8Array(4 * vertexCount) : new Uint16Array(4 * vertexCount);
  const weights = new Float32Array(4 * vertexCount);
  geometry.joints.forEach((joint, vertex) => {
    joints[4 * vertex] = joint;
    weights[4 * vertex] = 1;
  });
  // Index 65535 is the primitive-restart value of unsigned shorts, which glTF forbids.
  const indices = vertexCount <= 65535 ? Uint16Array.from(geometry.triangles) : Uint32Array.from(geometry.triangles);
  const primitive = doc
    .createPrimitive()
    .setAttribute('POSITION', doc.createAccessor('bonePositions', buffer).setType('VEC3').setArray(geometry.positions))
    .setAttribute('JOINTS_0', doc.createAccessor('boneJoints', buffer).setType('VEC4').setArray(joints))
    .setAttribute('WEIGHTS_0', doc.createAccessor('boneWeights', buffer).setType('VEC4').setArray(weights))
    .setIndices(doc.createAccessor('boneTriangles', buffer).setType('SCALAR').setArray(indices));
  return doc.createMesh(MESH_NODE_NAME).addPrimitive(primitive);
}

/** A stored transform in output axes, rotation normalized (glTF requires unit rotations). */
function outputTransform(t: Readonly<Transform>, axes: AxisConvention, what: string): Transform {
  const values = [...t.position.slice(0, 3), ...t.rotation];
  if (!values.every(Number.isFinite)) throw new Error(`glTF export: ${what} is not finite`);
  const converted = convertTransform({ position: t.position, rotation: quatNormalize(t.rotation) }, axes);
  // `+ 0` turns the −0 that the axis swap makes of a zero into a plain 0.
  return {
    position: converted.position.map((c) => c + 0) as Vec4,
    rotation: converted.rotation.map((c) => c + 0) as Quat,
  };
}

function vec3(p: Readonly<Vec4>): Vec3 {
  return [p[0], p[1], p[2]];
}

/** Parents in range and no cycles: anything else cannot become a glTF node tree. */
function checkHierarchy(skeleton: Skeleton): void {
  const { bones } = skeleton;
  if (bones.length === 0) throw new Error('glTF export: the skeleton has no bones (a skin needs at least one joint)');
  if (bones.length > 65536) throw new Error(`glTF export: ${bones.length} bones exceed the 65536 joints a skin can index`);
  bones.forEach((bone, i) => {
    if (bone.parent !== -1 && !(Number.isInteger(bone.parent) && bone.parent >= 0 && bone.parent < bones.length)) {
      throw new Error(`glTF export: bone ${i}'s parent ${bone.parent} is not a bone index`);
    }
  });
  const state = new Uint8Array(bones.length); // 0 unvisited, 1 on the current path, 2 reaches a root
  bones.forEach((_bone, start) => {
    const path: number[] = [];
    let i = start;
    while (i !== -1 && state[i] === 0) {
      state[i] = 1;
      path.push(i);
      i = bones[i]!.parent;
    }
    if (i !== -1 && state[i] === 1) throw new Error(`glTF export: bone ${i}'s parent chain is a cycle`);
    for (const visited of path) state[visited] = 2;
  });
}
