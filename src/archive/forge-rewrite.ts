/**
 * An archive with some resources replaced, streamed to a sink: the data files that hold them are
 * rebuilt in the archive's own framing (its profile, set version, method and block size; LZO1X
 * blocks compressed again, stored blocks stored), every other byte is copied as it is, and the
 * fields that point past a rebuilt data file (the data header offset, the index-block chain, the
 * index and name tables, each later entry's offset) are moved by the bytes it grew or shrank.
 * Memory stays flat in the archive's size: it is copied a chunk at a time. Browser-safe.
 */
import { ParseError } from '../io/errors.js';
import { formatOffset, hex } from '../io/format.js';
import { readResource, resourceIdentities } from '../formats/resource.js';
import { compressLzo1xBlock } from './lzo1x-compress.js';
import { readDataFile, readTocOnly, type ForgeDataFile, type ForgeResource, type ForgeSet } from './forge-data-file.js';
import { Chunk } from './forge-chunk.js';
import type { Forge, ForgeEntry } from './forge.js';
import { writeForgeDataFile, type ForgeSetFraming } from './forge-writer.js';
import { forgeClassName } from './forge-select.js';
import type { ArchiveSource } from './source.js';

/** Where the rebuilt archive goes: each call gets the next bytes, in order. */
export interface ByteSink {
  write(bytes: Uint8Array): Promise<void> | void;
}

/** One resource to put in: its new body, and (when the ids are ambiguous) where it goes. */
export interface ResourceReplacement {
  body: Uint8Array;
  /** The entry number and resource index it replaces; by default the one of the body's class and object id. */
  target?: { entry: number; resource: number };
  /** How messages name it (a file path); `replacement N` by default. */
  label?: string;
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

/** A replacement refused: the message says which and why; nothing should be written. */
export class ReplacementRefusal extends Error {
  override name = 'ReplacementRefusal';
}

/** Options of {@link replaceResources}. */
export interface ReplaceOptions {
  /** Called as bytes are written: done of total (the new archive's size). */
  onProgress?: (done: number, total: number) => void;
  /** Bytes copied at a time (1 MiB by default). */
  chunkSize?: number;
}

interface Planned {
  entry: ForgeEntry;
  file: ForgeDataFile;
  bodies: Map<number, Uint8Array>;
}

/** The data files to look in for a resource of `classHash` and `id`, most likely first: the entry of that id, those typed with that class, then the rest. */
function candidateEntries(forge: Forge, classHash: number, id: bigint): ForgeEntry[] {
  const readable = forge.entries.filter((e) => e.bookkeeping === null);
  const first = readable.filter((e) => e.id === id);
  const typed = readable.filter((e) => e.id !== id && e.resourceType >>> 0 === classHash >>> 0);
  const rest = readable.filter((e) => e.id !== id && e.resourceType >>> 0 !== classHash >>> 0);
  return [...first, ...typed, ...rest];
}

/**
 * Finds where each replacement goes, reads those data files, and checks each body: it must read to
 * its exact end under some layout, be of the class and object id of the resource it replaces, and
 * sit in a data file whose framing can be written again (not a flagged set, not Oodle). Throws a
 * ReplacementRefusal naming the replacement otherwise.
 */
export async function planReplacements(forge: Forge, replacements: readonly ResourceReplacement[]): Promise<Planned[]> {
  if (forge.profile === null)
    throw new ReplacementRefusal(`no archive profile reads this archive (version ${forge.version}): its data files cannot be rebuilt`);
  const files = new Map<number, ForgeDataFile>();
  const read = async (entry: ForgeEntry): Promise<ForgeDataFile> => {
    const known = files.get(entry.number);
    if (known !== undefined) return known;
    const file = await readDataFile(forge, entry);
    files.set(entry.number, file);
    return file;
  };
  const plans = new Map<number, Planned>();
  for (const [i, replacement] of replacements.entries()) {
    const label = replacement.label ?? `replacement ${i}`;
    const body = replacement.body;
    const identities = resourceIdentities(body);
    if (identities.length === 0) throw new ReplacementRefusal(`${label}: not a Skeleton or SkeletonComponent of any layout`);
    try {
      if (readResource(body) === null) throw new ReplacementRefusal(`${label}: not a Skeleton or SkeletonComponent of any layout`);
    } catch (error) {
      if (error instanceof ParseError) throw new ReplacementRefusal(`${label}: no layout reads it to its exact end (${error.message})`);
      throw error;
    }
    // A resource's object id: its body's own (its header), or the TOC's where the body names none.
    const matches = (r: ForgeResource): boolean =>
      identities.some((c) => r.classHash >>> 0 === classOf(c.header.kind) && objectIds(r).includes(c.id));
    let found: { entry: ForgeEntry; file: ForgeDataFile; index: number } | null = null;
    if (replacement.target !== undefined) {
      const entry = forge.entries.find((e) => e.number === replacement.target!.entry);
      if (entry === undefined) throw new ReplacementRefusal(`${label}: the archive has no entry ${replacement.target.entry}`);
      const file = await read(entry);
      const resource = file.resources[replacement.target.resource];
      if (resource === undefined)
        throw new ReplacementRefusal(`${label}: entry ${entry.number} has no resource ${replacement.target.resource}`);
      if (!matches(resource)) {
        const c = identities[0]!;
        throw new ReplacementRefusal(
          `${label}: it is the ${c.header.kind} ${hex(c.id, 16)}, and resource ${replacement.target.resource} of entry ${entry.number} is the ` +
            `${forgeClassName(resource.classHash) ?? hex(resource.classHash >>> 0)} ${hex(objectIds(resource)[0]!, 16)}; a resource replaces only one of its own class and id`,
        );
      }
      found = { entry, file, index: replacement.target.resource };
    } else {
      const c = identities[0]!;
      const all: { entry: ForgeEntry; file: ForgeDataFile; index: number }[] = [];
      const unread: string[] = [];
      const candidates = candidateEntries(forge, classOf(c.header.kind), c.id);
      const look = async (entry: ForgeEntry): Promise<void> => {
        let file: ForgeDataFile;
        try {
          file = await read(entry);
        } catch (error) {
          if (!(error instanceof ParseError)) throw error;
          unread.push(`entry ${entry.number}: refused at ${error.message}`);
          return;
        }
        file.resources.forEach((r, index) => {
          if (matches(r)) all.push({ entry, file, index });
        });
      };
      // First by the TOCs alone (each data file's first set, the resources left compressed): the
      // data files whose TOC lists the id are read whole and checked; only when none holds it is
      // every data file read whole, for a body whose own id differs from its TOC id.
      // The data file of the resource's own id first: a data file's id is its first resource's
      // (WildlandsToolkit reads it so), so this finds it with one read in the archives the games
      // ship; only when it does not hold it are the others searched.
      for (const entry of candidates.filter((e) => e.id === c.id)) await look(entry);
      const byToc: ForgeEntry[] = [];
      const tocless: ForgeEntry[] = [];
      const window = new Window(forge.source);
      // In the order the data files lie, so the window reads the archive once.
      for (const entry of all.length > 0 ? [] : [...candidates].filter((e) => e.id !== c.id).sort((a, b) => a.offset - b.offset)) {
        const ids = await tocIds(forge, entry, window);
        if (ids === null) tocless.push(entry);
        else if (ids.includes(c.id)) byToc.push(entry);
      }
      for (const entry of byToc) await look(entry);
      if (all.length === 0)
        for (const entry of [...tocless, ...candidates.filter((e) => !byToc.includes(e) && !tocless.includes(e))]) await look(entry);
      if (all.length === 0) {
        const why =
          unread.length === 0 ? '' : ` among the data files read (${unread.length} could not be: ${unread.slice(0, 2).join('; ')})`;
        throw new ReplacementRefusal(`${label}: the archive holds no ${c.header.kind} of id ${hex(c.id, 16)} to replace${why}`);
      }
      if (all.length > 1)
        throw new ReplacementRefusal(
          `${label}: the ${c.header.kind} ${hex(c.id, 16)} is in ${all.length} places (entries ${all.map((m) => m.entry.number).join(', ')}); choose one with --entry and --resource`,
        );
      found = all[0]!;
    }
    checkRewritable(found.file, label);
    const plan = plans.get(found.entry.number) ?? { entry: found.entry, file: found.file, bodies: new Map<number, Uint8Array>() };
    if (plan.bodies.has(found.index))
      throw new ReplacementRefusal(`${label}: resource ${found.index} of entry ${found.entry.number} is replaced twice`);
    plan.bodies.set(found.index, body);
    plans.set(found.entry.number, plan);
  }
  return [...plans.values()].sort((a, b) => a.entry.dataOffset - b.entry.dataOffset);
}

/**
 * Reads of a source in large windows, for many small reads in (mostly) ascending order: a data
 * file's TOC after another costs a slice, not a read of its own.
 */
class Window {
  private base = 0;
  private bytes: Uint8Array = new Uint8Array(0);
  constructor(
    private readonly source: ArchiveSource,
    private readonly size = 1 << 20,
  ) {}
  async read(offset: number, length: number): Promise<Chunk> {
    if (offset < this.base || offset + length > this.base + this.bytes.length) {
      this.base = offset;
      this.bytes = await this.source.read(offset, Math.min(this.source.size - offset, Math.max(this.size, length)));
    }
    return new Chunk(this.bytes.subarray(offset - this.base, offset - this.base + length), offset);
  }
}

/** The ids an entry's TOC lists, or null when its TOC cannot be read apart (it is then read whole). */
async function tocIds(forge: Forge, entry: ForgeEntry, window: Window): Promise<bigint[] | null> {
  const headerBytes = forge.tables.fileDataHeader?.fixedSize ?? 0;
  if (entry.offset < 0 || entry.dataOffset + entry.size > forge.source.size) return null;
  const file = await window.read(entry.offset, headerBytes + entry.size);
  try {
    return (
      readTocOnly(forge.profile!, forge.tables, entry, file, { tocRecord: forge.tocRecord ?? forge.profile!.tocRecord.value })?.map(
        (t) => t.id,
      ) ?? null
    );
  } catch (error) {
    if (error instanceof ParseError) return null;
    throw error;
  }
}

/** The ids a resource in the archive answers to: its body's header id where a layout reads it, and its TOC id. */
function objectIds(r: ForgeResource): bigint[] {
  return [...resourceIdentities(r.body).map((c) => c.id), r.id];
}

function classOf(kind: string): number {
  return kind === 'Skeleton' ? 0x24aecb7c : 0x71fda747;
}

/** Refuses a data file whose framing cannot be written again. */
function checkRewritable(file: ForgeDataFile, label: string): void {
  for (const set of [file.toc, file.resourcesSet]) {
    if (set === null) continue;
    if (set.flagged) throw new ReplacementRefusal(`${label}: entry ${file.entry.number} is a flagged set, which is not written again`);
    const rule = file.profile.methods[set.method];
    if (rule?.kind === 'refuse' && set.blocks.some((b) => b.compressedSize !== b.uncompressedSize))
      throw new ReplacementRefusal(
        `${label}: entry ${file.entry.number}'s blocks are ${rule.name} (method ${set.method}), which cannot be written`,
      );
  }
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
