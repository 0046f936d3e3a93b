export { buildGltfDocument, exportGlb, exportGltfEmbedded, exportGltfSeparate, GLTF_GENERATOR } from './gltf.js';
export { GLTF_EXPORT_DEFAULTS, GLTF_POSES, resolveExportOptions, type GltfExportOptions, type GltfPose } from './options.js';
export { fallbackBoneName, uniqueBoneNames, type BoneNodeExtras } from './node-names.js';
