/**
 * A layout's object header, derived from its declarations: the fields each class's structure
 * starts with up to its class hash (a managed byte, the object id, the class). Detection, the class
 * offset and the id's place and width all come from here, so a layout declares them once, as the
 * fields its structures read.
 */
import { isConstCodec, type StructCodec } from '../grammar/index.js';
import type { ResourceKind } from './layout.js';

/** A byte the header fixes before its class (a managed byte, a tag). */
export interface HeaderConstant {
  name: string;
  offset: number;
  value: number;
}

/** Where a layout's header keeps the id and the class, and what it fixes. */
export interface LayoutHeader {
  /** Byte offset of the class hash (a u32). */
  readonly classOffset: number;
  /** Byte offset and width of the object id. */
  readonly idOffset: number;
  readonly idBytes: 4 | 8;
  /** The bytes the header fixes before the class. */
  readonly constants: readonly HeaderConstant[];
  /** The class hash each kind's structure fixes. */
  readonly classes: ReadonlyMap<number, ResourceKind>;
  /** Bytes up to the end of the class hash. */
  readonly size: number;
}

/** The header one structure starts with. Throws an Error when it has no `id` before a constant u32 `classHash`. */
function headerOf(struct: StructCodec<unknown>): {
  classOffset: number;
  classHash: number;
  idOffset: number;
  idBytes: 4 | 8;
  constants: HeaderConstant[];
} {
  let offset = 0;
  let id: { offset: number; bytes: 4 | 8 } | null = null;
  const constants: HeaderConstant[] = [];
  for (const f of struct.fields) {
    const size = f.codec.fixedSize;
    if (size === null) break;
    if (f.name === 'classHash' && isConstCodec(f.codec) && size === 4) {
      if (id === null) break;
      return { classOffset: offset, classHash: (f.codec.constant as number) >>> 0, idOffset: id.offset, idBytes: id.bytes, constants };
    }
    if (f.name === 'id' && (size === 4 || size === 8)) id = { offset, bytes: size };
    else if (isConstCodec(f.codec) && size === 1) constants.push({ name: f.name, offset, value: f.codec.constant as number });
    offset += size;
  }
  throw new Error(`${struct.structName}: a header is an id, then a constant u32 classHash, before any field of variable size`);
}

/**
 * The header every kind's structure of a layout starts with. Throws an Error when two kinds'
 * headers keep the id or the class at different places (a layout has one header shape).
 */
export function deriveHeader(structs: ReadonlyMap<ResourceKind, StructCodec<unknown>>): LayoutHeader {
  let shape: Omit<ReturnType<typeof headerOf>, 'classHash'> | null = null;
  const classes = new Map<number, ResourceKind>();
  for (const [kind, struct] of structs) {
    const { classHash, ...rest } = headerOf(struct);
    if (shape === null) shape = rest;
    else if (shape.classOffset !== rest.classOffset || shape.idOffset !== rest.idOffset || shape.idBytes !== rest.idBytes)
      throw new Error(`${struct.structName}: its header keeps the id or class elsewhere than the layout's other classes`);
    classes.set(classHash, kind);
  }
  if (shape === null) throw new Error('a layout has at least one class');
  return { ...shape, classes, size: shape.classOffset + 4 };
}

/** The kind a header names under this layout: its fixed bytes as declared, and a class it has. Never throws. */
export function detectByHeader(header: LayoutHeader, bytes: Uint8Array): ResourceKind | null {
  if (bytes.length < header.size) return null;
  for (const c of header.constants) if (bytes[c.offset] !== c.value) return null;
  const at = header.classOffset;
  const cls = (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
  return header.classes.get(cls) ?? null;
}

/** The object id a header holds at this layout's place. Throws a RangeError when the bytes are shorter than the header. */
export function headerId(header: LayoutHeader, bytes: Uint8Array): bigint {
  if (bytes.length < header.idOffset + header.idBytes) throw new RangeError(`a header of ${header.size} bytes, got ${bytes.length}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return header.idBytes === 8 ? view.getBigUint64(header.idOffset, true) : BigInt(view.getUint32(header.idOffset, true));
}
