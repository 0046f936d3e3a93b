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
import { count } from '../../io/format.js';
import { assemblyJson, assemblyRunSummary, assemblyRunSummaryText, assemblySummaryText } from '../../export/assembly-report.js';
import { assembleInputs, NoComponentError, type AssembleInputsResult } from '../../node/assemble.js';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../errors.js';
import { walkInputs } from '../../node/files.js';
import { sayStaleReadersOnStderr } from '../input-file.js';
import { loadNameDictionary, nameListFiles } from '../../node/name-lists.js';
import { resourceReadOptions } from '../read-options.js';
import { GLTF_OUTPUT, JSON_OUTPUT } from '../../export/output-kind.js';
import { type OutputFile, type PlannedOutput, refuseUnsafeOutputs, writeFilesAtomic } from '../../node/output-file.js';
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

const gltfWriter = () => import('../../export/assembly-gltf.js');

/** The file `-o` names and what it holds, told by its extension. */
function planOutput(options: AssembleCommandOptions): { path: string; format: 'glb' | 'gltf' | 'json' } | null {
  if (options.output === undefined) return null;
  if (options.output === '') throw new UsageError('assemble: -o needs a file name ending in .glb, .gltf or .json');
  const extension = extname(options.output).toLowerCase();
  const format = extension === '.glb' ? 'glb' : extension === '.gltf' ? 'gltf' : extension === '.json' ? 'json' : null;
  if (format === null) throw new UsageError(`assemble: the output must end in .glb, .gltf or .json, not '${options.output}'`);
  return { path: options.output, format };
}

/** Runs `assemble` with what commander parsed. */
export async function runAssemble(paths: string[], options: AssembleCommandOptions): Promise<void> {
  sayStaleReadersOnStderr();
  const read = resourceReadOptions(options);
  const planned = planOutput(options);
  const componentWalk = walkInputs(paths);
  const searchPaths = options.search ?? [...new Set(componentWalk.files.map((f) => dirname(f.path)))];
  const searchWalk = searchPaths.length > 0 ? walkInputs(searchPaths) : walkInputs([]);
  const force = options.force === true;
  const output: PlannedOutput | null =
    planned === null ? null : { path: planned.path, option: '-o', kind: planned.format === 'json' ? JSON_OUTPUT : GLTF_OUTPUT };
  if (output !== null) {
    await refuseUnsafeOutputs([output], [...paths, ...nameListFiles(options.names)], 'assemble', componentWalk, { force });
    await refuseUnsafeOutputs([output], searchPaths, 'assemble', searchWalk, { force });
  }
  const names = await loadNameDictionary(options.names ?? []);

  let run: AssembleInputsResult;
  try {
    run = await assembleInputs(paths, {
      walk: componentWalk,
      searchWalk,
      ...read,
      everyDataFile: options.everyDataFile === true,
      forge: forgeOpenOptions(options),
      onWarning: (message) => void process.stderr.write(`anvil-skel: ${message}\n`),
      onComponentsFound: (found) => {
        if (planned !== null && planned.format !== 'json' && found !== 1)
          throw new UsageError(
            `assemble: -o ${planned.path} writes one rig, and ${count(found, 'component')} were found; use -o FILE.json for several`,
          );
      },
    });
  } catch (error) {
    throw error instanceof NoComponentError ? new UsageError(`assemble: ${error.message}`) : error;
  }
  const { assemblies: results, failures, oneFile: single } = run;

  const reports = results.map((r) => assemblyJson(r, names));
  const summary = assemblyRunSummary(results, failures);
  const jsonReport = single ? { ...reports[0]!, failures: summary.failures } : { components: reports, summary };

  const writes: OutputFile[] = [];
  if (planned?.format === 'json') writes.push({ ...output!, data: `${JSON.stringify(jsonReport, null, 2)}\n` });
  else if (planned !== null) {
    const data = await (await gltfWriter()).assemblyGltf(results[0], reports[0], names, planned.format === 'glb');
    if (data === null) failures.push({ file: planned.path, message: 'not written: the main skeleton is missing, so there is no rig' });
    else writes.push({ ...output!, data });
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
