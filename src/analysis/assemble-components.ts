/**
 * Assembling SkeletonComponents against a set of Skeletons found by object id: the workflow the
 * `assemble` command and the viewer's Assembly tab share. Where the components and Skeletons come
 * from (files, archive records, a page's held files) is the caller's; this module indexes them by
 * id (the first place carrying an id wins), reads each Skeleton at most once, and gives each
 * component's assembly with the address of every Skeleton it used, as data. Browser-safe.
 */
import type { SkeletonComponent } from '../formats/anvilnext/component.js';
import { findLayout } from '../formats/registry.js';
import type { HeaderClass } from '../formats/resource.js';
import { formatAddress, type ResourceAddress } from '../io/address.js';
import type { Skeleton } from '../model/skeleton.js';
import { hex } from '../names/hex.js';
import { assemble, type Assembly } from './assemble.js';

/**
 * The id of the anvilnext Skeleton a header names, among the class and id candidates
 * `resourceIdentities` gives for it; undefined when it names none. Components name anvilnext
 * Skeletons only: a scimitar id is another id space. Never throws.
 */
export function anvilnextSkeletonId(candidates: readonly { header: HeaderClass; id: bigint }[]): bigint | undefined {
  return candidates.find((c) => c.header.kind === 'Skeleton' && findLayout(c.header.dialect)?.family === 'anvilnext')?.id;
}

/** An id carried by more than one place: the first (`used`) is used, the other is named in a warning. */
export interface SkeletonDuplicate {
  /** The object id carried twice. */
  id: bigint;
  /** The place that carries it first, and is used. */
  used: ResourceAddress;
  /** A later place carrying the same id, ignored. */
  other: ResourceAddress;
}

/**
 * Where the Skeletons are, by object id: the first place added for an id wins, and every later one
 * is kept as a {@link SkeletonDuplicate}. A place is whatever its owner needs to read the Skeleton
 * again (a path, an archive entry and record index, bytes held), with its address.
 */
export class SkeletonIndex<Place extends { address: ResourceAddress }> {
  /** The place of each id, the first added. */
  readonly places = new Map<bigint, Place>();
  /** Ids added more than once, in the order the later places were added. */
  readonly duplicates: SkeletonDuplicate[] = [];

  /** Records `place` as carrying `id`, unless an earlier place does (then it is a duplicate). */
  add(id: bigint, place: Place): void {
    const used = this.places.get(id);
    if (used === undefined) this.places.set(id, place);
    else this.duplicates.push({ id, used: used.address, other: place.address });
  }

  /** The place carrying `id`, if one does. */
  get(id: bigint): Place | undefined {
    return this.places.get(id);
  }
}

/**
 * A Skeleton found for an id: where it is, and the model, or null when it is there but could not be
 * read (the lookup reports that refusal its own way).
 */
export interface FoundSkeleton {
  /** The file or archive record carrying the id. */
  address: ResourceAddress;
  /** The Skeleton read there, or null when it was refused. */
  skeleton: Skeleton | null;
}

/** Finds the Skeleton carrying an id: null when no place carries it (or the place is skipped). */
export type SkeletonLookup = (id: bigint) => FoundSkeleton | null | Promise<FoundSkeleton | null>;

/** `lookup`, asked at most once per id: a Skeleton named by several components is read once. */
export function cachedSkeletonLookup(lookup: SkeletonLookup): SkeletonLookup {
  const found = new Map<bigint, FoundSkeleton | null>();
  return async (id) => {
    if (!found.has(id)) found.set(id, await lookup(id));
    return found.get(id)!;
  };
}

/** A SkeletonComponent to assemble, with where it was read. */
export interface ComponentSource {
  /** The file or archive record holding the component. */
  address: ResourceAddress;
  /** The decoded component. */
  component: SkeletonComponent;
}

/** Why a component whose main Skeleton was found is not assembled. */
export interface AssemblyProblem {
  /** `main-without-bones`: its main Skeleton holds no bone, so there is no rig to start from. */
  kind: 'main-without-bones';
  /** The problem in words: `its main Skeleton 0x… (address) has no bones: nothing to assemble`. */
  message: string;
}

/** One component's assembly, with the address of every Skeleton it names. */
export interface ComponentAssembly {
  /** Where the component was read. */
  address: ResourceAddress;
  /** The component itself. */
  component: SkeletonComponent;
  /** The main Skeleton's id, and where it was found (null when no place carries it). */
  main: { id: bigint; address: ResourceAddress | null };
  /** Per addon in the component's order: where its Skeleton was read (null when missing or refused), and what it gave. */
  addons: { id: bigint; address: ResourceAddress | null; joined: number; added: number }[];
  /** The assembled rig and report; null when the main Skeleton is missing, refused or has no bones. */
  assembly: Assembly | null;
  /** Ids named by the component for which no Skeleton was read (all of them when nothing was assembled). */
  missing: bigint[];
  /** Why the component is not assembled although its main Skeleton was read, else null. */
  problem: AssemblyProblem | null;
}

/**
 * Assembles one component with {@link assemble}: its main Skeleton and addons as `found` gives them
 * (a lookup of Skeletons already read, for a caller that holds them all). Never throws.
 */
export function assembleComponent(source: ComponentSource, found: (id: bigint) => FoundSkeleton | null): ComponentAssembly {
  const { component } = source;
  const main = found(component.mainSkeleton.id);
  const addons = component.addons.map((ref) => found(ref.id));
  const ids = [component.mainSkeleton.id, ...component.addons.map((a) => a.id)];
  const all = [main, ...addons];
  const base = { address: source.address, component, main: { id: component.mainSkeleton.id, address: main?.address ?? null } };
  const addonRows = (assembly: Assembly | null): ComponentAssembly['addons'] =>
    component.addons.map((ref, i) => ({
      id: ref.id,
      address: addons[i]?.skeleton != null ? addons[i]!.address : null,
      joined: assembly?.addons[i]?.joined ?? 0,
      added: assembly?.addons[i]?.added ?? 0,
    }));
  const unassembled = (problem: AssemblyProblem | null): ComponentAssembly => ({
    ...base,
    addons: addonRows(null),
    assembly: null,
    missing: ids.filter((_, i) => all[i]?.skeleton == null),
    problem,
  });
  const mainSkeleton = main?.skeleton ?? null;
  if (mainSkeleton === null) return unassembled(null);
  if (mainSkeleton.bones.length === 0) {
    const message = `its main Skeleton ${hex(mainSkeleton.id, 16)} (${formatAddress(main!.address)}) has no bones: nothing to assemble`;
    return unassembled({ kind: 'main-without-bones', message });
  }
  const assembly = assemble(
    mainSkeleton,
    component.addons.map((ref, i) => addons[i]?.skeleton ?? ref.id),
  );
  return { ...base, addons: addonRows(assembly), assembly, missing: assembly.missing, problem: null };
}

/**
 * Assembles each component in order, as {@link assembleComponent}, its main Skeleton and addons
 * looked up by id through `lookup` (main first, then the addons, in the component's order; wrap it
 * in {@link cachedSkeletonLookup} to read each once). A component is taken from `components` only
 * when the previous one is assembled, so a caller decoding them lazily reports in order. Never
 * throws but what `lookup` or `components` throw.
 */
export async function assembleComponents(
  components: Iterable<ComponentSource> | AsyncIterable<ComponentSource>,
  lookup: SkeletonLookup,
): Promise<ComponentAssembly[]> {
  const results: ComponentAssembly[] = [];
  for await (const source of components) {
    const found = new Map<bigint, FoundSkeleton | null>();
    for (const id of [source.component.mainSkeleton.id, ...source.component.addons.map((a) => a.id)])
      if (!found.has(id)) found.set(id, await lookup(id));
    results.push(assembleComponent(source, (id) => found.get(id) ?? null));
  }
  return results;
}
