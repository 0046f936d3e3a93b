/** The campaign's lanes: which reader runs on mutants of which seed inputs. Deterministic. */
import { layouts } from '../../src/formats/registry.js';
import type { Lane } from './campaign.js';
import { archiveSeeds, archiveTarget } from './archive-targets.js';
import { decoderLanes } from './decoder-targets.js';
import {
  commandsTarget,
  component,
  hashText,
  layoutSeeds,
  nameList,
  poseDump,
  poseFind,
  poseSkeletons,
  sampleSeeds,
  skeletonAnvilnext,
  skeletonAuto,
  skeletonScimitar,
  skeletonForced,
  textSeeds,
  withHeaderOf,
} from './targets.js';

/** A lane runs `weight` × --mutations mutants: the commands lane is slower per execution. */
export interface WeightedLane extends Lane {
  weight: number;
}

export function buildLanes(): WeightedLane[] {
  const seeds = sampleSeeds();
  // Forced lanes: their own layout's samples, plus the other layout's given a header that fits.
  const asAnvilnext = [...seeds.anvilnextSkeletons, ...seeds.scimitarSkeletons.map((b) => withHeaderOf(b, 'anvilnext'))];
  const asScimitar = [...seeds.scimitarSkeletons, ...seeds.anvilnextSkeletons.map((b) => withHeaderOf(b, 'scimitar'))];
  const text = textSeeds();
  const lanes: WeightedLane[] = [
    { label: 'skeleton (anvilnext samples)', target: skeletonAuto, seeds: seeds.anvilnextSkeletons, extension: 'bin', weight: 1 },
    { label: 'skeleton (scimitar samples)', target: skeletonAuto, seeds: seeds.scimitarSkeletons, extension: 'bin', weight: 1 },
    { label: 'skeleton-anvilnext forced, 4 readings', target: skeletonAnvilnext(), seeds: asAnvilnext, extension: 'bin', weight: 1 },
    { label: 'skeleton-scimitar forced', target: skeletonScimitar, seeds: asScimitar, extension: 'bin', weight: 1 },
    { label: 'component (component samples)', target: component, seeds: seeds.components, extension: 'bin', weight: 1 },
    {
      label: 'commands: spans, hex, glTF, census (all samples)',
      target: commandsTarget,
      seeds: seeds.all.map((f) => f.bytes),
      extension: 'bin',
      weight: 0.3,
    },
    { label: 'name-list', target: nameList, seeds: text.names, extension: 'txt', weight: 1 },
    { label: 'hash', target: hashText, seeds: text.hashes, extension: 'txt', weight: 1 },
  ];
  // Every registered layout without samples of its own (the sibling titles'): forced, on the rigs it writes.
  for (const layout of layouts().filter((l) => l.source !== 'seed')) {
    lanes.push({
      label: `skeleton-${layout.name} forced`,
      target: skeletonForced(layout),
      seeds: layoutSeeds(layout),
      extension: 'bin',
      weight: 0.5,
    });
  }
  for (const { variant, skeleton } of poseSkeletons()) {
    const dumps = [1, 2, 3].map((k) => poseDump(skeleton, k));
    lanes.push({
      label: `pose-find (${variant}, ${skeleton.bones.length} bones)`,
      target: poseFind(skeleton, variant),
      seeds: dumps,
      extension: 'bin',
      weight: 1,
    });
  }
  // The .forge container: tables, index chain, data files and the Skeletons inside.
  lanes.push({
    label: 'forge archive (versions 25 and 27, the samples inside)',
    target: archiveTarget,
    seeds: archiveSeeds(),
    extension: 'bin',
    weight: 0.5,
  });
  // The archive's block decoders: a declared size, then the stream.
  for (const { target, seeds: streams } of decoderLanes()) {
    lanes.push({ label: `${target.name} block decoder`, target, seeds: streams, extension: 'bin', weight: 1 });
  }
  return lanes;
}
