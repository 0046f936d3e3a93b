/**
 * What `assemble` does (declared in commands/assemble.ts): finds the SkeletonComponents named,
 * indexes the Skeletons of the search paths by the object id in each file's header (never reading
 * a file whole to index it), reads only the Skeletons the components name, assembles each rig and
 * reports it as text or JSON, or writes it as glTF. A .forge archive among the paths gives its
 * SkeletonComponent and Skeleton records, each named `archive: entry N "name": resource I "name"`;
 * its Skeleton data files are read once to index them, and a named one again when it is needed, so
 * memory never holds every body of a big archive.
 */
import { findLayout } from '../../formats/registry.js';
import { dirname, extname } from 'node:path';
import { forgeEntryLabel, forgeResourceLabel } from '../../archive/forge-select.js';
import { readDataFile, type ForgeEntry, type ForgeResource } from '../../archive/forge.js';
import { CLASS } from '../../formats/classes.js';
import { classifyHeader, describeHeader, type HeaderClass } from '../../formats/resource.js';
import { assemble, type Assembly, type AssemblyAddonInput } from '../../analysis/assemble.js';
import type { SkeletonComponent } from '../../formats/anvilnext/component.js';
import { readResourceAs, type Resource, type ResourceKind } from '../../formats/resource.js';
import { ParseError } from '../../io/errors.js';
import { count } from '../../io/format.js';
import { skeletonFromResource } from '../../model/read.js';
import type { Skeleton, SkeletonBone } from '../../model/skeleton.js';
import type { NameDictionary } from '../../names/dictionary.js';
import { hex } from '../../names/hex.js';
import type { AssembleCommandOptions } from '../commands/assemble.js';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../errors.js';
import { walkInputs, type InputWalk } from '../files.js';
import { ArchiveRefusal, isForgeFile, openForgeFile, type OpenedForge } from '../forge-archive.js';
import { headerOfBytes, readInputFile, readResourceHeader, type HeaderRead } from '../input-file.js';
import { loadNameDictionary } from '../name-lists.js';
import { resourceReadOptions, type ResourceReadOptions } from '../read-options.js';
import { refuseUnsafeOutputs, writeFilesAtomic, type OutputFile } from '../write-file.js';

const gltfWriter = () => import('../../export/gltf.js');

const idText = (id: bigint): string => hex(id, 16);

/** One component's assembly in the JSON report. */
export interface AssemblyJson {
  component: string;
  id: string;
  mainSkeleton: { id: string; file: string | null };
  boneCount: number;
  bones: { index: number; nameHash: string; name: string | null; parent: number; source: string }[];
  joined: number;
  added: number;
  addons: { id: string; file: string | null; joined: number; added: number }[];
  missing: string[];
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

/** Where a Skeleton is: a file of its own, or a record of an archive's data file, re-read when needed. */
type SkeletonPlace = { label: string; path: string } | { label: string; archive: string; entry: ForgeEntry; index: number };

/** Skeletons of the search paths by object id: the first in walk order wins. */
interface SkeletonIndex {
  places: Map<bigint, SkeletonPlace>;
  /** Ids carried by more than one file or record: the first is used, the others are named in a warning. */
  duplicates: { id: bigint; used: string; other: string }[];
}

/** The id of the anvilnext Skeleton a header names, if it names one. */
function anvilnextSkeletonId(read: HeaderRead): bigint | undefined {
  if (read.kind !== 'resource') return undefined;
  // Components name anvilnext Skeletons: a scimitar id is another id space.
  return read.candidates.find((c) => c.header.kind === 'Skeleton' && findLayout(c.header.dialect)?.family === 'anvilnext')?.id;
}

async function indexSkeletons(walk: InputWalk, read: ResourceReadOptions, archives: OpenArchives): Promise<SkeletonIndex> {
  const places = new Map<bigint, SkeletonPlace>();
  const duplicates: SkeletonIndex['duplicates'] = [];
  const add = (id: bigint, place: SkeletonPlace): void => {
    const used = places.get(id);
    if (used === undefined) places.set(id, place);
    else duplicates.push({ id, used: used.label, other: place.label });
  };
  for (const file of walk.files) {
    if (isForgeFile(file.path)) {
      await archives.eachRecord(file.path, CLASS.Skeleton, (entry, index, resource) => {
        const id = anvilnextSkeletonId(headerOfBytes(resource.body, read.dialect));
        if (id !== undefined)
          add(id, { label: forgeResourceLabel(file.path, entry, index, resource.name), archive: file.path, entry, index });
      });
      continue;
    }
    const id = anvilnextSkeletonId(readResourceHeader(file.path, read.dialect));
    if (id !== undefined) add(id, { label: file.path, path: file.path });
  }
  return { places, duplicates };
}

interface Failure {
  file: string;
  message: string;
}

type Decoded<T> = { ok: true; value: T } | { ok: false; message: string };

function decodeFile(path: string, wanted: ResourceKind, read: ResourceReadOptions): Decoded<Resource> {
  const input = readInputFile(path, { dialect: read.dialect, maxSize: read.maxSize });
  if (input.kind === 'other') return { ok: false, message: input.description };
  if (input.kind === 'truncated') return { ok: false, message: input.refusal.message };
  if (input.kind === 'unreadable') return { ok: false, message: input.reason };
  return decodeBytes(input.bytes, input.header, wanted, read);
}

function decodeBytes(bytes: Uint8Array, header: HeaderClass, wanted: ResourceKind, read: ResourceReadOptions): Decoded<Resource> {
  if (header.kind !== wanted) return { ok: false, message: `is a ${header.kind}, not a ${wanted}` };
  try {
    return { ok: true, value: readResourceAs(bytes, header, { reading: read.reading }).resource };
  } catch (error) {
    if (error instanceof ParseError) return { ok: false, message: error.message };
    throw error;
  }
}

/** A record of an archive decoded as `wanted`; the record's class says what it is, so a body no layout reads is a refusal. */
function decodeRecord(body: Uint8Array, wanted: ResourceKind, read: ResourceReadOptions): Decoded<Resource> {
  const header = classifyHeader(body, read.dialect)[0];
  if (header === undefined)
    return {
      ok: false,
      message: `the record's class is ${wanted}, but its body is not one we read (${describeHeader(body, read.dialect)})`,
    };
  return decodeBytes(body, header, wanted, read);
}

/**
 * The archives of a run, each opened once and closed at the end. A refused archive table or data
 * file is a failure naming archive, entry and offset, and the rest is read.
 */
class OpenArchives {
  private readonly handles = new Map<string, OpenedForge | null>();
  /** The last data file read, since a component's Skeletons often share one. */
  private last: { archive: string; entry: number; resources: ForgeResource[] } | null = null;

  constructor(
    private readonly failures: Failure[],
    readonly everyDataFile: boolean,
  ) {}

  async open(path: string): Promise<OpenedForge | null> {
    if (this.handles.has(path)) return this.handles.get(path)!;
    let opened: OpenedForge | null = null;
    try {
      opened = await openForgeFile(path);
      for (const refusal of opened.forge.refusals) this.failures.push({ file: path, message: `refused at ${refusal.message}` });
    } catch (error) {
      // The messages name the archive already.
      const message =
        error instanceof ArchiveRefusal ? `archive refused at ${error.refusal.message}` : (error as Error).message.replace(`${path}: `, '');
      this.failures.push({ file: path, message });
    }
    this.handles.set(path, opened);
    return opened;
  }

  /** Whether the archive was opened (its tables read); false when refused or not tried. */
  isOpen(path: string): boolean {
    return this.handles.get(path) != null;
  }

  /** The records of one data file, or null when it is refused (a failure). */
  async dataFile(archive: string, entry: ForgeEntry): Promise<ForgeResource[] | null> {
    if (this.last?.archive === archive && this.last.entry === entry.number) return this.last.resources;
    const opened = await this.open(archive);
    if (opened === null) return null;
    try {
      const resources = (await readDataFile(opened.forge, entry)).resources;
      this.last = { archive, entry: entry.number, resources };
      return resources;
    } catch (error) {
      if (!(error instanceof ParseError)) throw error;
      this.failures.push({ file: `${archive}: ${forgeEntryLabel(entry)}`, message: `refused at ${error.message}` });
      return null;
    }
  }

  /**
   * Hands each record of class `cls` to `visit`, from the data files the index types `cls` (every
   * data file with --every-data-file); returns how many were handed.
   */
  async eachRecord(
    archive: string,
    cls: number,
    visit: (entry: ForgeEntry, index: number, resource: ForgeResource) => void,
  ): Promise<number> {
    const opened = await this.open(archive);
    if (opened === null) return 0;
    let visited = 0;
    for (const entry of opened.forge.entries) {
      if (!this.everyDataFile && entry.resourceType >>> 0 !== cls) continue;
      const resources = await this.dataFile(archive, entry);
      resources?.forEach((resource, index) => {
        if (resource.classHash >>> 0 !== cls) return;
        visited++;
        visit(entry, index, resource);
      });
    }
    // Indexing keeps no body: only the last data file is held, for the next read.
    this.last = null;
    return visited;
  }

  async closeAll(): Promise<void> {
    for (const opened of this.handles.values()) await opened?.close();
    this.handles.clear();
  }
}

/** The Skeletons the components name, each read once however many components name it. */
class SkeletonCache {
  private readonly loaded = new Map<bigint, Skeleton | null>();
  readonly failures: Failure[] = [];

  constructor(
    private readonly index: SkeletonIndex,
    private readonly read: ResourceReadOptions,
    private readonly archives: OpenArchives,
  ) {}

  fileOf(id: bigint): string | null {
    return this.index.places.get(id)?.label ?? null;
  }

  /** Reads the Skeletons carrying `ids` that are not read yet; a refused one is a failure, named once. */
  async load(ids: readonly bigint[]): Promise<void> {
    for (const id of ids) {
      if (this.loaded.has(id)) continue;
      const place = this.index.places.get(id);
      let skeleton: Skeleton | null = null;
      if (place !== undefined) {
        const decoded = await this.decode(place);
        if (decoded === null) skeleton = null;
        else if (decoded.ok && decoded.value.kind === 'Skeleton') skeleton = skeletonFromResource(decoded.value);
        else if (!decoded.ok) this.failures.push({ file: place.label, message: decoded.message });
      }
      this.loaded.set(id, skeleton);
    }
  }

  /** Null when the data file holding it is refused on this read (that refusal is the failure). */
  private async decode(place: SkeletonPlace): Promise<Decoded<Resource> | null> {
    if ('path' in place) return decodeFile(place.path, 'Skeleton', this.read);
    const resources = await this.archives.dataFile(place.archive, place.entry);
    const resource = resources?.[place.index];
    return resource === undefined ? null : decodeRecord(resource.body, 'Skeleton', this.read);
  }

  /** The Skeleton carrying `id` once loaded, or null when none does or its file is refused. */
  get(id: bigint): Skeleton | null {
    return this.loaded.get(id) ?? null;
  }
}

interface ComponentResult {
  file: string;
  component: SkeletonComponent;
  /** Null when the main skeleton is missing: there is no rig to start from. */
  assembly: Assembly | null;
}

async function assembleComponent(
  file: string,
  component: SkeletonComponent,
  cache: SkeletonCache,
  failures: Failure[],
): Promise<ComponentResult> {
  await cache.load([component.mainSkeleton.id, ...component.addons.map((a) => a.id)]);
  const main = cache.get(component.mainSkeleton.id);
  if (main === null) return { file, component, assembly: null };
  if (main.bones.length === 0) {
    failures.push({ file, message: `its main Skeleton ${idText(main.id)} (${cache.fileOf(main.id)}) has no bones: nothing to assemble` });
    return { file, component, assembly: null };
  }
  const addons: AssemblyAddonInput[] = component.addons.map((ref) => cache.get(ref.id) ?? ref.id);
  return { file, component, assembly: assemble(main, addons) };
}

function missingIds(result: ComponentResult, cache: SkeletonCache): bigint[] {
  if (result.assembly !== null) return result.assembly.missing;
  const { mainSkeleton, addons } = result.component;
  return [mainSkeleton.id, ...addons.map((a) => a.id)].filter((id) => cache.get(id) === null);
}

function toJson(result: ComponentResult, cache: SkeletonCache, names: NameDictionary): AssemblyJson {
  const { component, assembly } = result;
  const nameOf = (hash: number): string | null => names.resolve(hash);
  const hashText = (hash: number | null): string | null => (hash === null ? null : hex(hash, 8));
  return {
    component: result.file,
    id: idText(component.id),
    mainSkeleton: { id: idText(component.mainSkeleton.id), file: cache.fileOf(component.mainSkeleton.id) },
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
    addons: component.addons.map((ref, i) => ({
      id: idText(ref.id),
      file: assembly?.addons[i]?.found === true ? cache.fileOf(ref.id) : null,
      joined: assembly?.addons[i]?.joined ?? 0,
      added: assembly?.addons[i]?.added ?? 0,
    })),
    missing: missingIds(result, cache).map(idText),
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

function describeConflict(c: AssemblyJson['conflicts'][number]): string {
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

function summaryText(json: AssemblyJson): string {
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
  for (const c of json.conflicts) lines.push(`  conflict: ${describeConflict(c)}`);
  if (mainFile !== null) for (const id of json.missing) lines.push(`  missing: addon ${id}`);
  return lines.join('\n') + '\n';
}

interface Plan {
  output: { path: string; format: 'glb' | 'gltf' | 'json' } | null;
}

function planOutput(options: AssembleCommandOptions): Plan {
  if (options.output === undefined) return { output: null };
  if (options.output === '') throw new UsageError('assemble: -o needs a file name ending in .glb, .gltf or .json');
  const extension = extname(options.output).toLowerCase();
  const format = extension === '.glb' ? 'glb' : extension === '.gltf' ? 'gltf' : extension === '.json' ? 'json' : null;
  if (format === null) throw new UsageError(`assemble: the output must end in .glb, .gltf or .json, not '${options.output}'`);
  return { output: { path: options.output, format } };
}

/** A component to assemble: a file, decoded when its turn comes, or a record already decoded from an archive. */
type ComponentSource = { kind: 'file'; path: string } | { kind: 'record'; label: string; component: SkeletonComponent };

/**
 * Finds the components among the named paths, in walk order: a named file must be one, directories
 * give theirs, an archive its SkeletonComponent records (a named archive must hold one).
 */
async function findComponents(
  paths: readonly string[],
  read: ResourceReadOptions,
  walk: InputWalk,
  archives: OpenArchives,
  failures: Failure[],
): Promise<ComponentSource[]> {
  const found: ComponentSource[] = [];
  for (const problem of walk.problems) if (problem.failed) failures.push({ file: problem.path, message: problem.reason });
  for (const file of walk.files) {
    if (isForgeFile(file.path)) {
      const records = await archives.eachRecord(file.path, CLASS.SkeletonComponent, (entry, index, resource) => {
        const label = forgeResourceLabel(file.path, entry, index, resource.name);
        const decoded = decodeRecord(resource.body, 'SkeletonComponent', read);
        if (!decoded.ok) failures.push({ file: label, message: decoded.message });
        else if (decoded.value.kind === 'SkeletonComponent') found.push({ kind: 'record', label, component: decoded.value.record });
      });
      if (records === 0 && file.explicit && archives.isOpen(file.path))
        failures.push({
          file: file.path,
          message: archives.everyDataFile
            ? 'holds no SkeletonComponent record'
            : 'holds no SkeletonComponent record in its data files typed SkeletonComponent (--every-data-file reads them all)',
        });
      continue;
    }
    const header = readResourceHeader(file.path, read.dialect);
    const isComponent = header.kind === 'resource' && header.candidates.some((c) => c.header.kind === 'SkeletonComponent');
    if (isComponent) found.push({ kind: 'file', path: file.path });
    else if (file.explicit)
      failures.push({
        file: file.path,
        message:
          header.kind === 'other'
            ? header.description
            : header.kind === 'unreadable'
              ? header.reason
              : 'is a Skeleton, not a SkeletonComponent',
      });
  }
  if (found.length === 0 && failures.length === 0) throw new UsageError(`assemble: no SkeletonComponent in ${paths.join(', ')}`);
  return found;
}

export async function runAssemble(paths: string[], options: AssembleCommandOptions): Promise<void> {
  const read = resourceReadOptions(options);
  const plan = planOutput(options);
  const componentWalk = walkInputs(paths);
  const searchPaths = options.search ?? [...new Set(componentWalk.files.map((f) => dirname(f.path)))];
  const searchWalk = searchPaths.length > 0 ? walkInputs(searchPaths) : walkInputs([]);
  if (plan.output !== null) {
    await refuseUnsafeOutputs([{ path: plan.output.path, option: '-o' }], paths, 'assemble', componentWalk);
    await refuseUnsafeOutputs([{ path: plan.output.path, option: '-o' }], searchPaths, 'assemble', searchWalk);
  }
  const names = await loadNameDictionary(options.names ?? []);

  const failures: Failure[] = [];
  const archives = new OpenArchives(failures, options.everyDataFile === true);
  const results: ComponentResult[] = [];
  let cache: SkeletonCache;
  let sources: ComponentSource[];
  try {
    sources = await findComponents(paths, read, componentWalk, archives, failures);
    if (plan.output !== null && plan.output.format !== 'json' && sources.length !== 1)
      throw new UsageError(
        `assemble: -o ${plan.output.path} writes one rig, and ${count(sources.length, 'component')} were found; use -o FILE.json for several`,
      );
    for (const problem of searchWalk.problems) if (problem.failed) failures.push({ file: problem.path, message: problem.reason });

    const index = await indexSkeletons(searchWalk, read, archives);
    for (const d of index.duplicates)
      process.stderr.write(`anvil-skel: warning: id ${idText(d.id)} is carried by ${d.used} and ${d.other}; ${d.used} is used\n`);
    cache = new SkeletonCache(index, read, archives);

    for (const source of sources) {
      if (source.kind === 'record') {
        results.push(await assembleComponent(source.label, source.component, cache, failures));
        continue;
      }
      const decoded = decodeFile(source.path, 'SkeletonComponent', read);
      if (!decoded.ok) failures.push({ file: source.path, message: decoded.message });
      else if (decoded.value.kind === 'SkeletonComponent')
        results.push(await assembleComponent(source.path, decoded.value.record, cache, failures));
    }
  } finally {
    await archives.closeAll();
  }
  failures.push(...cache.failures);
  // An archive both searched and holding components, read whole with --every-data-file, is refused once.
  const seen = new Set<string>();
  const reported = failures.filter((f) => {
    const key = `${f.file}\0${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  failures.splice(0, failures.length, ...reported);

  const reports = results.map((r) => toJson(r, cache, names));
  // An archive, like a directory, gives the report of several even when it holds one component.
  const single =
    paths.length === 1 &&
    componentWalk.files.length === 1 &&
    componentWalk.files[0]!.explicit &&
    reports.length === 1 &&
    sources[0]?.kind === 'file';
  const summary = {
    components: reports.length,
    assembled: results.filter((r) => r.assembly !== null).length,
    withoutConflict: results.filter((r) => r.assembly !== null && r.assembly.conflicts.length === 0).length,
    complete: reports.filter((r) => r.missing.length === 0).length,
    failures: failures.map((f) => ({ file: f.file, message: f.message })),
  };
  const jsonReport = single ? { ...reports[0]!, failures: summary.failures } : { components: reports, summary };

  const writes: OutputFile[] = [];
  if (plan.output?.format === 'json') writes.push({ path: plan.output.path, data: `${JSON.stringify(jsonReport, null, 2)}\n` });
  else if (plan.output !== null) {
    const result = results[0];
    if (result?.assembly == null) {
      failures.push({ file: plan.output.path, message: 'not written: the main skeleton is missing, so there is no rig' });
    } else {
      const sources = reports[0]!.bones.map((b) => b.source);
      const exportOptions = {
        boneName: (bone: SkeletonBone) => names.resolve(bone.nameHash),
        boneSource: (bone: SkeletonBone) => sources[bone.index] ?? null,
      };
      const writer = await gltfWriter();
      writes.push({
        path: plan.output.path,
        data:
          plan.output.format === 'glb'
            ? await writer.exportGlb(result.assembly.skeleton, exportOptions)
            : await writer.exportGltfEmbedded(result.assembly.skeleton, exportOptions),
      });
    }
  }
  if (writes.length > 0) await writeFilesAtomic(writes);

  for (const f of failures) process.stderr.write(`${f.file}: ${f.message}\n`);
  if (options.json === true) process.stdout.write(`${JSON.stringify(jsonReport, null, 2)}\n`);
  else {
    for (const report of reports) process.stdout.write(summaryText(report));
    if (!single)
      process.stdout.write(
        `${count(summary.components, 'component')}: ${summary.assembled} assembled, ${summary.withoutConflict} without conflict, ${summary.complete} with every Skeleton found\n`,
      );
    for (const w of writes) process.stdout.write(`wrote ${w.path}\n`);
  }

  const mainMissing = results.some((r) => r.assembly === null);
  const addonMissing = results.some((r) => r.assembly !== null && r.assembly.missing.length > 0);
  const failed = failures.length > 0 || mainMissing || (addonMissing && options.allowMissing !== true);
  process.exitCode = failed ? EXIT_FAILED : EXIT_OK;
}
