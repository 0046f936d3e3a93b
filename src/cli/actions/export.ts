/** What `export` does (declared in commands/export.ts). */
import { ParseError } from '../../io/errors.js';
import type { Skeleton } from '../../model/skeleton.js';
import { GltfExportChoiceError, gltfExportFiles, gltfExportOutputs, planGltfExport } from '../../node/gltf-export.js';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../errors.js';
import { readNamedSkeleton } from '../../node/resource-input.js';
import { sayStaleReadersOnStderr } from '../input-file.js';
import { loadNameDictionary, nameListFiles } from '../../node/name-lists.js';
import { resourceReadOptions } from '../read-options.js';
import { refuseUnsafeOutputs, writeFilesAtomic } from '../../node/output-file.js';
import { forgeOpenOptions, type ArchiveAddressValues, type ForceOptionValues, type ResourceOptionValues } from '../options.js';

// A stale generated reader said on stderr, as every command that reads says it: called, since a
// bare import would be dropped from the bundle (the package declares no side effects).
sayStaleReadersOnStderr();

/** What commander hands the action. */
export interface ExportCommandOptions extends ResourceOptionValues, ArchiveAddressValues, ForceOptionValues {
  output?: string;
  pose: string;
  axes: string;
  mesh: boolean;
  separate?: boolean;
  names: string[];
}

export async function runExport(file: string, options: ExportCommandOptions): Promise<void> {
  if (options.output === undefined || options.output === '') throw new UsageError('export: missing -o <out.glb|out.gltf>');
  let plan;
  try {
    plan = planGltfExport(options.output, options);
  } catch (error) {
    throw error instanceof GltfExportChoiceError ? new UsageError(`export: ${error.message}`) : error;
  }
  const read = resourceReadOptions(options);
  const force = options.force === true;
  await refuseUnsafeOutputs(gltfExportOutputs(plan), [file, ...nameListFiles(options.names)], 'export', undefined, { force });
  const dictionary = await loadNameDictionary(options.names ?? []);
  let skeleton: Skeleton;
  try {
    // Inside an archive a refusal arrives as a ResourceInputError naming archive, entry and resource.
    skeleton = (await readNamedSkeleton(file, options, { ...read, forge: forgeOpenOptions(options) }, 'export')).skeleton;
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    process.stderr.write(`${file}: ${error.message}\n`);
    process.exitCode = EXIT_FAILED;
    return;
  }
  const files = await gltfExportFiles(skeleton, plan, (bone) => dictionary.resolve(bone.nameHash));
  await writeFilesAtomic(files, { command: 'export', force });

  const written = files[files.length - 1]!;
  const extra = files.length > 1 ? ` (+ ${files[0]!.path}, ${formatBytes(files[0]!.data.byteLength)})` : '';
  process.stdout.write(`wrote ${written.path}: ${skeleton.bones.length} bones, ${formatBytes(written.data.byteLength)}${extra}\n`);
  process.exitCode = EXIT_OK;
}

function formatBytes(count: number): string {
  return `${count.toLocaleString('en-US')} bytes`;
}
