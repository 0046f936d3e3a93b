/** anvil-skeleton's public API: everything below the CLI, usable in Node and in the browser. */
export * from './io/index.js';
export * from './grammar/index.js';
export * from './formats/index.js';
export * from './math/index.js';
export * from './names/index.js';
export * from './model/index.js';
export * from './samples/index.js';
export * from './export/index.js';
export { skeletonToJson, componentToJson, toJsonText, type SkeletonJson, type BoneJson, type ComponentJson } from './export/json.js';
export { skeletonText, componentText } from './export/text.js';
export { validateResourceBytes, firstDifference, type ResourceValidation, type RefusalReport } from './analysis/validate-resource.js';
export * from './analysis/runtime-pose.js';
export * from './analysis/checks/index.js';
export * from './analysis/pose-array.js';
export * from './analysis/pose-find.js';
