export * from './reading.js';
export * from './common.js';
export * from './bone.js';
export * from './skeleton.js';
export * from './component.js';
