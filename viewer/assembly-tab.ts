/**
 * The Assembly tab, with the library's public API only: `assembleComponent` over the
 * SkeletonComponents among the listed and opened files, their Skeletons indexed by object id among
 * the same files (as the `assemble` command indexes its search paths).
 */
import {
  assembleComponent,
  classifyHeader,
  findLayout,
  readResource,
  skeletonFromResource,
  SkeletonIndex,
  type Assembly,
  type AssemblyConflict,
  type ComponentSource,
  type ResourceAddress,
  type Skeleton,
} from '../src/index.js';
import type { ReadSettings } from './analysis.js';
import { cells, el, fileLink, fixed, plural, tableOf, type FileRef } from './dom.js';

/** A file the page holds: its list id, shown name and bytes. */
export interface HeldFile {
  id: string;
  name: string;
  bytes: Uint8Array;
}

/** One component's assembly as the Assembly tab shows it. */
export interface ComponentAssembly {
  component: FileRef;
  componentId: bigint;
  mainId: bigint;
  /** The file carrying the main Skeleton, or null when none of the files does. */
  main: FileRef | null;
  /** Per addon in the component's order: the file carrying it, or null when missing. */
  addons: { id: bigint; file: FileRef | null; joined: number; added: number }[];
  /** Null when the main Skeleton is missing or has no bones (`problem` says which). */
  assembly: Assembly | null;
  problem: string | null;
}

const idText = (id: bigint): string => `0x${id.toString(16).toUpperCase().padStart(16, '0')}`;

/**
 * Every SkeletonComponent among `files` assembled: the Skeletons indexed by the model's object id
 * (the first file carrying an id wins, as in the `assemble` command), of the `anvilnext` family
 * only, since components name that family's ids. Files that are not resources or are refused are
 * left out here (the census reports them).
 */
export function assembleHeldFiles(files: readonly HeldFile[], settings: ReadSettings): ComponentAssembly[] {
  const dialect = settings.dialect ?? undefined;
  const skeletons = new SkeletonIndex<{ address: ResourceAddress; skeleton: Skeleton }>();
  const components: ComponentSource[] = [];
  // Each address made here is the one the results carry back: the file it stands for.
  const fileOf = new Map<ResourceAddress, FileRef>();
  for (const file of files) {
    if (classifyHeader(file.bytes, dialect).length === 0) continue;
    let read;
    try {
      read = readResource(file.bytes, { dialect, reading: settings.reading });
    } catch {
      continue;
    }
    if (read === null) continue;
    const address: ResourceAddress = { file: file.name };
    fileOf.set(address, { id: file.id, name: file.name });
    if (read.resource.kind === 'SkeletonComponent') components.push({ address, component: read.resource.record });
    else if (findLayout(read.resource.dialect)?.family === 'anvilnext') {
      const skeleton = skeletonFromResource(read.resource);
      skeletons.add(skeleton.id, { address, skeleton });
    }
  }
  const ref = (address: ResourceAddress | null): FileRef | null => (address === null ? null : (fileOf.get(address) ?? null));
  return components.map((source): ComponentAssembly => {
    const result = assembleComponent(source, (id) => skeletons.get(id) ?? null);
    return {
      component: ref(result.address)!,
      componentId: result.component.id,
      mainId: result.main.id,
      main: ref(result.main.address),
      addons: result.addons.map((a) => ({ id: a.id, file: ref(a.address), joined: a.joined, added: a.added })),
      assembly: result.assembly,
      problem: result.problem?.message ?? null,
    };
  });
}

/** What assembly needs to know of a record: a component and the Skeleton ids it names, or a Skeleton's object id. */
export type AssemblyRole = { kind: 'component'; names: bigint[] } | { kind: 'skeleton'; id: bigint };

/**
 * What a record is to {@link assembleHeldFiles}: a SkeletonComponent (and the ids of its main
 * Skeleton and addons), an `anvilnext` Skeleton (its object id), or null for a record it leaves
 * out (not a resource, refused, of another family). Lets a caller keep only the bodies assembly
 * needs: the components, and the Skeletons they name.
 */
export function assemblyRole(bytes: Uint8Array, settings: ReadSettings): AssemblyRole | null {
  const dialect = settings.dialect ?? undefined;
  if (classifyHeader(bytes, dialect).length === 0) return null;
  let read;
  try {
    read = readResource(bytes, { dialect, reading: settings.reading });
  } catch {
    return null;
  }
  if (read === null) return null;
  if (read.resource.kind === 'SkeletonComponent') {
    const component = read.resource.record;
    return { kind: 'component', names: [component.mainSkeleton.id, ...component.addons.map((a) => a.id)] };
  }
  if (findLayout(read.resource.dialect)?.family !== 'anvilnext') return null;
  return { kind: 'skeleton', id: skeletonFromResource(read.resource).id };
}

/** What a conflict disagrees on, in words. */
export function describeConflict(c: AssemblyConflict, name: (hash: number) => string): string {
  const hash = (h: number | null): string => (h === null ? 'none' : name(h));
  switch (c.kind) {
    case 'transform':
      return `local transform differs by ${c.error === null ? 'a non-finite amount' : fixed(c.error)} (tolerance 1e-3)`;
    case 'parent':
      return `parent ${hash(c.addonParent)} in the addon, ${c.rigParent === null ? 'none (the root)' : name(c.rigParent)} in the rig`;
    default:
      return `its parent ${c.addonParent === null ? '(none: the addon root)' : name(c.addonParent)} is in no rig bone; attached to the root`;
  }
}

/** The Assembly tab: one section per component. */
export function renderAssemblies(
  view: HTMLElement,
  results: readonly ComponentAssembly[],
  name: (hash: number) => string,
  show3d: (result: ComponentAssembly) => void,
): void {
  view.replaceChildren(el('h1', '', 'Assembly of the components listed'));
  if (results.length === 0) {
    view.append(el('p', 'empty-note', 'No SkeletonComponent among the files listed or opened.'));
    return;
  }
  for (const r of results) {
    const section = el('section', 'assembly');
    section.dataset.component = r.component.id;
    const title = el('h2');
    title.append(fileLink(r.component), ` (${idText(r.componentId)})`);
    section.append(title);
    const main = el('p', 'assembly-main');
    if (r.main === null) {
      main.append(
        'main ',
        el('code', '', idText(r.mainId)),
        ': ',
        el('span', 'bad missing', 'missing'),
        ' (no Skeleton among the files carries it); nothing assembled',
      );
    } else {
      const mainBones = r.assembly?.bones.filter((b) => b.source === 'main').length ?? 0;
      main.append('main ', el('code', '', idText(r.mainId)), ' ', fileLink(r.main), `: ${plural(mainBones, 'bone')}`);
    }
    section.append(main);
    if (r.problem !== null) section.append(el('div', 'failure', r.problem));
    if (r.addons.length > 0) {
      const { table, body } = tableOf(['addon', 'file', 'joined', 'added'], 'assembly-addons');
      for (const a of r.addons) {
        const row = body.insertRow();
        row.dataset.addon = idText(a.id);
        row.className = a.file === null ? 'addon-missing' : 'addon-found';
        const file = a.file === null ? el('span', 'bad missing', 'missing') : fileLink(a.file);
        cells(row, [idText(a.id), file, a.file === null ? '—' : String(a.joined), a.file === null ? '—' : String(a.added)]);
      }
      section.append(table);
    } else section.append(el('p', 'empty-note', 'no addons'));
    const a = r.assembly;
    if (a !== null) {
      const mainBones = a.bones.length - a.added;
      const totals = el(
        'p',
        'assembly-totals',
        `${plural(a.bones.length, 'bone')}: ${mainBones} main, ${a.added} added; ${a.joined} joined; ${plural(a.conflicts.length, 'conflict')}; ${a.missing.length} missing`,
      );
      totals.dataset.bones = String(a.bones.length);
      totals.dataset.added = String(a.added);
      totals.dataset.joined = String(a.joined);
      totals.dataset.missing = String(a.missing.length);
      section.append(totals);
      const button = el('button', 'show-assembly', 'show the assembled rig in 3D');
      button.type = 'button';
      button.addEventListener('click', () => show3d(r));
      section.append(button);
      for (const id of a.missing)
        section.append(
          el('div', 'failure missing-addon', `missing: addon ${idText(id)} (no Skeleton among the files carries it; it adds nothing)`),
        );
      if (a.conflicts.length > 0) {
        const { table, body } = tableOf(['kind', 'bone', 'addon', 'message'], 'assembly-conflicts');
        for (const c of a.conflicts)
          cells(body.insertRow(), [c.kind, `${c.bone} ${name(c.nameHash)}`, idText(c.addon), describeConflict(c, name)]);
        section.append(table);
      }
    }
    view.append(section);
  }
}
