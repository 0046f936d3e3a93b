import { expect } from 'vitest';

/**
 * A tiny byte assembler for hand-made fixtures. Deliberately independent of the project's
 * writer: fixtures are spelled out field by field from the seed's tables.
 */
export class Bytes {
  private readonly out: number[] = [];

  u8(...values: number[]): this {
    for (const v of values) this.out.push(v & 0xff);
    return this;
  }

  u32(v: number): this {
    return this.u8(v, v >>> 8, v >>> 16, v >>> 24);
  }

  u64(v: bigint): this {
    for (let i = 0n; i < 8n; i++) this.out.push(Number((v >> (8n * i)) & 0xffn));
    return this;
  }

  f32(...values: number[]): this {
    const b = new DataView(new ArrayBuffer(4));
    for (const v of values) {
      b.setFloat32(0, v, true);
      this.u8(b.getUint8(0), b.getUint8(1), b.getUint8(2), b.getUint8(3));
    }
    return this;
  }

  get length(): number {
    return this.out.length;
  }

  build(): Uint8Array {
    return Uint8Array.from(this.out);
  }
}

/** The f32 a number becomes when stored. */
export const f32 = (v: number): number => Math.fround(v);

/** Asserts two byte arrays are equal, naming the first byte that differs (not a dump of both). */
export function expectSameBytes(actual: Uint8Array, expected: Uint8Array): void {
  expect(actual.length).toBe(expected.length);
  expect(
    actual.findIndex((b, i) => b !== expected[i]),
    'first differing byte',
  ).toBe(-1);
}
