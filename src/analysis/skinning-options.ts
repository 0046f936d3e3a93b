/** Defaults of the skinning analyses, shared by the library functions and the CLI's help and options. */

/**
 * Where the renderer's `g_Bones` array sits and how large it is (seed, SWS: 96 float4 registers
 * from c39, three a palette entry), and the tolerance of every comparison (1e-3, as the seed's).
 */
export const SKINNING_DEFAULTS: Readonly<{ base: number; count: number; tolerance: number }> = Object.freeze({
  base: 39,
  count: 96,
  tolerance: 1e-3,
});

/**
 * The pose a palette is built for: `bind`, every bone's stored global bind; `runtime`, the world
 * pose of the runtime locals (the Skeleton's own transform in place of the root local).
 */
export type SkinPose = 'bind' | 'runtime';
/** Every {@link SkinPose}. */
export const SKIN_POSES: readonly SkinPose[] = ['bind', 'runtime'];
