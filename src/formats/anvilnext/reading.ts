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
