export * from './errors.js';
export * from './format.js';
export * from './reader.js';
export * from './writer.js';
