/**
 * Reading one input file the way every command does: open it without blocking, make sure it is a
 * regular file, read its header, and read it whole only when the header names a class we decode
 * and its size is within the limit (a file of at most 256 KiB, within the limit, is read whole at
 * once, its header judged from those bytes). A FIFO, device or socket is never read; a 1 GiB file
 * of another class costs its first bytes.
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { basename } from 'node:path';
import {
  classifyHeader,
  describeHeader,
  HEADER_BYTES,
  resourceIdentities,
  truncatedHeaderRefusal,
  type HeaderClass,
  type ResourceKind,
} from '../formats/resource.js';
import type { LayoutName } from '../formats/dialect.js';
import { fsReason, specialKind } from './files.js';
import { DEFAULT_MAX_SIZE } from './limits.js';
import { formatSize } from '../io/format.js';

export { formatSize } from '../io/format.js';

/** What reading a file came to. */
export type InputRead =
  /** A Skeleton or SkeletonComponent by its header, read whole. */
  | { kind: 'resource'; bytes: Uint8Array; header: HeaderClass }
  /** Another class (or empty): only the header was read; `description` says why it is not read. */
  | { kind: 'other'; head: Uint8Array; description: string }
  /** Too short to hold a class, and its name says it is one: a refusal, not a skip. */
  | { kind: 'truncated'; resourceKind: ResourceKind; refusal: NonNullable<ReturnType<typeof truncatedHeaderRefusal>> }
  /**
   * Not read: too large, not a regular file, or the read failed. `skippable`: a FIFO, device or
   * socket, or a resource over the size limit: found inside a directory it is skipped and counted,
   * named on the command line it fails.
   */
  | { kind: 'unreadable'; reason: string; skippable: boolean };

/** How {@link readInputFile} reads: the layout to read with, and the largest resource read whole. */
export interface InputReadOptions {
  /** Read every file with this layout instead of detecting it from the header. */
  dialect?: LayoutName;
  /** Largest resource read, in bytes (DEFAULT_MAX_SIZE when absent). */
  maxSize?: number;
}

/** The class a file's name claims, from its extension or name (`….Skeleton`, `…SkeletonComponent…`). */
export function kindFromName(path: string): ResourceKind | null {
  const name = basename(path).toLowerCase();
  if (name.includes('skeletoncomponent')) return 'SkeletonComponent';
  if (name.includes('skeleton')) return 'Skeleton';
  return null;
}

/** Why a header is not read as a resource: `not a Skeleton or SkeletonComponent (class at offset 8 is …)`, or the layout mismatch. */
export function notAResource(head: Uint8Array, dialect?: LayoutName): string {
  const description = describeHeader(head, dialect);
  return description.startsWith('the layout') ? description : `not a Skeleton or SkeletonComponent (${description})`;
}

function readFully(fd: number, buffer: Uint8Array, position: number): number {
  let filled = 0;
  while (filled < buffer.length) {
    const n = readSync(fd, buffer, filled, buffer.length - filled, position + filled);
    if (n === 0) break;
    filled += n;
  }
  return filled;
}

/**
 * An open regular file with its first bytes, or why it was not opened (`special`: a FIFO, device or
 * socket). `whole`: the whole file, when it was small enough to be read at once (its head is then a
 * view of it).
 */
type OpenedFile = { fd: number; info: Stats; head: Uint8Array; whole?: Uint8Array } | { reason: string; special: boolean };

/**
 * A file this small is read whole by the first read, its header judged from those bytes: one read
 * where a header read and a body read were two (most resources are a few KB; a file of another
 * class costs at most this much more than its header).
 */
const READ_WHOLE_AT_MOST = 256 << 10;

/**
 * Opens a file the way every reader here does: without blocking (a FIFO named on the command line
 * cannot hang the open), only when it is a regular file, and with its first HEADER_BYTES read. The
 * caller closes `fd` when the file opened.
 */
function openWithHead(path: string, wholeAtMost = 0): OpenedFile {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return { reason: fsReason(error), special: false };
  }
  let refusal: OpenedFile;
  try {
    const info = fstatSync(fd);
    if (info.isFile()) {
      if (info.size <= wholeAtMost) {
        const whole = new Uint8Array(info.size);
        const read = whole.subarray(0, readFully(fd, whole, 0));
        return { fd, info, head: read.subarray(0, Math.min(HEADER_BYTES, read.length)), whole: read };
      }
      const head = new Uint8Array(Math.min(HEADER_BYTES, info.size));
      return { fd, info, head: head.subarray(0, readFully(fd, head, 0)) };
    }
    refusal = info.isDirectory()
      ? { reason: 'is a directory', special: false }
      : { reason: `is ${specialKind(info) ?? 'not a regular file'}; not read`, special: true };
  } catch (error) {
    refusal = { reason: `cannot read the file: ${fsReason(error)}`, special: false };
  }
  closeSync(fd);
  return refusal;
}

/** Why a resource of `size` bytes is not read (`Skeleton of 300 MiB, larger than the 256 MiB limit; …`), or null within the limit. */
function tooLargeReason(kind: ResourceKind, size: number, maxSize = DEFAULT_MAX_SIZE): string | null {
  if (size <= maxSize) return null;
  return `${kind} of ${formatSize(size)}, larger than the ${formatSize(maxSize)} limit; not read (raise it with --max-size)`;
}

/**
 * Why a file whose header names `kind` would not be read for its size, or null: for the commands
 * that read headers first and whole files later (assemble), to skip an oversized file found in a
 * folder as readInputFile's callers do. Null too when the file cannot be looked at (its read says why).
 */
export function oversizeReason(path: string, kind: ResourceKind, maxSize?: number): string | null {
  try {
    return tooLargeReason(kind, statSync(path).size, maxSize);
  } catch {
    return null;
  }
}

/** What looking at a file's header came to, its body not read: {@link InputRead} with a resource's size and time in place of its bytes. */
export type InputHeadRead =
  /** A Skeleton or SkeletonComponent by its header, within the size limit: its size and modification time now. */
  | { kind: 'resource'; header: HeaderClass; size: number; mtimeMs: number }
  /** Another class (or empty): `head` is its first bytes, `size` and `mtimeMs` the whole file's. */
  | { kind: 'other'; head: Uint8Array; description: string; size: number; mtimeMs: number }
  | {
      kind: 'truncated';
      resourceKind: ResourceKind;
      refusal: NonNullable<ReturnType<typeof truncatedHeaderRefusal>>;
      size: number;
      mtimeMs: number;
    }
  | { kind: 'unreadable'; reason: string; skippable: boolean };

/** The verdict on an opened file's header, as readInputFile and readInputHead give it (a resource yet to be read as `header`). */
function judgeHead(path: string, info: Stats, header: Uint8Array, options: InputReadOptions): InputHeadRead {
  const stamp = { size: info.size, mtimeMs: info.mtimeMs };
  const candidates = classifyHeader(header, options.dialect);
  if (candidates.length === 0) {
    const claimed = kindFromName(path);
    const truncated = claimed === null ? null : truncatedHeaderRefusal(header.length, options.dialect);
    if (claimed !== null && truncated !== null) return { kind: 'truncated', resourceKind: claimed, refusal: truncated, ...stamp };
    return { kind: 'other', head: header, description: notAResource(header, options.dialect), ...stamp };
  }
  const tooLarge = tooLargeReason(candidates[0]!.kind, info.size, options.maxSize);
  if (tooLarge !== null) return { kind: 'unreadable', reason: tooLarge, skippable: true };
  return { kind: 'resource', header: candidates[0]!, ...stamp };
}

/** Reads one file as the commands do. Never throws for what the file system says; every outcome is a value. */
export function readInputFile(path: string, options: InputReadOptions = {}): InputRead {
  // A file over the size limit is never read whole, however small the limit.
  const opened = openWithHead(path, Math.min(READ_WHOLE_AT_MOST, options.maxSize ?? DEFAULT_MAX_SIZE));
  if (!('fd' in opened)) return { kind: 'unreadable', reason: opened.reason, skippable: opened.special };
  const { fd, info, head: header, whole } = opened;
  try {
    const judged = judgeHead(path, info, header, options);
    switch (judged.kind) {
      case 'other':
        // A copy of the header: the whole file read at once is not kept for it.
        return { kind: 'other', head: whole === undefined ? judged.head : judged.head.slice(), description: judged.description };
      case 'truncated':
        return { kind: 'truncated', resourceKind: judged.resourceKind, refusal: judged.refusal };
      case 'unreadable':
        return judged;
    }
    if (whole !== undefined) return { kind: 'resource', bytes: whole, header: judged.header };
    const bytes = new Uint8Array(info.size);
    const length = readFully(fd, bytes, 0);
    return { kind: 'resource', bytes: length === bytes.length ? bytes : bytes.subarray(0, length), header: judged.header };
  } catch (error) {
    return { kind: 'unreadable', reason: `cannot read the file: ${fsReason(error)}`, skippable: false };
  } finally {
    closeSync(fd);
  }
}

/**
 * Looks at one file as readInputFile reads it, without reading its body: the same verdict, a
 * resource given by its size and modification time (to read it later, and tell whether it changed
 * meanwhile). Costs an open, a stat and the header's bytes. Never throws.
 */
export function readInputHead(path: string, options: InputReadOptions = {}): InputHeadRead {
  const opened = openWithHead(path);
  if (!('fd' in opened)) return { kind: 'unreadable', reason: opened.reason, skippable: opened.special };
  try {
    return judgeHead(path, opened.info, opened.head, options);
  } catch (error) {
    return { kind: 'unreadable', reason: `cannot read the file: ${fsReason(error)}`, skippable: false };
  } finally {
    closeSync(opened.fd);
  }
}

/** What a file's header says, read without the rest of the file: its class and layout with its object id, or why not. */
export type HeaderRead =
  /** Every class and layout the header fits, most likely first, each with the id at that layout's offset. */
  | { kind: 'resource'; candidates: { header: HeaderClass; id: bigint }[] }
  | { kind: 'other'; description: string }
  | { kind: 'unreadable'; reason: string };

/**
 * The class, layout and object id the first bytes of a resource name, as readResourceHeader gives
 * them for a file: for a record inside an archive, whose body is already in memory. Never throws.
 */
export function headerOfBytes(head: Uint8Array, dialect?: LayoutName): HeaderRead {
  const candidates = resourceIdentities(head, dialect);
  if (candidates.length === 0) return { kind: 'other', description: notAResource(head, dialect) };
  return { kind: 'resource', candidates };
}

/**
 * The class, layout and object id a file's header names, reading only its first bytes (`anvilnext`:
 * u64 id at offset 0, class at 8; `scimitar`: u8 1, u32 id at 1, class at 5): for indexing search
 * paths by id. Never throws; a FIFO, device or socket is never read.
 */
export function readResourceHeader(path: string, dialect?: LayoutName): HeaderRead {
  const opened = openWithHead(path);
  if (!('fd' in opened)) return { kind: 'unreadable', reason: opened.reason };
  const { fd, head: header } = opened;
  try {
    return headerOfBytes(header, dialect);
  } catch (error) {
    return { kind: 'unreadable', reason: `cannot read the file: ${fsReason(error)}` };
  } finally {
    closeSync(fd);
  }
}
