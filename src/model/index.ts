export * from './skeleton.js';
export * from './hierarchy.js';
export * from './build.js';
export * from './from-records.js';
export * from './read.js';
