export * from './bone.js';
export * from './skeleton.js';
