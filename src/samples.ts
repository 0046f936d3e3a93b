/**
 * `anvil-skeleton/samples`: the synthetic sample corpus. Every file is written by this package's
 * own writer from invented rigs (no game data): the bundled corpus, and an inventory-scale corpus
 * with the seed's counts, the same bytes for the same seed.
 *
 * @packageDocumentation
 */
export { sampleCorpus, sampleNames, sampleSkeletons, type SampleFile } from './samples/corpus.js';
export {
  INVENTORY_DEFAULT_SEED,
  INVENTORY_TARGETS,
  inventoryCorpus,
  inventoryFileCount,
  type InventoryOptions,
} from './samples/inventory.js';
export { addonRigs, bikeRig, riderRig, skaterRig } from './samples/rigs.js';
export { rigToSkeleton, type Rig, type RigBone } from './samples/rig.js';
export { inventoryReadme, sampleNamesFile, samplesReadme } from './samples/readme.js';
