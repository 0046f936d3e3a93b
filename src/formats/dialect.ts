import { BUILT_IN_LAYOUTS } from './registry.js';

/** A registered layout's name: `anvilnext`, `scimitar`, or a sibling such as `anvilnext/unity`. */
export type { Dialect } from './layout.js';
/** The built-in layouts' names, in detection order. */
export const DIALECTS: readonly string[] = BUILT_IN_LAYOUTS.map((layout) => layout.name);
