import { BUILT_IN_LAYOUTS } from './registry.js';

/** A registered layout's name: `anvilnext`, `scimitar`, or a sibling such as `anvilnext/unity`. */
export type { Dialect, LayoutName } from './layout.js';
/** The built-in layouts' names, in detection order. */
export const LAYOUT_NAMES: readonly string[] = BUILT_IN_LAYOUTS.map((layout) => layout.name);
/** The former name of {@link LAYOUT_NAMES}, kept for programs written against it. */
export const DIALECTS: readonly string[] = LAYOUT_NAMES;
