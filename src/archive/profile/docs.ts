/**
 * The archive profiles' pages, generated from their declarations as the layouts' format pages are:
 * each field of each structure with its offset, size, type, confidence and note (the readers' names
 * for it), then the profile's choices, method bytes and bookkeeping entries with their sources.
 */
import type { AnyCodec, StructCodec } from '../../grammar/index.js';
import { structTable } from '../../formats/docs.js';
import { flaggedCompressedBlock, recordHeader, setHeader, TOC_RECORDS } from './framing.js';
import { FORGE_PROFILES, type ForgeProfile, type Sourced } from './profiles.js';
import {
  dataHeader25,
  dataHeader27,
  fileDataHeader,
  forgeHeader,
  indexBlock,
  indexEntry25,
  indexEntry27,
  nameEntry25,
  nameEntry27,
} from './tables.js';

const cell = (text: string): string => text.replace(/\|/g, '\\|');
const codecName = (codec: AnyCodec | null): string => (codec === null ? 'nothing' : codec.typeName);

function row(part: string, value: string, sourced: Sourced<unknown>): string {
  return `| ${part} | ${cell(value)} | ${sourced.confidence} | ${cell(sourced.source)} |`;
}

function methodText(profile: ForgeProfile): string {
  const rows = Object.entries(profile.methods).map(([method, rule]) => {
    const what =
      rule.kind === 'decode'
        ? rule.decoder
        : rule.kind === 'lzo1c-or-zstandard'
          ? 'LZO1C, or Zstandard when the block starts with its frame magic 28 B5 2F FD'
          : `${rule.name}: listed, never decompressed (refused naming it)`;
    return `| ${method} | ${cell(what)} | ${cell(rule.source)} |`;
  });
  return ['| method byte | blocks are | source |', '|---|---|---|', ...rows].join('\n');
}

function bookkeepingText(profile: ForgeProfile): string {
  const rows = Object.entries(profile.bookkeeping).map(([id, b]) => `| ${id} | ${b.name} | ${cell(b.meaning)} | ${cell(b.source)} |`);
  return ['| entry id | name | what it is | source |', '|---|---|---|---|', ...rows].join('\n');
}

/** One profile's page. */
export function forgeProfileDoc(profile: ForgeProfile): string {
  const versions = `${profile.versions.value.join(', ')}${profile.laterVersions ? ' and every later version' : ''}`;
  const wide = profile.widePairs.value;
  const choices = profile.tocRecordChoices;
  const parts = [
    row('archive versions', versions, profile.versions),
    row('before the first set', codecName(profile.preamble.value), profile.preamble),
    row("a set's block count", profile.blockCount.value.typeName, profile.blockCount),
    row('size pairs', profile.sizePair.value.structName, profile.sizePair),
    row(
      'wider size pairs',
      wide === null ? 'never' : `${wide.sizePair.structName} from set version ${wide.fromSetVersion}`,
      profile.widePairs,
    ),
    row(
      'flagged sets (largest stored block 0)',
      profile.flaggedSets.value === null ? 'not read' : `read; a stored block's size is a ${profile.flaggedSets.value.typeName}`,
      profile.flaggedSets,
    ),
    row(
      'TOC record',
      `${TOC_RECORDS[profile.tocRecord.value].structName}${choices.length > 1 ? ` (or, with \`--toc-record\`, ${choices.filter((c) => c !== profile.tocRecord.value).join(', ')})` : ''}`,
      profile.tocRecord,
    ),
    row('after the TOC in version 26', codecName(profile.afterTocInVersion26.value), profile.afterTocInVersion26),
    row('before the first record', codecName(profile.beforeRecords.value), profile.beforeRecords),
    row(
      'where the records start',
      profile.recordsStart.value === 'after-toc'
        ? 'right after the TOC, in the bytes of both sets joined'
        : 'at the start of the second set',
      profile.recordsStart,
    ),
    row(
      'the TOC size delimits each record',
      profile.tocSizeDelimits.value ? 'yes: a record of another length is refused' : 'no',
      profile.tocSizeDelimits,
    ),
    row('how a body starts (a detection hint)', profile.bodyHeader.value ?? 'not stated', profile.bodyHeader),
  ];
  const tables: StructCodec<unknown>[] = [
    forgeHeader as StructCodec<unknown>,
    ...(profile.versions.value.some((v) => v < 27) ? [dataHeader25, indexEntry25, nameEntry25, fileDataHeader] : []),
    ...(profile.versions.value.some((v) => v >= 27) || profile.laterVersions ? [dataHeader27, indexEntry27, nameEntry27] : []),
    indexBlock,
  ] as StructCodec<unknown>[];
  const framing: StructCodec<unknown>[] = [
    setHeader,
    profile.sizePair.value,
    ...(wide === null ? [] : [wide.sizePair]),
    ...(profile.flaggedSets.value === null ? [] : [flaggedCompressedBlock]),
    ...choices.map((c) => TOC_RECORDS[c]),
    recordHeader,
  ] as StructCodec<unknown>[];
  return [
    `# Archive profile: ${profile.name}`,
    '',
    '<!-- Generated from the declarations by `npm run docs`; do not edit. A test fails when it is stale. -->',
    '',
    `${profile.titles}. ${profile.summary}`,
    '',
    [
      'How the public readers of these titles frame a data file of a `.forge` archive.',
      'Sources: ACX is ACExplorer, WT WildlandsToolkit, BS Blacksmith; `public reading` means how those readers read it, not proven on our data;',
      '`Inferred`, a choice the project makes where no reader says; `Unknown`, bytes kept raw.',
      `Chosen with \`--forge-profile ${profile.name}\`, or found by \`forge probe\` and \`--forge-profile auto\` from the first data files.`,
    ].join(' '),
    '',
    '## The choices of this profile',
    '',
    '| part | reading | confidence | source |',
    '|---|---|---|---|',
    ...parts,
    '',
    '## Method bytes',
    '',
    'A block whose two sizes are equal is stored, whatever the method. Any method byte not listed here is refused, naming it.',
    '',
    methodText(profile),
    '',
    '## Bookkeeping entries',
    '',
    'Entries the archive keeps for itself: listed with what they are, read raw, never as data files (no resources, never a refusal).',
    '',
    bookkeepingText(profile),
    '',
    '## The archive tables',
    '',
    'Their shape depends on the archive version alone; every profile reads them alike. The index table of a block is read right after it (F + 48).',
    '',
    ...tables.map(structTable),
    '## A data file',
    '',
    [
      'The data file is exactly its index size long: the bytes before the first set (if any), the TOC set and the resources set',
      '(or, in a flagged set, one set of kind-tagged blocks up to the end). A framed set is its header, the block count, one size pair',
      'per block, then per block a u32 checksum (Adler-32 of the stored bytes with both sums from 0) and the stored bytes.',
      'The TOC is a u16 count of TOC records.',
    ].join(' '),
    '',
    ...framing.map(structTable),
  ].join('\n');
}

/** Every profile page, by path relative to the repository. */
export function forgeProfileDocs(): Record<string, string> {
  return Object.fromEntries(FORGE_PROFILES.map((p) => [p.docsPath, forgeProfileDoc(p)]));
}
