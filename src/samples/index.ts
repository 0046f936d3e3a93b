export * from './rig.js';
export * from './rigs.js';
export * from './corpus.js';
export * from './inventory.js';
