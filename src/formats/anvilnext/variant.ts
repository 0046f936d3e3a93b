/**
 * How the titles of the `anvilnext` family differ from the seed's layout (our reading of what
 * public readers describe): the header, the bytes between the mirror pointer and the enum, and the tail. One
 * builder per structure takes the variant, so the seed's layout and its siblings share every
 * declaration they have in common.
 */
import type { Confidence } from '../../grammar/index.js';

/** The differences of one title's layout from the seed's. */
export interface AnvilnextVariant {
  /** `seed`: u64 id, class, u8, u32 SkeletonType. `unity`: u8 1, u64 id, class, u32 kept raw. */
  header: 'seed' | 'unity';
  /** Whether a BoneDisplayData pointer comes before the transforms (the seed's layout only). */
  displayData: boolean;
  /** Whether a second u8 follows the first, before the u32 enum (Breakpoint). */
  secondByte: boolean;
  /**
   * `seed`: the BoneModifier array is empty in every checked bone and must be. `by-class`: sibling
   * titles store modifiers whose fields are not known: one is refused naming its class.
   * `wildlands`: the modifiers are read by class as Wildlands' public reader reads them (its
   * common part; another title's, Unity's, is four bytes shorter, so this is not theirs).
   */
  modifiers: 'empty' | 'by-class' | 'wildlands';
  /**
   * The names of the Bone fields the seed leaves unnamed (`unknownByte`, `enumValue`, `words`,
   * `constantWord`, `constantFloat`): the seed's (absent: `seed`), or `peer`, the names a public
   * reader of the sibling titles gives them (`solvingPriority`, `mirroringType`, `dependencies`,
   * `wrinkleCategory`, `wrinkleFactor`). The bytes are the same.
   */
  boneNames?: 'seed' | 'peer';
  /**
   * After the two f32: `seed` the Reflex3SkeletonConstraints byte buffer and the counted u32 array;
   * `unity` nothing (the file ends); `breakpoint` the Reflex3 constraints pointer, then the array.
   */
  tail: 'seed' | 'unity' | 'breakpoint';
  /** The confidence a field the seed labels `seed` carries in this layout. */
  label(seed: Confidence): Confidence;
}

/** The seed's own layout: every label as the seed gives it. */
export const SEED_VARIANT: AnvilnextVariant = {
  header: 'seed',
  displayData: true,
  secondByte: false,
  modifiers: 'empty',
  tail: 'seed',
  label: (seed) => seed,
};
