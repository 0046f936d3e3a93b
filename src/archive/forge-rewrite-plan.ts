/**
 * Where each replacement goes: the resource of its class and object id (from the body's header), or
 * the one addressed, found by the data file of that id, then by the TOCs alone, then by reading the
 * data files whole; and the checks that it may go there. Browser-safe.
 */
import { ParseError } from '../io/errors.js';
import { refusalReport } from '../io/address.js';
import { hex } from '../io/format.js';
import { readResource, resourceIdentities } from '../formats/resource.js';
import { Chunk } from './forge-chunk.js';
import { readDataFile, readTocOnly, type ForgeDataFile, type ForgeResource } from './forge-data-file.js';
import type { Forge, ForgeEntry } from './forge.js';
import { forgeClassName } from './forge-select.js';
import type { ArchiveSource } from './source.js';

/** One resource to put in: its new body, and (when the ids are ambiguous) where it goes. */
export interface ResourceReplacement {
  body: Uint8Array;
  /** The entry number and resource index it replaces; by default the one of the body's class and object id. */
  target?: { entry: number; resource: number };
  /** How messages name it (a file path); `replacement N` by default. */
  label?: string;
}

/** A replacement refused: the message says which and why; nothing should be written. */
export class ReplacementRefusal extends Error {
  override name = 'ReplacementRefusal';
}

/** A data file to rebuild: its entry, as read, and the bodies that go in, by resource index. */
export interface Planned {
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
          unread.push(`entry ${entry.number}: ${refusalReport(error).message}`);
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
