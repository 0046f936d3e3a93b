/**
 * An archive with some resources replaced, streamed to a sink: the data files that hold them are
 * rebuilt in the archive's own framing (its profile, set version, method and block size; LZO1X
 * blocks compressed again, stored blocks stored), every other byte is copied as it is, and the
 * fields that point past a rebuilt data file (the data header offset, the index-block chain, the
 * index and name tables, each later entry's offset) are moved by the bytes it grew or shrank.
 * Memory stays flat in the archive's size: it is copied a chunk at a time. Browser-safe.
 */
import type { ParseError } from '../io/errors.js';
import { formatOffset } from '../io/format.js';
import { compressLzo1xBlock } from './lzo1x-compress.js';
import type { ForgeDataFile, ForgeSet } from './forge-data-file.js';
import type { Forge } from './forge.js';
import { writeForgeDataFile, type ForgeSetFraming } from './forge-writer.js';
import { forgeClassName } from './forge-select.js';
import type { ArchiveSource } from './source.js';
import { planReplacements, type Planned, type ResourceReplacement } from './forge-rewrite-plan.js';
export { planReplacements, ReplacementRefusal, type Planned, type ResourceReplacement } from './forge-rewrite-plan.js';

/** Where the rebuilt archive goes: each call gets the next bytes, in order. */
export interface ByteSink {
  /** Takes the next bytes of the output, in order; a returned promise holds back the next write. */
  write(bytes: Uint8Array): Promise<void> | void;
}

/** What a replacement did. */
export interface ReplacedResource {
  label: string;
  entry: number;
  entryName: string;
  resource: number;
  resourceName: string;
  className: string | null;
  classHash: number;
  id: bigint;
  oldSize: number;
  newSize: number;
}

/** A data file rebuilt: its old and new places and sizes, and how its blocks were written. */
export interface RebuiltDataFile {
  entry: number;
  entryName: string;
  oldOffset: number;
  newOffset: number;
  oldSize: number;
  newSize: number;
  /** `LZO1X` (compressed again), `stored` (as the original), or `stored instead of <method>` (no compressor here). */
  blocks: string;
}

/** The whole rewrite, as data. */
export interface ReplaceReport {
  profile: string;
  replaced: ReplacedResource[];
  rebuilt: RebuiltDataFile[];
  /** Data files that moved (their bytes unchanged), and by how much. */
  moved: number;
  oldArchiveSize: number;
  newArchiveSize: number;
}

/** Options of {@link replaceResources}. */
export interface ReplaceOptions {
  /** Called as bytes are written: done of total (the new archive's size). */
  onProgress?: (done: number, total: number) => void;
  /** Bytes copied at a time (1 MiB by default). */
  chunkSize?: number;
}

/** How a set's blocks are written again: its set version and method, its block size, and LZO1X compression where it had it. */
function framingOf(set: ForgeSet, file: ForgeDataFile): { framing: ForgeSetFraming; blocks: string } {
  const compressed = set.blocks.some((b) => b.compressedSize !== b.uncompressedSize);
  // The block size: the header's largest block where the set had several; a one-block set says
  // only that its data fitted, so it grows in 32 KiB blocks (at most what a u16 size holds).
  const wide = file.profile.widePairs.value;
  const pair = wide !== null && set.setVersion >= wide.fromSetVersion ? wide.sizePair : file.profile.sizePair.value;
  const limit = pair.fixedSize === 4 ? 0xffff : 0x7fffffff;
  const largest = Math.max(set.largestUncompressed, ...set.blocks.map((b) => b.uncompressedSize));
  const blockSize = Math.min(limit, set.blocks.length > 1 ? largest : Math.max(largest, 0x8000));
  const framing: ForgeSetFraming = { setVersion: set.setVersion, method: set.method, blockSize };
  if (!compressed) return { framing, blocks: 'stored' };
  const rule = file.profile.methods[set.method];
  if (rule?.kind === 'decode' && rule.decoder === 'LZO1X')
    return { framing: { ...framing, compress: compressLzo1xBlock }, blocks: 'LZO1X' };
  // No compressor here for the others: a stored block reads the same under any method.
  const name =
    rule === undefined
      ? `method ${set.method}`
      : rule.kind === 'decode'
        ? rule.decoder
        : rule.kind === 'refuse'
          ? rule.name
          : 'LZO1C or Zstandard';
  return { framing, blocks: `stored instead of ${name}` };
}

/** The data file's bytes with the planned bodies in, in its own framing. */
export function rebuildDataFile(plan: Planned, version: number): { bytes: Uint8Array; blocks: string } {
  const { file } = plan;
  const resources = file.resources.map((r, i) => ({
    classHash: r.classHash,
    id: r.id,
    name: r.name,
    body: plan.bodies.get(i) ?? r.body,
    subHeader: r.subHeader,
    tocRest: file.tocRecords[i]!.rest,
  }));
  const toc = framingOf(file.toc!, file);
  const res = file.resourcesSet === null ? toc : framingOf(file.resourcesSet, file);
  const bytes = writeForgeDataFile({ resources }, file.profile, {
    ...res.framing,
    tocFraming: toc.framing,
    version,
    tocRecord: file.tocRecordKind,
    preamble: file.preamble ?? undefined,
    afterToc: file.afterToc ?? undefined,
    beforeRecords: file.beforeRecords ?? undefined,
  });
  return { bytes, blocks: res.blocks };
}

/** A field to rewrite in the copied bytes: at a source offset, its new little-endian value. */
interface Patch {
  at: number;
  bytes: Uint8Array;
}

const i64Bytes = (v: number): Uint8Array => {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigInt64(0, BigInt(v), true);
  return b;
};
const i32Bytes = (v: number): Uint8Array => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setInt32(0, v, true);
  return b;
};

/**
 * Writes the archive with the replacements in to `sink`, and says what changed. Throws a
 * ReplacementRefusal (before anything is written) for a replacement refused, a ParseError for a
 * data file that cannot be read; a source or sink that fails rejects.
 */
export async function replaceResources(
  forge: Forge,
  replacements: readonly ResourceReplacement[],
  sink: ByteSink,
  options: ReplaceOptions = {},
): Promise<ReplaceReport> {
  const plans = await planReplacements(forge, replacements);
  const source = forge.source;
  const headerBytes = forge.tables.fileDataHeader?.fixedSize ?? 0;
  // Each rebuilt data file: its new bytes, and how much later offsets move.
  const rebuilt = plans.map((plan) => ({ plan, ...rebuildDataFile(plan, forge.version) }));
  const changes = rebuilt.map((r) => ({
    start: r.plan.entry.dataOffset,
    end: r.plan.entry.dataOffset + r.plan.entry.size,
    delta: r.bytes.length - r.plan.entry.size,
  }));
  const shift = (x: number): number => x + changes.reduce((sum, c) => (c.end <= x ? sum + c.delta : sum), 0);

  const patches: Patch[] = [];
  const pointer = (at: number, value: number): void => {
    if (value >= 0 && value <= source.size && shift(value) !== value) patches.push({ at, bytes: i64Bytes(shift(value)) });
  };
  pointer(0x0d, forge.dataHeaderOffset);
  pointer(forge.dataHeaderOffset + forge.tables.dataHeader.fixedSize! - 8, forge.indexBlocks[0]?.offset ?? -1);
  for (const block of forge.indexBlocks) {
    pointer(block.offset + 8, block.indexTableOffset);
    pointer(block.offset + 16, block.nextOffset);
    pointer(block.offset + 32, block.nameTableOffset);
    pointer(block.offset + 40, block.nameTableEnd);
  }
  const sizeAt = forge.tables.indexEntry.fixedSize! - 4;
  for (const entry of forge.entries) {
    pointer(entry.indexRecordOffset, entry.offset);
    const r = rebuilt.find((x) => x.plan.entry === entry);
    if (r === undefined) continue;
    patches.push({ at: entry.indexRecordOffset + sizeAt, bytes: i32Bytes(r.bytes.length) });
    // The name table's size and the FILEDATA header's hold the same number where they did.
    if (entry.nameTableSize === entry.size) patches.push({ at: entry.nameRecordOffset, bytes: i32Bytes(r.bytes.length) });
    if (headerBytes > 0 && r.plan.file.fileDataHeader?.rawSize === entry.size)
      patches.push({ at: entry.offset + 395, bytes: i32Bytes(r.bytes.length) });
  }
  patches.sort((a, b) => a.at - b.at);
  const total = source.size + changes.reduce((s, c) => s + c.delta, 0);
  const chunkSize = options.chunkSize ?? 1 << 20;
  let written = 0;
  const emit = async (bytes: Uint8Array): Promise<void> => {
    await sink.write(bytes);
    written += bytes.length;
    options.onProgress?.(written, total);
  };
  /** Copies source bytes [from, to) with the patches that fall inside. */
  const copy = async (from: number, to: number): Promise<void> => {
    const next = (at: number): Promise<Uint8Array> | null => (at < to ? source.read(at, Math.min(chunkSize, to - at)) : null);
    // The next chunk is read while this one is written: reading and writing overlap.
    let pending = next(from);
    for (let at = from; pending !== null; at += chunkSize) {
      let bytes = await pending;
      pending = next(at + chunkSize);
      const length = bytes.length;
      const inside = patches.filter((p) => p.at < at + length && p.at + p.bytes.length > at);
      if (inside.length > 0) {
        bytes = Uint8Array.from(bytes);
        for (const p of inside) {
          for (let k = 0; k < p.bytes.length; k++) {
            const target = p.at + k - at;
            if (target >= 0 && target < length) bytes[target] = p.bytes[k]!;
          }
        }
      }
      await emit(bytes);
    }
  };
  let at = 0;
  for (const r of rebuilt) {
    await copy(at, r.plan.entry.dataOffset);
    await emit(r.bytes);
    at = r.plan.entry.dataOffset + r.plan.entry.size;
  }
  await copy(at, source.size);
  const replaced: ReplacedResource[] = [];
  for (const { plan } of rebuilt) {
    for (const [index, body] of plan.bodies) {
      const r = plan.file.resources[index]!;
      replaced.push({
        label: replacements.find((x) => x.body === body)?.label ?? `replacement ${replacements.findIndex((x) => x.body === body)}`,
        entry: plan.entry.number,
        entryName: plan.entry.name,
        resource: index,
        resourceName: r.name,
        className: forgeClassName(r.classHash),
        classHash: r.classHash >>> 0,
        id: r.id,
        oldSize: r.size,
        newSize: body.length,
      });
    }
  }
  const firstChange = changes[0]?.end ?? Infinity;
  return {
    profile: forge.profile!.name,
    replaced,
    rebuilt: rebuilt.map((r) => ({
      entry: r.plan.entry.number,
      entryName: r.plan.entry.name,
      oldOffset: r.plan.entry.offset,
      newOffset: shift(r.plan.entry.offset),
      oldSize: r.plan.entry.size,
      newSize: r.bytes.length,
      blocks: r.blocks,
    })),
    moved: forge.entries.filter((e) => e.offset >= firstChange && shift(e.offset) !== e.offset).length,
    oldArchiveSize: source.size,
    newArchiveSize: total,
  };
}

/** The refusal of a data file inside the rewrite, as one line. */
export function describeRewriteRefusal(error: ParseError): string {
  return `refused at offset ${formatOffset(error.offset)}: ${error.path}: expected ${error.expected}, got ${error.actual}`;
}

export type { ArchiveSource };
