/**
 * The choices our byte-level reading makes where the seed names a portion but not its bytes.
 * Each is one named option, so a user holding real files can switch it and see whether that
 * variant consumes a file exactly (`--reading key=value` on the commands).
 */
export type AnvilnextReading = {
  /**
   * Reflex3SkeletonConstraints, the seed's "optional byte-buffer":
   * `u32-length`: u32 byte length L, then L bytes (L = 0: absent);
   * `flag-u32-length`: u8 presence flag, then (when 1) u32 L and L bytes.
   */
  reflexConstraints: 'u32-length' | 'flag-u32-length';
  /**
   * SkeletonPoseBone framing around its custom 16-byte body:
   * `id-class`: u64 id, u32 class 0x071CEE50, 16 bytes; `raw`: the 16 bytes alone.
   */
  poseBoneHeader: 'id-class' | 'raw';
};

/** The reading used when none is given: `reflexConstraints=u32-length`, `poseBoneHeader=id-class`. */
export const ANVILNEXT_READING_DEFAULTS: Readonly<AnvilnextReading> = Object.freeze({
  reflexConstraints: 'u32-length',
  poseBoneHeader: 'id-class',
});

/** Every value each reading option takes. */
export const ANVILNEXT_READING_CHOICES: { readonly [K in keyof AnvilnextReading]: readonly AnvilnextReading[K][] } = {
  reflexConstraints: ['u32-length', 'flag-u32-length'],
  poseBoneHeader: ['id-class', 'raw'],
};

/**
 * A reading from `key=value` pairs over the defaults (`--reading` on the commands); throws a `RangeError` naming an unknown key or value.
 */
export function parseAnvilnextReading(pairs: readonly string[]): AnvilnextReading {
  const reading: Record<string, string> = { ...ANVILNEXT_READING_DEFAULTS };
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    const value = eq < 0 ? '' : pair.slice(eq + 1);
    const choices = (ANVILNEXT_READING_CHOICES as Record<string, readonly string[]>)[key];
    if (!choices) throw new RangeError(`unknown reading option "${key}"; known: ${Object.keys(ANVILNEXT_READING_CHOICES).join(', ')}`);
    if (!choices.includes(value)) throw new RangeError(`reading option ${key} takes ${choices.join(' or ')}, got "${value}"`);
    reading[key] = value;
  }
  return reading as unknown as AnvilnextReading;
}

/** The reading's key, one part per choice in declaration order: every option is part of it, so no two readings share one. */
export function readingKey(reading: AnvilnextReading): string {
  return (Object.keys(ANVILNEXT_READING_CHOICES) as (keyof AnvilnextReading)[]).map((key) => reading[key]).join('/');
}
