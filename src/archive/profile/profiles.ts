/**
 * The archive profiles: how each title family frames its data files, declared once. The tables
 * (header, data header, index blocks, index and name tables) depend on the archive version alone
 * and are the same for every profile; a profile fixes what the public readers of its titles read
 * differently: the bytes before a data file's first set, the set's block count and size pairs,
 * flagged sets, the TOC record, what lies between the TOC and the records, the method bytes and the
 * bookkeeping entries. Each choice names its sources (public reading: ACExplorer `ACX`,
 * WildlandsToolkit `WT`, Blacksmith `BS`) and a confidence.
 */
import { u16, u32, type Codec, type Confidence, i32 } from '../../grammar/index.js';
import {
  countedBytes,
  preambleAc2,
  preambleAc3,
  sizePair16,
  sizePair32,
  TOC_RECORDS,
  type SizePair,
  type TocRecordKind,
} from './framing.js';
import type { StructCodec } from '../../grammar/index.js';

import type { ForgeProfileName } from './names.js';
export { FORGE_PROFILE_NAMES, type ForgeProfileName } from './names.js';

/** How a profile decodes a block of one method byte. */
export type ForgeMethodRule =
  | { readonly kind: 'decode'; readonly decoder: 'LZO1X' | 'LZO2A' | 'LZO1C' | 'Zstandard'; readonly source: string }
  /** LZO1C, unless the block starts with a Zstandard frame magic (28 B5 2F FD): the bytes tell which. */
  | { readonly kind: 'lzo1c-or-zstandard'; readonly source: string }
  /** A method named by a reader but not decoded here (Oodle is proprietary): refused, named. */
  | { readonly kind: 'refuse'; readonly name: string; readonly source: string };

/** An entry the archive keeps for itself, read raw and never as a data file. */
export interface BookkeepingEntry {
  readonly name: string;
  readonly meaning: string;
  readonly source: string;
}

/** A part of the profile with its source and confidence, for the profile page. */
export interface Sourced<T> {
  readonly value: T;
  readonly confidence: Confidence;
  readonly source: string;
}

/** One title family's reading of the data files. */
export interface ForgeProfile {
  readonly name: ForgeProfileName;
  /** The titles, e.g. `AC2, Brotherhood, Revelations, AC3 and AC4 multiplayer`. */
  readonly titles: string;
  /** One line for the listing and the page. */
  readonly summary: string;
  /** The archive versions it reads; `laterVersions` takes every version above the last as well. */
  readonly versions: Sourced<readonly number[]>;
  readonly laterVersions: boolean;
  /** The bytes before a data file's first set, or null for none. */
  readonly preamble: Sourced<Codec<unknown> | null>;
  /** A set's block count after its header. */
  readonly blockCount: Sourced<Codec<number>>;
  /** A block's size pair, and from which set version a wider one is used instead (WT). */
  readonly sizePair: Sourced<StructCodec<SizePair>>;
  readonly widePairs: Sourced<{ fromSetVersion: number; sizePair: StructCodec<SizePair> } | null>;
  /** Flagged sets (a largest stored block of 0): the width of a stored block's size, or null when not read. */
  readonly flaggedSets: Sourced<Codec<number> | null>;
  /** The TOC record: the profile's reading, and the other one it may be switched to. */
  readonly tocRecord: Sourced<TocRecordKind>;
  readonly tocRecordChoices: readonly TocRecordKind[];
  /** Version 26 (AC4 multiplayer): u32 n and n bytes after the TOC. */
  readonly afterTocInVersion26: Sourced<Codec<Uint8Array> | null>;
  /** u32 n and n bytes before the first resource record. */
  readonly beforeRecords: Sourced<Codec<Uint8Array> | null>;
  /**
   * Where the resource records start: right after the TOC in the joined bytes of both sets (ACX
   * joins them), or at the start of the second set (WT reads the TOC set alone).
   */
  readonly recordsStart: Sourced<'after-toc' | 'second-set'>;
  /** Whether the TOC size delimits each record (WT: header length = TOC size − body size), so a record of another length is refused. */
  readonly tocSizeDelimits: Sourced<boolean>;
  /** How a body starts in this family, a hint for detection only (never a refusal). */
  readonly bodyHeader: Sourced<'managed-id-class' | 'id-class' | 'u32-id-class' | null>;
  /** The method bytes it decodes, refuses by name, or (absent) refuses as unknown. */
  readonly methods: Readonly<Record<number, ForgeMethodRule>>;
  /** The entries it keeps for itself, by id. */
  readonly bookkeeping: Readonly<Record<string, BookkeepingEntry>>;
  /** Where its docs page goes. */
  readonly docsPath: string;
}

const PR: Confidence = 'public reading';
const sourced = <T>(value: T, source: string, confidence: Confidence = PR): Sourced<T> => ({ value, source, confidence });

const LZO_METHODS: Readonly<Record<number, ForgeMethodRule>> = {
  0: { kind: 'decode', decoder: 'LZO1X', source: 'ACX' },
  1: { kind: 'decode', decoder: 'LZO1X', source: 'ACX' },
  2: { kind: 'decode', decoder: 'LZO2A', source: 'ACX' },
  5: { kind: 'decode', decoder: 'LZO1C', source: 'ACX' },
};

const OODLE: ForgeMethodRule = { kind: 'refuse', name: 'Oodle', source: "BS's method names (4, 7 and 8)" };

const ACX_BOOKKEEPING: Readonly<Record<string, BookkeepingEntry>> = {
  16: { name: 'GlobalMetaFile', meaning: "the archive's global metadata", source: 'ACX `NonContainerDataFiles`, WT' },
  145: {
    name: 'PrefetchingFileInfos',
    meaning: 'which resources to prefetch together (a flagged set in WT)',
    source: 'ACX `NonContainerDataFiles`, WT',
  },
};

const WT_BOOKKEEPING: Readonly<Record<string, BookkeepingEntry>> = {
  0: { name: 'entry 0', meaning: 'an entry of id 0, kept by the archive', source: 'WT' },
  ...ACX_BOOKKEEPING,
  193: { name: 'PrefetchingManifest', meaning: 'the prefetch manifest', source: 'WT' },
  4090: { name: 'DeletedFilesManifest', meaning: 'the ids of deleted entries', source: 'WT' },
};

const ACX_SET_U16 = sourced<Codec<number>>(u16, 'ACX (`DataFileFormat` ≤ 2)');
const NO_WIDE = sourced(null, 'ACX: 16-bit pairs whatever the set version');
const NONE = <T>(source: string, confidence: Confidence = PR): Sourced<T | null> => sourced<T | null>(null, source, confidence);
const V25_26 = sourced<readonly number[]>([25, 26], 'ACX reads versions 25 to 27; which title of the family has which is not stated');

function profile(p: Omit<ForgeProfile, 'docsPath' | 'tocRecordChoices'> & { tocRecordChoices?: readonly TocRecordKind[] }): ForgeProfile {
  return { tocRecordChoices: [p.tocRecord.value], ...p, docsPath: `docs/archive-${p.name}.md` };
}

export const ac1Profile = profile({
  name: 'ac1',
  titles: "Assassin's Creed",
  summary: 'No bytes before the first set; u16 block counts and size pairs; 8-byte TOC records (u32 id).',
  versions: V25_26,
  laterVersions: false,
  preamble: NONE('ACX `DataFileFormat` 0'),
  blockCount: ACX_SET_U16,
  sizePair: sourced(sizePair16, 'ACX'),
  widePairs: NO_WIDE,
  flaggedSets: sourced<Codec<number> | null>(u16, 'ACX (a stored block of a flagged set has a u16 size before AC Unity)'),
  tocRecord: sourced<TocRecordKind>('u32-id', 'ACX'),
  afterTocInVersion26: NONE('ACX reads nothing after an AC1 TOC'),
  beforeRecords: NONE('ACX'),
  recordsStart: sourced<'after-toc' | 'second-set'>('after-toc', 'ACX joins both sets'),
  tocSizeDelimits: sourced(false, 'ACX reads each record from its own header'),
  bodyHeader: sourced<ForgeProfile['bodyHeader']['value']>('u32-id-class', "the AC1 Skeleton layout's header (detection hint)", 'Inferred'),
  methods: LZO_METHODS,
  bookkeeping: ACX_BOOKKEEPING,
});

export const ac2Profile = profile({
  name: 'ac2',
  titles: "Assassin's Creed II, Brotherhood, Revelations, and the AC3 and AC4 multiplayer",
  summary:
    'u32 n and n × 8 bytes before the first set; u16 block counts and size pairs; 10-byte TOC records; u32 n and n bytes before the first record.',
  versions: V25_26,
  laterVersions: false,
  preamble: sourced<Codec<unknown> | null>(preambleAc2, 'ACX `DataFileFormat` 1'),
  blockCount: ACX_SET_U16,
  sizePair: sourced(sizePair16, 'ACX'),
  widePairs: NO_WIDE,
  flaggedSets: sourced<Codec<number> | null>(u16, 'ACX'),
  tocRecord: sourced<TocRecordKind>('u32-id-i16', 'ACX'),
  afterTocInVersion26: sourced<Codec<Uint8Array> | null>(countedBytes, 'ACX (archive version 26, AC4 multiplayer)'),
  beforeRecords: sourced<Codec<Uint8Array> | null>(countedBytes, 'ACX'),
  recordsStart: sourced<'after-toc' | 'second-set'>('after-toc', 'ACX joins both sets'),
  tocSizeDelimits: sourced(false, 'ACX reads each record from its own header'),
  bodyHeader: NONE('not stated by any reader'),
  methods: LZO_METHODS,
  bookkeeping: ACX_BOOKKEEPING,
});

export const ac3Profile = profile({
  name: 'ac3',
  titles: "Assassin's Creed III, Liberation and Rogue",
  summary: 'u32 n and n bytes before the first set; u16 block counts and size pairs; TOC records of a u64 id, a size and k u16 words.',
  versions: V25_26,
  laterVersions: false,
  preamble: sourced<Codec<unknown> | null>(preambleAc3, 'ACX `DataFileFormat` 2'),
  blockCount: ACX_SET_U16,
  sizePair: sourced(sizePair16, 'ACX'),
  widePairs: NO_WIDE,
  flaggedSets: sourced<Codec<number> | null>(u16, 'ACX (its source doubts this width before AC Unity)'),
  tocRecord: sourced<TocRecordKind>('u64-id-counted-words', 'ACX'),
  tocRecordChoices: ['u64-id-counted-words', 'u64-id-flags'],
  afterTocInVersion26: sourced<Codec<Uint8Array> | null>(countedBytes, 'ACX (archive version 26)'),
  beforeRecords: NONE('ACX'),
  recordsStart: sourced<'after-toc' | 'second-set'>('after-toc', 'ACX joins both sets'),
  tocSizeDelimits: sourced(false, 'ACX reads each record from its own header'),
  bodyHeader: NONE('not stated by any reader'),
  methods: LZO_METHODS,
  bookkeeping: ACX_BOOKKEEPING,
});

export const unityProfile = profile({
  name: 'unity',
  titles: "Assassin's Creed Unity",
  summary:
    'No bytes before the first set; a u32 block count with u16 size pairs at any set version; TOC records of a u64 id, a size and k u16 words.',
  versions: sourced<readonly number[]>([27], 'ACX'),
  laterVersions: false,
  preamble: NONE('ACX `DataFileFormat` 3'),
  blockCount: sourced<Codec<number>>(u32, 'ACX (`DataFileFormat` 3)'),
  sizePair: sourced(sizePair16, 'ACX'),
  widePairs: NO_WIDE,
  flaggedSets: sourced<Codec<number> | null>(u32, 'ACX (a stored block of a flagged set has a u32 size from AC Unity on)'),
  tocRecord: sourced<TocRecordKind>('u64-id-counted-words', 'ACX'),
  tocRecordChoices: ['u64-id-counted-words', 'u64-id-flags'],
  afterTocInVersion26: NONE('version 27 only'),
  beforeRecords: NONE('ACX'),
  recordsStart: sourced<'after-toc' | 'second-set'>('after-toc', 'ACX joins both sets'),
  tocSizeDelimits: sourced(false, 'ACX reads each record from its own header'),
  bodyHeader: sourced<ForgeProfile['bodyHeader']['value']>(
    'managed-id-class',
    'ACX: a Unity body starts 01, the u64 id and the class (detection hint)',
  ),
  methods: {
    ...LZO_METHODS,
    5: { kind: 'lzo1c-or-zstandard', source: 'ACX (LZO1C); a Zstandard block is told by its frame magic' },
  },
  bookkeeping: ACX_BOOKKEEPING,
});

export const wildlandsProfile = profile({
  name: 'wildlands',
  titles: 'Ghost Recon Wildlands',
  summary:
    'No bytes before the first set; an i32 block count, u16 size pairs at set version 1 and i32 ones from 2; fixed 14-byte TOC records; the records start the second set.',
  versions: sourced<readonly number[]>([27], 'WT (version 27 only)'),
  laterVersions: false,
  preamble: NONE('WT'),
  blockCount: sourced<Codec<number>>(i32, 'WT'),
  sizePair: sourced(sizePair16, 'WT (set version 1)'),
  widePairs: sourced<ForgeProfile['widePairs']['value']>({ fromSetVersion: 2, sizePair: sizePair32 }, 'WT `HasWideBlockInfo`'),
  flaggedSets: NONE('WT reads every set with its block table'),
  tocRecord: sourced<TocRecordKind>('u64-id-flags', 'WT'),
  tocRecordChoices: ['u64-id-flags', 'u64-id-counted-words'],
  afterTocInVersion26: NONE('version 27 only'),
  beforeRecords: NONE('WT'),
  recordsStart: sourced<'after-toc' | 'second-set'>('second-set', 'WT reads the TOC set and the resources set apart'),
  tocSizeDelimits: sourced(true, 'WT: a record header is its TOC size less its body size'),
  bodyHeader: sourced<ForgeProfile['bodyHeader']['value']>(
    'id-class',
    "the Wildlands Skeleton layout's header (detection hint)",
    'Inferred',
  ),
  methods: {
    0: { kind: 'decode', decoder: 'LZO1X', source: 'WT, ACX' },
    1: { kind: 'decode', decoder: 'LZO1X', source: 'WT, ACX' },
    2: { kind: 'decode', decoder: 'LZO2A', source: 'ACX (the LZO titles)' },
    5: { kind: 'lzo1c-or-zstandard', source: 'ACX (LZO1C); a Zstandard block is told by its frame magic' },
  },
  bookkeeping: WT_BOOKKEEPING,
});

/** What Blacksmith's two readings share: its framing (i32 counts and pairs), the TOC read as Wildlands', its method names. */
function blacksmithProfile(
  p: Pick<ForgeProfile, 'name' | 'titles' | 'summary' | 'versions'> & { method5: ForgeMethodRule; method8: ForgeMethodRule },
): ForgeProfile {
  return profile({
    name: p.name,
    titles: p.titles,
    summary: p.summary,
    versions: p.versions,
    laterVersions: true,
    preamble: NONE('BS finds the sets by their magic; nothing is known before them', 'Inferred'),
    blockCount: sourced<Codec<number>>(i32, 'BS'),
    sizePair: sourced(sizePair32, 'BS'),
    widePairs: sourced(null, 'BS: 32-bit pairs at any set version'),
    flaggedSets: NONE('BS'),
    tocRecord: sourced<TocRecordKind>('u64-id-flags', 'BS reads only the second set; the TOC is read as in Wildlands', 'Inferred'),
    tocRecordChoices: ['u64-id-flags', 'u64-id-counted-words'],
    afterTocInVersion26: NONE('BS'),
    beforeRecords: NONE('BS'),
    recordsStart: sourced<'after-toc' | 'second-set'>('second-set', 'BS reads the resources from the second set'),
    tocSizeDelimits: sourced(false, 'BS reads each record from its own header'),
    bodyHeader: sourced<ForgeProfile['bodyHeader']['value']>('id-class', 'as in Wildlands (detection hint)', 'Inferred'),
    methods: {
      0: { kind: 'decode', decoder: 'LZO1X', source: "BS's method names" },
      1: { kind: 'decode', decoder: 'LZO1X', source: "BS's method names" },
      2: { kind: 'decode', decoder: 'LZO2A', source: "BS's method names" },
      4: OODLE,
      5: p.method5,
      7: OODLE,
      8: p.method8,
    },
    bookkeeping: ACX_BOOKKEEPING,
  });
}

export const steepProfile = blacksmithProfile({
  name: 'steep',
  titles: 'Steep',
  summary: 'An i32 block count with i32 size pairs; method 5 is Zstandard.',
  versions: sourced<readonly number[]>([27], 'BS never checks the version'),
  method5: { kind: 'decode', decoder: 'Zstandard', source: "BS (Steep's blocks are Zstandard)" },
  method8: OODLE,
});

export const originsOdysseyProfile = blacksmithProfile({
  name: 'origins-odyssey',
  titles: "Assassin's Creed Origins and Odyssey",
  summary: 'An i32 block count with i32 size pairs; method 8 is Oodle (listed, never decompressed).',
  versions: sourced<readonly number[]>([27], 'BS never checks the version (later titles write 28 and up)'),
  method5: { kind: 'lzo1c-or-zstandard', source: "BS's method names (LZO1C); a Zstandard block is told by its frame magic" },
  method8: { kind: 'refuse', name: 'Oodle', source: "BS (Odyssey's blocks are Oodle)" },
});

/** Every profile, in detection's order of preference. */
export const FORGE_PROFILES: readonly ForgeProfile[] = [
  ac1Profile,
  ac2Profile,
  ac3Profile,
  unityProfile,
  wildlandsProfile,
  steepProfile,
  originsOdysseyProfile,
];

/** The profile of a name, or undefined. Never throws. */
export function forgeProfileByName(name: string): ForgeProfile | undefined {
  return FORGE_PROFILES.find((p) => p.name === name);
}

/** Whether a profile reads data files of an archive `version`. Never throws. */
export function profileReadsVersion(profile: ForgeProfile, version: number): boolean {
  const versions = profile.versions.value;
  return versions.includes(version) || (profile.laterVersions && version > Math.max(...versions));
}

/** The TOC record codec of a kind. */
export function tocRecordCodec(kind: TocRecordKind) {
  return TOC_RECORDS[kind];
}

/** Method names the readers give but no profile decodes, for refusals outside a profile. */
export const NAMED_METHODS: Readonly<Record<number, string>> = { 4: 'Oodle', 7: 'Oodle', 8: 'Oodle' };
