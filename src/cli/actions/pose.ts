/** What `pose build`, `pose find` and `pose show` do (declared in commands/pose.ts). */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { encodePoseArray } from '../../analysis/pose-array.js';
import type { PoseFindResult } from '../../analysis/pose-find.js';
import { findPoseArrayInFile, poseDumpError } from '../../node/pose-dump.js';
import {
  poseBoneLabel as boneLabel,
  poseFindOthersText,
  poseFindText,
  poseScanProgressText,
  runtimePoseJson,
  runtimePoseText,
} from '../../export/runtime-pose-report.js';
import { count } from '../../io/format.js';
import { DEFAULT_CHUNK_MIB } from '../commands/pose.js';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../errors.js';
import { loadNamedSkeleton } from '../forge-resource.js';
import { nameListFiles } from '../../node/name-lists.js';
import { StatusLine } from '../progress.js';
import { POSE_ARRAY_OUTPUT } from '../../export/output-kind.js';
import { refuseUnsafeOutputs, writeFileAtomic } from '../../node/output-file.js';
import type { ArchiveAddressValues, ForceOptionValues, ResourceOptionValues } from '../options.js';
import type { NamesOptionValues } from '../names-option.js';

/** What every pose subcommand takes: `--layout`, `--reading`, `--max-size`, `--names`, `--entry` and `--resource`. */
export type PoseCommonOptions = ResourceOptionValues & NamesOptionValues & ArchiveAddressValues;

export type BuildOptions = PoseCommonOptions & ForceOptionValues & { output: string };

export type FindOptions = PoseCommonOptions & { json?: boolean; chunkMib?: number };

export type ShowOptions = PoseCommonOptions & { json?: boolean };

const MIB = 1024 * 1024;

export async function buildCommand(skeletonPath: string, options: BuildOptions): Promise<void> {
  const output = { path: resolve(options.output), option: '-o', kind: POSE_ARRAY_OUTPUT };
  const force = options.force === true;
  await refuseUnsafeOutputs([output], [skeletonPath, ...nameListFiles(options.names)], 'pose build', undefined, { force });
  const { skeleton, nameOf } = await loadNamedSkeleton(skeletonPath, options, 'pose build');
  const bytes = encodePoseArray(skeleton);
  await writeFileAtomic({ ...output, data: bytes }, { command: 'pose build', force });
  const root = skeleton.bones.length > 0 ? `, root ${boneLabel(skeleton, 0, nameOf)}` : '';
  process.stdout.write(
    `wrote ${count(skeleton.bones.length, 'pose record')} (${count(bytes.byteLength, 'byte')}${root}) to ${options.output}\n`,
  );
  process.exitCode = EXIT_OK;
}

export async function findCommand(skeletonPath: string, dumpPath: string, options: FindOptions): Promise<void> {
  // The dump is named by the user: a missing one or a folder is a mistake in the call, said before anything is read.
  const dumpInfo = await stat(dumpPath).catch((error: unknown) => {
    throw poseDumpError(dumpPath, error);
  });
  if (dumpInfo.isDirectory()) throw new UsageError(`pose find: the dump ${dumpPath} is a directory; give a memory dump file`);
  const { skeleton, label, nameOf } = await loadNamedSkeleton(skeletonPath, options, 'pose find');
  if (skeleton.bones.length === 0) return notFound(`${label} has no bones, so no pose array to find`, options);
  const status = new StatusLine(200);
  let result: PoseFindResult | null;
  let size: number;
  try {
    ({ result, size } = await findPoseArrayInFile(skeleton, dumpPath, {
      chunkBytes: (options.chunkMib ?? DEFAULT_CHUNK_MIB) * MIB,
      onProgress: (scanned, total) => status.show(() => poseScanProgressText(dumpPath, scanned, total)),
    }));
  } catch (error) {
    throw poseDumpError(dumpPath, error);
  } finally {
    status.clear();
  }
  if (result === null)
    return notFound(
      `no runtime pose array of the ${skeleton.bones.length}-bone skeleton ${label} in ${dumpPath} (${count(size, 'byte')} scanned)`,
      options,
    );
  const { offset, root, bones, matched, maxError } = result;
  if (options.json) process.stdout.write(`${JSON.stringify({ offset, root, bones, matched, maxError })}\n`);
  else process.stdout.write(poseFindText(result, skeleton, nameOf));
  const others = poseFindOthersText(result);
  if (others !== null) process.stderr.write(`anvil-skel: ${others}\n`);
  process.exitCode = EXIT_OK;
}

/** No array found (exit 1): said on stderr, and in JSON mode as the one object stdout gets, `{"error": {"kind": "failed", …}}`. */
function notFound(message: string, options: FindOptions): void {
  process.stderr.write(`anvil-skel: ${message}\n`);
  if (options.json) process.stdout.write(`${JSON.stringify({ error: { kind: 'failed', message } })}\n`);
  process.exitCode = EXIT_FAILED;
}

export async function showCommand(skeletonPath: string, options: ShowOptions): Promise<void> {
  const { skeleton, nameOf } = await loadNamedSkeleton(skeletonPath, options, 'pose show');
  if (options.json) process.stdout.write(`${JSON.stringify(runtimePoseJson(skeleton, nameOf), null, 2)}\n`);
  else process.stdout.write(runtimePoseText(skeleton, nameOf));
  process.exitCode = EXIT_OK;
}
