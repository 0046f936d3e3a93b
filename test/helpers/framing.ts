/**
 * How tests and benches hand many byte strings to a reference process on stdin and read its
 * answers back: each item as a u32 little-endian length, then its bytes.
 */

/** The items, each prefixed with its length. */
export function frameItems(items: readonly Uint8Array[]): Buffer {
  const parts: Buffer[] = [];
  for (const item of items) {
    const length = Buffer.alloc(4);
    length.writeUInt32LE(item.length);
    parts.push(length, Buffer.from(item.buffer, item.byteOffset, item.length));
  }
  return Buffer.concat(parts);
}

/** The items of framed bytes (copies); throws when they do not end on an item or, given `expected`, when the count differs. */
export function unframeItems(bytes: Buffer, expected?: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  let at = 0;
  while (at + 4 <= bytes.length) {
    const length = bytes.readUInt32LE(at);
    out.push(new Uint8Array(bytes.subarray(at + 4, at + 4 + length)));
    at += 4 + length;
  }
  if (at !== bytes.length || (expected !== undefined && out.length !== expected)) throw new Error('reference output framing is off');
  return out;
}
