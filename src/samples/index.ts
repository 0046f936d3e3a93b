export * from './rig.js';
export * from './rigs.js';
export * from './corpus.js';
