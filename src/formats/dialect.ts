/** The two layouts: `anvilnext` (the main title, 64-bit ids) and `scimitar` (SWS, 32-bit ids). */
export type Dialect = 'anvilnext' | 'scimitar';
/** Both layouts. */
export const DIALECTS: readonly Dialect[] = ['anvilnext', 'scimitar'];
