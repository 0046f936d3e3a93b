export * from './math/index.js';
export * from './model/index.js';
