/**
 * The `.forge` archive's tables, declared once with the grammar: the header, the data header, an
 * index block, an index-table entry, a name-table entry, and the 440-byte FILEDATA header of
 * versions 25 and 26. Their shape depends on the archive version only, not on the title: every
 * public reader agrees on them (public reading: ACExplorer, WildlandsToolkit and Blacksmith; the
 * names in the notes are theirs). The same declarations read, write, give hex spans and the tables of
 * the profile pages.
 */
import { field, rawBytes, struct, u32, u64, type Confidence, type Infer, type StructCodec, i32 } from '../../grammar/index.js';
import { constBytes, i64 } from '../../grammar/signed.js';

const PR: Confidence = 'public reading';

/** `scimitar` and a NUL, the first nine bytes of every archive. */
export const FORGE_MAGIC = [0x73, 0x63, 0x69, 0x6d, 0x69, 0x74, 0x61, 0x72, 0x00] as const;

/** The 21 bytes every archive starts with. */
export const forgeHeader = struct(
  'ArchiveHeader',
  {
    magic: field(constBytes(FORGE_MAGIC, '"scimitar\\0"'), PR, 'all three readers'),
    version: field(
      i32,
      PR,
      'archive version: 25 and 26 before AC Unity, 27 from it (ACExplorer reads 25–27, WildlandsToolkit 27; Blacksmith never checks it)',
    ),
    dataHeaderOffset: field(i64, PR, 'D, where the data header starts (u64 in every reader); the bytes from here to D are kept'),
  },
  'The start of the archive. The bytes between it and the data header are kept as read.',
);

/** The data header at D, from version 27 on (44 bytes). */
export const dataHeader27 = struct(
  'DataHeader (v27)',
  {
    entryCount: field(i32, PR, 'total entry count (all readers)'),
    unknown: field(
      rawBytes(24),
      'Unknown',
      'unnamed by every reader (Blacksmith: four i32 and an i64; WildlandsToolkit writes 2 at +4 and −1 at +20); kept',
    ),
    maxEntriesPerBlock: field(
      i32,
      PR,
      'most entries one index block holds, 5000 in the archives read (Blacksmith `MaxFilesForThisIndex`, WildlandsToolkit `totalEntryLimit`)',
    ),
    indexBlockCount: field(
      i32,
      PR,
      'number of index blocks (WildlandsToolkit `fileSetCount`: it reads that many, 0 means none); checked against the chain',
    ),
    firstIndexBlock: field(i64, PR, 'F, the first index block (ACExplorer seeks D + 36)'),
  },
  'The data header: the entry count, the index-block count and where the index-block chain starts.',
);

/** The data header at D in versions 25 and 26 (40 bytes). */
export const dataHeader25 = struct(
  'DataHeader (v25, v26)',
  {
    entryCount: field(i32, PR, 'total entry count (all readers)'),
    unknown: field(
      rawBytes(20),
      'Unknown',
      "unnamed by every reader (ACExplorer's template: three i32 before and two after a word that is zero); kept",
    ),
    maxEntriesPerBlock: field(i32, PR, 'most entries one index block holds (as at +28 in version 27)'),
    indexBlockCount: field(i32, PR, 'number of index blocks (as at +32 in version 27); checked against the chain'),
    firstIndexBlock: field(i64, PR, 'F, the first index block (ACExplorer seeks D + 32)'),
  },
  "The data header of versions 25 and 26: the same fields as version 27's, four bytes earlier.",
);

/** One index block of the chain (48 bytes); its index table follows it. */
export const indexBlock = struct(
  'IndexBlock',
  {
    entryCount: field(i32, PR, 'n, the entries of this block (all readers)'),
    unknown4: field(rawBytes(4), 'Unknown', 'unnamed (WildlandsToolkit writes 2); kept'),
    indexTable: field(
      i64,
      PR,
      'T, the index table as stored; every archive the readers read has T = F + 48, and WildlandsToolkit and Blacksmith read the table there',
    ),
    next: field(
      i64,
      PR,
      'the next index block, or −1 at the end of the chain (WildlandsToolkit follows it; ACExplorer and Blacksmith read the first block only)',
    ),
    firstEntry: field(i32, PR, 'Blacksmith `IndexStart`'),
    lastEntry: field(i32, PR, "Blacksmith `IndexEnd`; WildlandsToolkit's writer puts the block's entry count here"),
    nameTable: field(i64, PR, 'M, the name table (all readers)'),
    nameTableEnd: field(i64, PR, 'where the name table ends (WildlandsToolkit `infoEnd`; unnamed elsewhere)'),
  },
  'One block of the index chain: its entry count, its index and name tables, the next block.',
);

/** One index-table entry from version 27 on (20 bytes). */
export const indexEntry27 = struct(
  'IndexEntry (v27)',
  {
    offset: field(i64, PR, 'where the data file starts'),
    id: field(u64, PR, "the data file's id"),
    size: field(
      i32,
      PR,
      "the data file's size: it ends exactly there (ACExplorer refuses bytes left after the second set); padding lies between entries",
    ),
  },
  'Where one data file lies.',
);

/** One index-table entry in versions 25 and 26 (16 bytes). */
export const indexEntry25 = struct(
  'IndexEntry (v25, v26)',
  {
    offset: field(i64, PR, 'where the FILEDATA header of the data file starts (ACExplorer adds 440 to reach the data file)'),
    id: field(u32, PR, "the data file's id"),
    size: field(i32, PR, 'the bytes after the 440-byte FILEDATA header (its `rawSize` holds the same number)'),
  },
  'Where one data file lies; its size does not count the FILEDATA header before it.',
);

const nameEntryHead = {
  size: field(i32, PR, "the data file's size again (ACExplorer: sometimes larger than the index's before AC Unity)"),
  umacHash: field(u64, PR, 'WildlandsToolkit `UmacHash` (Blacksmith `FileDataID`)'),
  engineVersion: field(i32, PR, 'WildlandsToolkit `EngineVersion`'),
  resourceType: field(
    u32,
    PR,
    "the class of the data file's first resource (WildlandsToolkit `Extension`, Blacksmith `ResourceIdentifier`)",
  ),
  revisionData: field(i32, PR, 'WildlandsToolkit `RevisionData`'),
  revisionAttributes: field(i32, PR, 'WildlandsToolkit `RevisionAttributes`'),
  nextFileCount: field(i32, PR, 'ACExplorer: next file count (WildlandsToolkit writes the next entry number, or −1 for the last)'),
  previousFileCount: field(i32, PR, 'ACExplorer: previous file count (WildlandsToolkit writes the previous entry number)'),
  parent: field(i32, PR, 'WildlandsToolkit `Parent`'),
  timestamp: field(u32, PR, 'a timestamp (ACExplorer, Blacksmith)'),
  name: field(rawBytes(128), PR, "the data file's name, NUL-padded (UTF-8)"),
};

/** One name-table entry from version 27 on (192 bytes). */
export const nameEntry27 = struct(
  'NameEntry (v27)',
  {
    ...nameEntryHead,
    tail: field(rawBytes(20), PR, 'WildlandsToolkit `SccStatusData`, `MetaFileKey`, `SccStatusAttributes`, `IsHidden`; kept'),
  },
  "One data file's name, type and bookkeeping.",
);

/** One name-table entry in versions 25 and 26 (188 bytes). */
export const nameEntry25 = struct(
  'NameEntry (v25, v26)',
  {
    ...nameEntryHead,
    tail: field(rawBytes(16), PR, 'four i32 unnamed by every reader; kept'),
  },
  "One data file's name, type and bookkeeping: version 27's entry with a 16-byte tail.",
);

/** The 440-byte header before each data file of versions 25 and 26, outside the index size. */
export const fileDataHeader = struct(
  'FileDataHeader (v25, v26)',
  {
    magic: field(rawBytes(8), PR, '"FILEDATA" in ACExplorer\'s template; kept, not checked (no reader checks it)'),
    name: field(rawBytes(128), PR, "the data file's name (ACExplorer's template)"),
    comment: field(rawBytes(255), PR, "a comment (ACExplorer's template)"),
    fileId: field(i32, PR, "ACExplorer's template `fileID`"),
    rawSize: field(i32, PR, "the data file size, equal to the index size (ACExplorer's template `rawSize`)"),
    dataFileId: field(u64, PR, "ACExplorer's template `fileDataID`"),
    unknown: field(rawBytes(24), 'Unknown', 'six i32 unnamed by every reader; kept'),
    timestamp: field(u32, PR, "a timestamp (ACExplorer's template)"),
    tail: field(rawBytes(5), 'Unknown', 'five bytes unnamed by every reader; kept'),
  },
  'Before each data file of versions 25 and 26; the index offset points here and the index size counts the bytes after it.',
);

export type ForgeHeaderRecord = Infer<typeof forgeHeader>;
export type DataHeaderRecord = Infer<typeof dataHeader27>;
export type IndexBlockRecord = Infer<typeof indexBlock>;
export type IndexEntryRecord = { offset: number; id: bigint | number; size: number };
export type NameEntryRecord = Infer<typeof nameEntry27>;
export type FileDataHeaderRecord = Infer<typeof fileDataHeader>;

/** The table structures of an archive version: 25 and 26 share theirs; 27 and later have version 27's. */
export interface ForgeTables {
  /** Whether ids are u64 (version 27 on) or u32. */
  wideIds: boolean;
  dataHeader: typeof dataHeader27;
  indexEntry: StructCodec<IndexEntryRecord>;
  nameEntry: typeof nameEntry27;
  /** Versions 25 and 26: the header each data file's index offset points at. */
  fileDataHeader: typeof fileDataHeader | null;
}

/** The tables an archive of `version` has. Never throws. */
export function forgeTables(version: number): ForgeTables {
  if (version >= 27)
    return {
      wideIds: true,
      dataHeader: dataHeader27,
      indexEntry: indexEntry27 as StructCodec<IndexEntryRecord>,
      nameEntry: nameEntry27,
      fileDataHeader: null,
    };
  return {
    wideIds: false,
    dataHeader: dataHeader25,
    indexEntry: indexEntry25 as StructCodec<IndexEntryRecord>,
    nameEntry: nameEntry25 as unknown as typeof nameEntry27,
    fileDataHeader,
  };
}

/** Bytes of the index block; its index table follows it at F + 48. */
export const INDEX_BLOCK_BYTES = 48;
