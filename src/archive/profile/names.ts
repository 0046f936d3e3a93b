/**
 * The names of the archive profiles and of the TOC record readings, alone (no declaration loaded),
 * so the CLI can offer them as option choices without reading any format at start-up.
 */

/** The profiles' names, in the order detection prefers them when two read an archive alike. */
export const FORGE_PROFILE_NAMES = ['ac1', 'ac2', 'ac3', 'unity', 'wildlands', 'steep', 'origins-odyssey'] as const;
/** The name of one archive profile (`ac1` … `origins-odyssey`). */
export type ForgeProfileName = (typeof FORGE_PROFILE_NAMES)[number];

/** The TOC record readings a profile may choose among. */
export const TOC_RECORD_KINDS = ['u32-id', 'u32-id-i16', 'u64-id-counted-words', 'u64-id-flags'] as const;
/** The name of one TOC record reading. */
export type TocRecordKind = (typeof TOC_RECORD_KINDS)[number];
