/** What `forge replace` and `forge pack` do (declared in commands/forge.ts): archives written, never in place. */
import { resolve } from 'node:path';
import type { ForgeManifest } from '../../archive/forge-pack.js';
import { forgePackSummary, forgePackText, forgeReplaceJson, forgeReplaceText } from '../../export/forge-report.js';
import { toJsonText } from '../../export/json.js';
import { forgeFolderManifest, ForgePackError, packForgeFolderTo } from '../../node/forge-pack.js';
import { ForgeReplaceError, replaceInForgeFile } from '../../node/forge-replace.js';
import { UsageError } from '../errors.js';
import { walkInputs } from '../../node/files.js';
import { forgeOpenOptions, type ForgeProfileValues } from '../options.js';
import { Progress } from '../progress.js';
import { ARCHIVE_OUTPUT } from '../../export/output-kind.js';
import { refuseUnsafeOutputs, writeStreamAtomic } from '../../node/output-file.js';

export interface ForgeReplaceOptions extends ForgeProfileValues {
  output: string;
  entry?: string;
  resource?: string;
  json?: boolean;
  force?: boolean;
}

export interface ForgePackOptions extends ForgeProfileValues {
  output: string;
  archiveVersion?: string;
  json?: boolean;
  force?: boolean;
}

/** Runs `forge replace` with what commander parsed. */
export async function replaceCommand(archive: string, files: string[], options: ForgeReplaceOptions): Promise<void> {
  const progress = new Progress('forge replace');
  const replacing = replaceInForgeFile(archive, files, options.output, {
    ...(options.entry === undefined ? {} : { entry: options.entry }),
    ...(options.resource === undefined ? {} : { resource: options.resource }),
    forge: forgeOpenOptions(options),
    force: options.force === true,
    onProgress: (done, total) => {
      progress.setTotal(total);
      progress.update(done);
    },
  });
  const { report, profile } = await replacing
    .catch((error: unknown) => {
      throw writeFailure(error);
    })
    .finally(() => progress.done());
  if (options.json === true) process.stdout.write(toJsonText(forgeReplaceJson(archive, options.output, report)));
  else process.stdout.write(forgeReplaceText(archive, options.output, report, profile));
}

/** A refusal of what the command was given (exit 1, one line). */
class InputRefusal extends Error {
  override name = 'InputRefusal';
}
export { InputRefusal };

/** A refusal of the library's as the CLI reports it: the call's mistake exit 2, the inputs' content exit 1. */
function writeFailure(error: unknown): unknown {
  if (!(error instanceof ForgePackError || error instanceof ForgeReplaceError)) return error;
  return error.usage ? new UsageError(error.message) : new InputRefusal(error.message);
}

/** Runs `forge pack` with what commander parsed. */
export async function packCommand(dir: string, options: ForgePackOptions): Promise<void> {
  let manifest: ForgeManifest;
  try {
    manifest = forgeFolderManifest(dir, {
      ...(options.forgeProfile === undefined ? {} : { profile: options.forgeProfile }),
      ...(options.archiveVersion === undefined ? {} : { archiveVersion: Number(options.archiveVersion) }),
    });
  } catch (error) {
    throw writeFailure(error);
  }
  const walk = walkInputs([dir]);
  const force = options.force === true;
  await refuseUnsafeOutputs([{ path: options.output, option: '-o', kind: ARCHIVE_OUTPUT }], [dir], 'forge pack', walk, { force });
  // One data file at a time into the output's temporary file: a pack never holds the archive whole.
  let size = 0;
  try {
    await writeStreamAtomic(
      { path: options.output, kind: ARCHIVE_OUTPUT, option: '-o' },
      async (sink) => {
        size = await packForgeFolderTo(dir, manifest, sink);
      },
      { command: 'forge pack', force },
    );
  } catch (error) {
    throw writeFailure(error);
  }
  const summary = forgePackSummary(resolve(options.output), manifest, size);
  process.stdout.write(options.json === true ? toJsonText(summary) : forgePackText(options.output, summary));
}
