/**
 * What `assemble` does (declared in commands/assemble.ts): finds the SkeletonComponents named,
 * indexes the Skeletons of the search paths by the object id in each file's header (never reading
 * a file whole to index it), reads only the Skeletons the components name, assembles each rig and
 * reports it as text or JSON, or writes it as glTF. A .forge archive among the paths gives its
 * SkeletonComponent and Skeleton records, each named `archive: entry N "name": resource I "name"`;
 * its Skeleton data files are read once to index them, and a named one again when it is needed, so
 * memory never holds every body of a big archive.
 */
import { forgeOpenOptions } from '../options.js';
import { dirname, extname } from 'node:path';
import { forgeResourceAddress } from '../../archive/forge-address.js';
import { formatAddress, type ResourceAddress } from '../../io/address.js';
import { CLASS } from '../../formats/classes.js';
import { assembleComponents, type ComponentAssembly } from '../../analysis/assemble-components.js';
import type { SkeletonComponent } from '../../formats/anvilnext/component.js';
import { count } from '../../io/format.js';
import type { SkeletonBone } from '../../model/skeleton.js';
import { assemblyJson, assemblyRunSummary, assemblyRunSummaryText, assemblySummaryText } from '../../export/assembly-report.js';
import { hex } from '../../names/hex.js';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../errors.js';
import { walkInputs, type InputWalk } from '../files.js';
import { isForgeFile } from '../forge-archive.js';
import { oversizeReason, readResourceHeader } from '../input-file.js';
import { loadNameDictionary, nameListFiles } from '../name-lists.js';
import { resourceReadOptions, type ResourceReadOptions } from '../read-options.js';
import { GLTF_OUTPUT, JSON_OUTPUT, refuseUnsafeOutputs, writeFilesAtomic, type OutputFile, type PlannedOutput } from '../write-file.js';
import { decodeFile, decodeRecord, indexSkeletons, OpenArchives, skeletonLookup, type Failure } from '../assemble-sources.js';
import type { ForceOptionValues, ForgeProfileValues, ResourceOptionValues } from '../options.js';

/** What commander hands the action. */
export interface AssembleCommandOptions extends ResourceOptionValues, ForceOptionValues, ForgeProfileValues {
  search?: string[];
  output?: string;
  json?: boolean;
  allowMissing?: boolean;
  names?: string[];
  everyDataFile?: boolean;
}

const gltfWriter = () => import('../../export/gltf.js');

const idText = (id: bigint): string => hex(id, 16);

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
type FoundComponent = { kind: 'file'; path: string } | { kind: 'record'; address: ResourceAddress; component: SkeletonComponent };

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
): Promise<FoundComponent[]> {
  const found: FoundComponent[] = [];
  for (const problem of walk.problems) if (problem.failed) failures.push({ file: problem.path, message: problem.reason });
  for (const file of walk.files) {
    if (isForgeFile(file.path)) {
      const records = await archives.eachRecord(file.path, CLASS.SkeletonComponent, (entry, index, resource) => {
        const address = forgeResourceAddress(file.path, entry, index, resource.name);
        const decoded = decodeRecord(resource.body, 'SkeletonComponent', read);
        if (!decoded.ok) failures.push({ file: formatAddress(address), message: decoded.message });
        else if (decoded.value.kind === 'SkeletonComponent') found.push({ kind: 'record', address, component: decoded.value.record });
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
    // Found in a folder, a component over --max-size is skipped with its reason, as every command skips one.
    const tooLarge = isComponent && !file.explicit ? oversizeReason(file.path, 'SkeletonComponent', read.maxSize) : null;
    if (tooLarge !== null) process.stderr.write(`anvil-skel: skipped ${file.path}: ${tooLarge}\n`);
    else if (isComponent) found.push({ kind: 'file', path: file.path });
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
  const force = options.force === true;
  const output: PlannedOutput | null =
    plan.output === null ? null : { path: plan.output.path, option: '-o', kind: plan.output.format === 'json' ? JSON_OUTPUT : GLTF_OUTPUT };
  if (output !== null) {
    await refuseUnsafeOutputs([output], [...paths, ...nameListFiles(options.names)], 'assemble', componentWalk, { force });
    await refuseUnsafeOutputs([output], searchPaths, 'assemble', searchWalk, { force });
  }
  const names = await loadNameDictionary(options.names ?? []);

  const failures: Failure[] = [];
  const archives = new OpenArchives(failures, options.everyDataFile === true, forgeOpenOptions(options));
  const lookupFailures: Failure[] = [];
  const results: ComponentAssembly[] = [];
  let sources: FoundComponent[];
  try {
    sources = await findComponents(paths, read, componentWalk, archives, failures);
    if (plan.output !== null && plan.output.format !== 'json' && sources.length !== 1)
      throw new UsageError(
        `assemble: -o ${plan.output.path} writes one rig, and ${count(sources.length, 'component')} were found; use -o FILE.json for several`,
      );
    for (const problem of searchWalk.problems) if (problem.failed) failures.push({ file: problem.path, message: problem.reason });

    const index = await indexSkeletons(searchWalk, read, archives);
    for (const d of index.duplicates) {
      const [used, other] = [formatAddress(d.used), formatAddress(d.other)];
      process.stderr.write(`anvil-skel: warning: id ${idText(d.id)} is carried by ${used} and ${other}; ${used} is used\n`);
    }
    const lookup = skeletonLookup(index, read, archives, lookupFailures);

    for (const source of sources) {
      let component: SkeletonComponent;
      if (source.kind === 'record') component = source.component;
      else {
        const decoded = decodeFile(source.path, 'SkeletonComponent', read);
        if (!decoded.ok) failures.push({ file: source.path, message: decoded.message });
        if (!decoded.ok || decoded.value.kind !== 'SkeletonComponent') continue;
        component = decoded.value.record;
      }
      const address = source.kind === 'record' ? source.address : { file: source.path };
      // One at a time, so that a component's problem is reported in its turn.
      const [result] = await assembleComponents([{ address, component }], lookup);
      if (result!.problem !== null) failures.push({ file: formatAddress(address), message: result!.problem.message });
      results.push(result!);
    }
  } finally {
    await archives.closeAll();
  }
  failures.push(...lookupFailures);
  // An archive both searched and holding components, read whole with --every-data-file, is refused once.
  const seen = new Set<string>();
  const reported = failures.filter((f) => {
    const key = `${f.file}\0${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  failures.splice(0, failures.length, ...reported);

  const reports = results.map((r) => assemblyJson(r, names));
  // An archive, like a directory, gives the report of several even when it holds one component.
  const single =
    paths.length === 1 &&
    componentWalk.files.length === 1 &&
    componentWalk.files[0]!.explicit &&
    reports.length === 1 &&
    sources[0]?.kind === 'file';
  const summary = assemblyRunSummary(results, failures);
  const jsonReport = single ? { ...reports[0]!, failures: summary.failures } : { components: reports, summary };

  const writes: OutputFile[] = [];
  if (plan.output?.format === 'json') writes.push({ ...output!, data: `${JSON.stringify(jsonReport, null, 2)}\n` });
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
        ...output!,
        data:
          plan.output.format === 'glb'
            ? await writer.exportGlb(result.assembly.skeleton, exportOptions)
            : await writer.exportGltfEmbedded(result.assembly.skeleton, exportOptions),
      });
    }
  }
  if (writes.length > 0) await writeFilesAtomic(writes, { command: 'assemble', force });

  for (const f of failures) process.stderr.write(`${f.file}: ${f.message}\n`);
  if (options.json === true) process.stdout.write(`${JSON.stringify(jsonReport, null, 2)}\n`);
  else {
    for (const report of reports) process.stdout.write(assemblySummaryText(report));
    if (!single) process.stdout.write(assemblyRunSummaryText(summary));
    for (const w of writes) process.stdout.write(`wrote ${w.path}\n`);
  }

  const mainMissing = results.some((r) => r.assembly === null);
  const addonMissing = results.some((r) => r.assembly !== null && r.assembly.missing.length > 0);
  const failed = failures.length > 0 || mainMissing || (addonMissing && options.allowMissing !== true);
  process.exitCode = failed ? EXIT_FAILED : EXIT_OK;
}
