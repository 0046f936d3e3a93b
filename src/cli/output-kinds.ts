/**
 * What an output holds, and whether a file already at its path holds the same kind of thing: an
 * earlier output of the same command, which may be replaced, or anything else (an archive taken
 * for a report path, a resource, a binary of unknown kind), which is never replaced without
 * `--force`. Each kind is told from the file's bytes, never its name.
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { isForgeHeader } from '../archive/forge-select.js';
import { CLASS } from '../formats/classes.js';
import { HEADER_BYTES } from '../formats/resource.js';
import { hex } from '../io/format.js';
import { POSE_RECORD_BYTES, POSE_SCALE } from '../analysis/pose-array.js';
import { REGISTER_BYTES } from '../analysis/skinning-palette.js';
import { fsReason, specialKind } from './files.js';
import { formatSize, headerOfBytes } from './input-file.js';
import { DEFAULT_MAX_SIZE } from '../node/limits.js';

/** What a command writes at one path. */
export type OutputKind =
  /** JSON: replaces a file that parses as JSON. */
  | { kind: 'json' }
  /** Markdown, a names file, a README: replaces UTF-8 text (no NUL byte). */
  | { kind: 'text' }
  /** A .glb or .gltf: replaces a GLB (magic `glTF`) or a JSON document with an `asset` object. */
  | { kind: 'gltf' }
  /** The .bin of a `--separate` .gltf: replaces the buffer the existing .gltf at `gltf` names. */
  | { kind: 'gltf-buffer'; gltf: string; uri: string }
  /** A resource: replaces a resource of the same class hash and object id (read from the header). */
  | { kind: 'resource'; classHash: number; id: bigint; label: string }
  /** `pose build`: replaces a pose array (whole 48-byte records, position w 0, scale 1, 1, 1, 0). */
  | { kind: 'pose-array' }
  /** `skin palette`: replaces a constants file of the same size whose registers below `base` are zero. */
  | { kind: 'palette'; size: number; base: number }
  /** `forge replace`, `forge pack`: replaces a `.forge` archive (told by its magic), never one of the inputs. */
  | { kind: 'archive' }
  /** A bookkeeping entry kept raw by `forge extract`: replaces only a file of the same bytes (an earlier extraction). */
  | { kind: 'raw'; bytes: Uint8Array };

export const JSON_OUTPUT: OutputKind = { kind: 'json' };
export const TEXT_OUTPUT: OutputKind = { kind: 'text' };
export const GLTF_OUTPUT: OutputKind = { kind: 'gltf' };
export const POSE_ARRAY_OUTPUT: OutputKind = { kind: 'pose-array' };
export const ARCHIVE_OUTPUT: OutputKind = { kind: 'archive' };
export const rawOutput = (bytes: Uint8Array): OutputKind => ({ kind: 'raw', bytes });

/** The largest existing file read whole to tell its kind; a larger one is only replaced with --force. */
const CONTENT_LIMIT = DEFAULT_MAX_SIZE;

/** A class hash and object id a header may hold: at either family's place (id then class). */
interface Identity {
  classHash: number;
  id: bigint;
}

/**
 * Every class and id the first bytes can be read to hold: each registered layout the header fits,
 * and the two families' places for a class no layout reads (`anvilnext`: u64 id at 0, class at 8;
 * `scimitar`: u8 1, u32 id at 1, class at 5).
 */
function identities(head: Uint8Array): Identity[] {
  const found: Identity[] = [];
  const read = headerOfBytes(head.subarray(0, HEADER_BYTES));
  if (read.kind === 'resource') for (const c of read.candidates) found.push({ classHash: CLASS[c.header.kind], id: c.id });
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  if (head.length >= 12) found.push({ classHash: view.getUint32(8, true), id: view.getBigUint64(0, true) });
  if (head.length >= 9 && head[0] === 1) found.push({ classHash: view.getUint32(5, true), id: BigInt(view.getUint32(1, true)) });
  return found;
}

/** The resource kind of a resource's bytes: its class and id as its header gives them. */
export function resourceOutput(bytes: Uint8Array): OutputKind {
  const read = headerOfBytes(bytes.subarray(0, HEADER_BYTES));
  const first = read.kind === 'resource' ? read.candidates[0]! : null;
  if (first !== null) {
    const { kind } = first.header;
    return { kind: 'resource', classHash: CLASS[kind], id: first.id, label: `the ${kind} ${hex(first.id, 16)}` };
  }
  const raw = identities(bytes)[0];
  if (raw === undefined) return { kind: 'resource', classHash: -1, id: -1n, label: 'a resource' };
  return { kind: 'resource', ...raw, label: `a resource of class ${hex(raw.classHash >>> 0)}, id ${hex(raw.id, 16)}` };
}

export function paletteOutput(size: number, base: number): OutputKind {
  return { kind: 'palette', size, base };
}

export function gltfBufferOutput(gltf: string, uri: string): OutputKind {
  return { kind: 'gltf-buffer', gltf, uri };
}

/** What an output of this kind is, for messages: "not JSON". */
export function describeKind(kind: OutputKind): string {
  switch (kind.kind) {
    case 'json':
      return 'JSON';
    case 'text':
      return 'UTF-8 text';
    case 'gltf':
      return 'a glTF or GLB';
    case 'gltf-buffer':
      return `the buffer the glTF ${kind.gltf} names`;
    case 'resource':
      return kind.label;
    case 'pose-array':
      return 'a pose array (48-byte records, position w 0, scale 1, 1, 1, 0)';
    case 'palette':
      return `a g_Bones constants file of ${formatSize(kind.size)} with the registers below c${kind.base} zero`;
    case 'archive':
      return 'a .forge archive';
    case 'raw':
      return 'the same bytes (an earlier extraction of this entry)';
  }
}

/** What is at a path before an output is written there. */
export type Existing =
  | { kind: 'absent' }
  /** The path cannot be looked at (a loop, permission denied): the reason. */
  | { kind: 'unreachable'; reason: string }
  /** A directory, a device, a FIFO or a socket: never replaced, even with --force. */
  | { kind: 'not-a-file'; what: string }
  /** A regular file, and whether it holds what the output writes (`what` says what it is when not). */
  | { kind: 'file'; same: boolean; what: string };

function readUpTo(path: string, limit: number): { bytes: Uint8Array; size: number } | { reason: string } {
  let fd: number;
  try {
    // Non-blocking: a FIFO that appeared since the stat cannot hang the check.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return { reason: fsReason(error) };
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return { reason: `is ${specialKind(info) ?? 'not a regular file'}` };
    const bytes = new Uint8Array(Math.min(info.size, limit));
    let filled = 0;
    while (filled < bytes.length) {
      const n = readSync(fd, bytes, filled, bytes.length - filled, filled);
      if (n === 0) break;
      filled += n;
    }
    return { bytes: bytes.subarray(0, filled), size: info.size };
  } catch (error) {
    return { reason: fsReason(error) };
  } finally {
    closeSync(fd);
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function asText(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

function asJson(bytes: Uint8Array): { value: unknown } | null {
  const text = asText(bytes);
  if (text === null) return null;
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isGltfDocument = (value: unknown): boolean => isObject(value) && isObject(value.asset);
const isGlb = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 && bytes[0] === 0x67 && bytes[1] === 0x6c && bytes[2] === 0x54 && bytes[3] === 0x46;

function isPoseArray(bytes: Uint8Array): boolean {
  if (bytes.length % POSE_RECORD_BYTES !== 0) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at < bytes.length; at += POSE_RECORD_BYTES) {
    if (view.getFloat32(at + 12, true) !== 0) return false;
    for (let lane = 0; lane < 4; lane++) if (view.getFloat32(at + 32 + 4 * lane, true) !== POSE_SCALE[lane]) return false;
    for (let lane = 0; lane < 8; lane++) if (!Number.isFinite(view.getFloat32(at + 4 * lane, true))) return false;
  }
  return true;
}

function isPalette(bytes: Uint8Array, size: number, base: number): boolean {
  if (bytes.length !== size || size % REGISTER_BYTES !== 0) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at < size; at += 4) {
    const lane = view.getFloat32(at, true);
    if (!Number.isFinite(lane) || (at < base * REGISTER_BYTES && view.getUint32(at, true) !== 0)) return false;
  }
  return true;
}

function decodedUri(uri: string): string {
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri;
  }
}

/** Whether the existing .gltf at `gltf` names `uri` among its buffers: then the .bin is its buffer. */
function gltfNamesBuffer(gltf: string, uri: string): boolean {
  const read = readUpTo(gltf, CONTENT_LIMIT);
  if (!('bytes' in read) || read.bytes.length < read.size) return false;
  const json = asJson(read.bytes);
  if (json === null || !isGltfDocument(json.value)) return false;
  const buffers = (json.value as { buffers?: unknown }).buffers;
  return Array.isArray(buffers) && buffers.some((b) => isObject(b) && typeof b.uri === 'string' && decodedUri(b.uri) === uri);
}

/** The kinds told from the first bytes alone: what a report path must never replace. */
function describeHead(head: Uint8Array): string | null {
  if (isForgeHeader(head)) return 'a .forge archive';
  const header = headerOfBytes(head.subarray(0, HEADER_BYTES));
  if (header.kind === 'resource') {
    const { header: cls, id } = header.candidates[0]!;
    return `the ${cls.kind} ${hex(id, 16)} (${cls.dialect})`;
  }
  return isGlb(head) ? 'a GLB' : null;
}

/** What a whole file (read up to CONTENT_LIMIT) holds, in words. */
function describeWhole(bytes: Uint8Array): string {
  const known = describeHead(bytes.subarray(0, HEAD_BYTES));
  if (known !== null) return known;
  const json = asJson(bytes);
  if (json !== null) return isGltfDocument(json.value) ? 'a glTF document' : 'JSON';
  return asText(bytes) !== null ? 'text' : 'binary data of unknown kind';
}

/** Whether a whole file holds what an output of `kind` writes (every kind but a resource, told from its header). */
function sameContent(kind: Exclude<OutputKind, { kind: 'resource' | 'gltf-buffer' | 'archive' }>, bytes: Uint8Array): boolean {
  if (kind.kind === 'raw') return bytes.length === kind.bytes.length && bytes.every((b, i) => b === kind.bytes[i]);
  switch (kind.kind) {
    case 'json':
      return asJson(bytes) !== null;
    case 'text':
      return asText(bytes) !== null;
    case 'gltf': {
      const json = asJson(bytes);
      return isGlb(bytes) || (json !== null && isGltfDocument(json.value));
    }
    case 'pose-array':
      return isPoseArray(bytes);
    case 'palette':
      return isPalette(bytes, kind.size, kind.base);
  }
}

/** Bytes read to tell a file's kind from its header. */
const HEAD_BYTES = 64;

/**
 * What is at `path`, and whether it holds what an output of `kind` writes. An empty file holds
 * nothing to lose and counts as the same kind. Links are followed (the rename replaces the link,
 * but what it names is what a user would lose). An archive or resource is told from its first
 * bytes, so a multi-gigabyte archive costs a header read. Never throws.
 */
export function existingOutput(path: string, kind: OutputKind): Existing {
  let info;
  try {
    info = statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    return { kind: 'unreachable', reason: fsReason(error) };
  }
  if (info === undefined) return { kind: 'absent' };
  if (info.isDirectory()) return { kind: 'not-a-file', what: 'a directory' };
  if (!info.isFile()) return { kind: 'not-a-file', what: specialKind(info) ?? 'something other than a file' };
  if (info.size === 0) return { kind: 'file', same: true, what: 'an empty file' };
  const head = readUpTo(path, HEAD_BYTES);
  if (!('bytes' in head)) return { kind: 'unreachable', reason: `cannot read what is there: ${head.reason}` };
  const known = describeHead(head.bytes);
  const whole = (): Uint8Array | null => {
    if (info.size > CONTENT_LIMIT) return null;
    const read = readUpTo(path, CONTENT_LIMIT);
    return 'bytes' in read ? read.bytes : null;
  };
  const different = (bytes: Uint8Array | null = whole()): Existing => ({
    kind: 'file',
    same: false,
    what: known ?? (bytes === null ? `a file of ${formatSize(info.size)}, too large to tell what it holds` : describeWhole(bytes)),
  });
  const same: Existing = { kind: 'file', same: true, what: '' };
  switch (kind.kind) {
    case 'resource':
      return identities(head.bytes).some((i) => i.classHash >>> 0 === kind.classHash >>> 0 && i.id === kind.id) ? same : different();
    case 'gltf-buffer':
      return gltfNamesBuffer(kind.gltf, kind.uri) ? same : different();
    case 'archive':
      return isForgeHeader(head.bytes) ? same : different();
    case 'gltf':
      if (isGlb(head.bytes)) return same;
      break;
    case 'palette':
      if (info.size !== kind.size) return different();
      break;
    default:
      break;
  }
  if (known !== null) return different(null);
  const bytes = whole();
  return bytes !== null && sameContent(kind, bytes) ? same : different(bytes);
}
