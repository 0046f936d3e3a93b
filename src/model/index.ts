export * from './skeleton.js';
