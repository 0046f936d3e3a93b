/**
 * A component's assembly as the `assemble` command reports it: the JSON object of one component,
 * and its lines of text. Browser-safe.
 */
import type { ComponentAssembly } from '../analysis/assemble-components.js';
import { formatAddress, type ResourceAddress } from '../io/address.js';
import { count } from '../io/format.js';
import type { NameDictionary } from '../names/dictionary.js';
import { hex } from '../names/hex.js';

const idText = (id: bigint): string => hex(id, 16);

/** One component's assembly in the JSON report. */
export interface AssemblyJson {
  /** The component's address in words. */
  component: string;
  /** The component's id in hex. */
  id: string;
  /** The main Skeleton's id, and the file or record carrying it (null when none does). */
  mainSkeleton: { id: string; file: string | null };
  /** Bones of the assembled rig (0 when nothing was assembled). */
  boneCount: number;
  /** Each bone of the rig: its name hash and name, parent, and `main` or the id of the addon that added it. */
  bones: { index: number; nameHash: string; name: string | null; parent: number; source: string }[];
  /** Addon bones that joined a rig bone. */
  joined: number;
  /** Addon bones appended. */
  added: number;
  /** Each addon: its id, where its Skeleton was read (null when missing), what it gave. */
  addons: { id: string; file: string | null; joined: number; added: number }[];
  /** Ids of the Skeletons not read, in hex. */
  missing: string[];
  /** Every disagreement between an addon and the rig. */
  conflicts: {
    bone: number;
    name: string | null;
    nameHash: string;
    addon: string;
    kind: string;
    error: number | null;
    addonParent: string | null;
    rigParent: string | null;
  }[];
}

/**
 * One component's assembly as the `assemble` command's JSON gives it: ids and hashes in hex, each
 * Skeleton named by its address (none for the addons of a component not assembled), bone names
 * resolved by `names` (null when unknown). Never throws.
 */
export function assemblyJson(result: ComponentAssembly, names: Pick<NameDictionary, 'resolve'>): AssemblyJson {
  const { component, assembly } = result;
  const nameOf = (hash: number): string | null => names.resolve(hash);
  const hashText = (hash: number | null): string | null => (hash === null ? null : hex(hash, 8));
  const fileOf = (address: ResourceAddress | null): string | null => (address === null ? null : formatAddress(address));
  return {
    component: formatAddress(result.address),
    id: idText(component.id),
    mainSkeleton: { id: idText(component.mainSkeleton.id), file: fileOf(result.main.address) },
    boneCount: assembly?.bones.length ?? 0,
    bones: (assembly?.bones ?? []).map((b) => ({
      index: b.index,
      nameHash: hex(b.nameHash, 8),
      name: nameOf(b.nameHash),
      parent: b.parent,
      source: b.source === 'main' ? 'main' : idText(b.source),
    })),
    joined: assembly?.joined ?? 0,
    added: assembly?.added ?? 0,
    addons: result.addons.map((addon) => ({
      id: idText(addon.id),
      // Unassembled, a component's addons went nowhere: the report names no file for them.
      file: assembly === null ? null : fileOf(addon.address),
      joined: addon.joined,
      added: addon.added,
    })),
    missing: result.missing.map(idText),
    conflicts: (assembly?.conflicts ?? []).map((c) => ({
      bone: c.bone,
      name: nameOf(c.nameHash),
      nameHash: hex(c.nameHash, 8),
      addon: idText(c.addon),
      kind: c.kind,
      error: c.error,
      addonParent: hashText(c.addonParent),
      rigParent: hashText(c.rigParent),
    })),
  };
}

/** A conflict in words: the bone, the addon and what disagrees. Never throws. */
export function describeAssemblyConflict(c: AssemblyJson['conflicts'][number]): string {
  const bone = `bone ${c.bone} (${c.name ?? c.nameHash})`;
  switch (c.kind) {
    case 'transform':
      return `${bone}, addon ${c.addon}: local transform differs by ${c.error === null ? 'a non-finite amount' : c.error.toPrecision(3)} (tolerance 1e-3)`;
    case 'parent':
      return `${bone}, addon ${c.addon}: parent ${c.addonParent} in the addon, ${c.rigParent ?? 'none (the root)'} in the rig`;
    default:
      return `${bone}, addon ${c.addon}: its parent ${c.addonParent ?? '(none: the addon root)'} is in no rig bone; attached to the root`;
  }
}

/** One component's assembly as `assemble` prints it: the main Skeleton, each addon, the totals, conflicts and missing addons. Never throws. */
export function assemblySummaryText(json: AssemblyJson): string {
  const lines: string[] = [];
  lines.push(`${json.component} (${json.id})`);
  const mainFile = json.mainSkeleton.file;
  if (mainFile === null) {
    lines.push(`  main ${json.mainSkeleton.id}: missing (no Skeleton in the search paths carries it); nothing assembled`);
  } else {
    const mainBones = json.bones.filter((b) => b.source === 'main').length;
    lines.push(`  main ${json.mainSkeleton.id} ${mainFile}: ${count(mainBones, 'bone')}`);
    for (const addon of json.addons) {
      if (addon.file === null) lines.push(`  addon ${addon.id}: missing`);
      else lines.push(`  addon ${addon.id} ${addon.file}: ${addon.joined} joined, ${addon.added} added`);
    }
    lines.push(
      `  ${count(json.boneCount, 'bone')}: ${mainBones} main, ${json.added} added; ${json.joined} joined; ${count(json.conflicts.length, 'conflict')}; ${json.missing.length} missing`,
    );
  }
  for (const c of json.conflicts) lines.push(`  conflict: ${describeAssemblyConflict(c)}`);
  if (mainFile !== null) for (const id of json.missing) lines.push(`  missing: addon ${id}`);
  return lines.join('\n') + '\n';
}

/** The totals of a run over several components, and what failed (a file, or an address in words, with its message). */
export interface AssemblyRunSummary {
  /** Components found. */
  components: number;
  /** Components assembled. */
  assembled: number;
  /** Assembled without a conflict. */
  withoutConflict: number;
  /** With every Skeleton they name found. */
  complete: number;
  /** What could not be read, in order. */
  failures: { file: string; message: string }[];
}

/** The totals of `results`, with `failures` copied as they are now. Never throws. */
export function assemblyRunSummary(
  results: readonly ComponentAssembly[],
  failures: readonly { file: string; message: string }[],
): AssemblyRunSummary {
  return {
    components: results.length,
    assembled: results.filter((r) => r.assembly !== null).length,
    withoutConflict: results.filter((r) => r.assembly !== null && r.assembly.conflicts.length === 0).length,
    complete: results.filter((r) => r.missing.length === 0).length,
    failures: failures.map((f) => ({ file: f.file, message: f.message })),
  };
}

/** The totals line `assemble` prints after several components. Never throws. */
export function assemblyRunSummaryText(summary: AssemblyRunSummary): string {
  return `${count(summary.components, 'component')}: ${summary.assembled} assembled, ${summary.withoutConflict} without conflict, ${summary.complete} with every Skeleton found\n`;
}
