/**
 * What an output holds, and whether bytes already at its path hold the same kind of thing: an
 * earlier output of the same kind, which may be replaced, or anything else (an archive taken for
 * a report path, a resource, a binary of unknown kind), which is never replaced without `--force`.
 * Each kind is told from the bytes, never a file name, so this runs in a browser as well as in the
 * node entry's writer (`src/node/output-file.ts`), which reads the bytes from disk.
 */
import { isForgeHeader } from '../archive/forge-select.js';
import { CLASS } from '../formats/classes.js';
import { HEADER_BYTES, resourceIdentities } from '../formats/resource.js';
import { formatSize, hex } from '../io/format.js';
import { POSE_RECORD_BYTES, POSE_SCALE } from '../analysis/pose-array.js';
import { REGISTER_BYTES } from '../analysis/skinning-palette.js';

/** What an output writes at one path, so that a file already there is replaced only when it holds the same kind. */
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
  /** A pose array: replaces one (whole 48-byte records, position w 0, scale 1, 1, 1, 0). */
  | { kind: 'pose-array' }
  /** A g_Bones constants file: replaces one of the same size whose registers below `base` are zero. */
  | { kind: 'palette'; size: number; base: number }
  /** A `.forge` archive: replaces an archive (told by its magic). */
  | { kind: 'archive' }
  /** Bytes kept as they are (an archive's bookkeeping entry): replaces only a file of the same bytes. */
  | { kind: 'raw'; bytes: Uint8Array };

/** A JSON report. */
export const JSON_OUTPUT: OutputKind = { kind: 'json' };
/** UTF-8 text: Markdown, a names file, a README. */
export const TEXT_OUTPUT: OutputKind = { kind: 'text' };
/** A .glb or a .gltf document. */
export const GLTF_OUTPUT: OutputKind = { kind: 'gltf' };
/** A pose array (48-byte records). */
export const POSE_ARRAY_OUTPUT: OutputKind = { kind: 'pose-array' };
/** A `.forge` archive. */
export const ARCHIVE_OUTPUT: OutputKind = { kind: 'archive' };
/** Bytes kept as they are: replaces only a file holding the same bytes (an earlier extraction). */
export const rawOutput = (bytes: Uint8Array): OutputKind => ({ kind: 'raw', bytes });

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
  const found: Identity[] = resourceIdentities(head.subarray(0, HEADER_BYTES)).map((c) => ({ classHash: CLASS[c.header.kind], id: c.id }));
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  if (head.length >= 12) found.push({ classHash: view.getUint32(8, true), id: view.getBigUint64(0, true) });
  if (head.length >= 9 && head[0] === 1) found.push({ classHash: view.getUint32(5, true), id: BigInt(view.getUint32(1, true)) });
  return found;
}

/** The output kind of a resource's bytes: its class and id as its header gives them. */
export function resourceOutput(bytes: Uint8Array): OutputKind {
  const first = resourceIdentities(bytes.subarray(0, HEADER_BYTES))[0];
  if (first !== undefined) {
    const { kind } = first.header;
    return { kind: 'resource', classHash: CLASS[kind], id: first.id, label: `the ${kind} ${hex(first.id, 16)}` };
  }
  const raw = identities(bytes)[0];
  if (raw === undefined) return { kind: 'resource', classHash: -1, id: -1n, label: 'a resource' };
  return { kind: 'resource', ...raw, label: `a resource of class ${hex(raw.classHash >>> 0)}, id ${hex(raw.id, 16)}` };
}

/** A g_Bones constants file of `size` bytes whose registers below `base` are zero. */
export function paletteOutput(size: number, base: number): OutputKind {
  return { kind: 'palette', size, base };
}

/** The .bin of a `--separate` .gltf: the buffer at `uri` that the .gltf at `gltf` names. */
export function gltfBufferOutput(gltf: string, uri: string): OutputKind {
  return { kind: 'gltf-buffer', gltf, uri };
}

/** What an output of this kind is, for messages: `JSON`, `a .forge archive`. */
export function describeOutputKind(kind: OutputKind): string {
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

/** Whether the bytes of a .gltf name `uri` among its buffers: then the .bin is its buffer. */
function gltfNamesBuffer(gltf: Uint8Array | null, uri: string): boolean {
  const json = gltf === null ? null : asJson(gltf);
  if (json === null || !isGltfDocument(json.value)) return false;
  const buffers = (json.value as { buffers?: unknown }).buffers;
  return Array.isArray(buffers) && buffers.some((b) => isObject(b) && typeof b.uri === 'string' && decodedUri(b.uri) === uri);
}

/** Bytes read to tell a file's kind from its header. */
export const OUTPUT_HEAD_BYTES = 64;

/** The kinds told from the first bytes alone: what a report path must never replace. */
function describeHead(head: Uint8Array): string | null {
  if (isForgeHeader(head)) return 'a .forge archive';
  const header = resourceIdentities(head.subarray(0, HEADER_BYTES))[0];
  if (header !== undefined) return `the ${header.header.kind} ${hex(header.id, 16)} (${header.header.dialect})`;
  return isGlb(head) ? 'a GLB' : null;
}

/**
 * What kind of file these bytes are, in words: `a .forge archive`, `the Skeleton 0x… (scimitar)`,
 * `a GLB`, `a glTF document`, `JSON`, `text` or `binary data of unknown kind`.
 */
export function describeOutputBytes(bytes: Uint8Array): string {
  const known = describeHead(bytes.subarray(0, OUTPUT_HEAD_BYTES));
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

/** A non-empty file already at an output path, as {@link compareWithOutput} looks at it: read lazily. */
export interface ExistingFileBytes {
  /** Its size in bytes. */
  size: number;
  /** Its first {@link OUTPUT_HEAD_BYTES} bytes (fewer when it is shorter). */
  head: Uint8Array;
  /** The whole file, or null when it is too large to read (or cannot be read) whole. */
  whole(): Uint8Array | null;
  /** The whole of another file (the .gltf a buffer output names), or null when it cannot be read whole. */
  other(path: string): Uint8Array | null;
}

/**
 * Whether the non-empty file already at an output path holds what an output of `kind` writes
 * (then it may be replaced), and when not, what it holds in words. An archive or resource is told
 * from its first bytes, so a multi-gigabyte archive costs a header read.
 */
export function compareWithOutput(kind: OutputKind, file: ExistingFileBytes): { same: boolean; what: string } {
  const known = describeHead(file.head);
  const different = (bytes: Uint8Array | null = file.whole()): { same: boolean; what: string } => ({
    same: false,
    what: known ?? (bytes === null ? `a file of ${formatSize(file.size)}, too large to tell what it holds` : describeOutputBytes(bytes)),
  });
  const same = { same: true, what: '' };
  switch (kind.kind) {
    case 'resource':
      return identities(file.head).some((i) => i.classHash >>> 0 === kind.classHash >>> 0 && i.id === kind.id) ? same : different();
    case 'gltf-buffer':
      return gltfNamesBuffer(file.other(kind.gltf), kind.uri) ? same : different();
    case 'archive':
      return isForgeHeader(file.head) ? same : different();
    case 'gltf':
      if (isGlb(file.head)) return same;
      break;
    case 'palette':
      if (file.size !== kind.size) return different();
      break;
    default:
      break;
  }
  if (known !== null) return different(null);
  const bytes = file.whole();
  return bytes !== null && sameContent(kind, bytes) ? same : different(bytes);
}
