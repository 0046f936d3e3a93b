/**
 * The one hex formatter. It lives in `names`, a leaf that imports nothing of ours, so that hashes
 * (here) and offsets, ids and byte dumps (`io/format.ts` and everything above it) are all spelled
 * by the same code: `0x`, uppercase digits, zero-padded to the field's width.
 */

/**
 * Uppercase hex digits, zero-padded to `digits`, no prefix. A negative number is shown as the u32
 * it is stored as, a negative bigint as the u64; a non-negative value as it is (offsets may pass
 * 2^32, and a refused value past 2^64 must show as itself, not wrapped).
 */
export function hexDigits(value: number | bigint, digits = 1): string {
  const unsigned = typeof value === 'bigint' ? (value < 0n ? BigInt.asUintN(64, value) : value) : value < 0 ? value >>> 0 : value;
  return unsigned.toString(16).toUpperCase().padStart(digits, '0');
}

/** `0x` + uppercase hex digits, zero-padded to `digits` (8: a u32 field; 16: a u64 field). */
export function hex(value: number | bigint, digits = 8): string {
  return `0x${hexDigits(value, digits)}`;
}
