export * from './vector.js';
export * from './quaternion.js';
export * from './transform.js';
export * from './axes.js';
export * from './matrix.js';
