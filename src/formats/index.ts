export * from './dialect.js';
export * from './classes.js';
export * from './resource.js';
export * as anvilnext from './anvilnext/index.js';
export * as scimitar from './scimitar/index.js';
