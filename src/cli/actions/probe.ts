/** What `probe` does (declared in commands/probe.ts). */
import { probeResource } from '../../analysis/probe.js';
import { fileProbeText, layoutRows, layoutRowsText, type FileProbe } from '../../export/probe-report.js';
import { isForgeHeader } from '../../archive/forge-select.js';
import { count } from '../../io/format.js';
import { EXIT_FAILED, UsageError } from '../errors.js';
import { walkInputs } from '../files.js';
import { readInputFile } from '../input-file.js';
import { maxSizeOption } from '../options.js';
import { Progress } from '../progress.js';

export interface ProbeOptions {
  json?: boolean;
  layouts?: boolean;
  maxSize?: string;
  all?: boolean;
  verbose?: boolean;
}

function listLayouts(json: boolean): void {
  const rows = layoutRows();
  if (json) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
  else process.stdout.write(layoutRowsText(rows));
}

/** Runs `probe` with what commander parsed. */
export async function probeCommand(paths: string[], options: ProbeOptions): Promise<void> {
  const json = options.json === true;
  if (options.layouts) {
    listLayouts(json);
    return;
  }
  if (paths.length === 0) throw new UsageError('probe needs files or directories (or --layouts)');
  const maxSize = maxSizeOption(options.maxSize);
  const walk = walkInputs(paths);
  const results: FileProbe[] = [];
  // What a folder holds that is not a resource is skipped, as every command skips it: by its header.
  const skipped: { file: string; reason: string }[] = [];
  for (const p of walk.problems) {
    if (p.failed) results.push({ file: p.path, match: null, error: p.reason });
    else skipped.push({ file: p.path, reason: p.reason });
  }
  const progress = new Progress('probe', walk.files.length);
  let done = 0;
  for (const input of walk.files) {
    const got = readInputFile(input.path, { maxSize });
    if (got.kind === 'unreadable') {
      if (got.skippable && !input.explicit) skipped.push({ file: input.path, reason: got.reason });
      else results.push({ file: input.path, match: null, error: got.reason });
    } else if (got.kind === 'other' && !input.explicit) {
      skipped.push({
        file: input.path,
        reason: isForgeHeader(got.head) ? 'a .forge archive (probe reads loose resources)' : got.description,
      });
    } else {
      // A named file of no layout is still probed: each layout then says where (at its class) it stops.
      const bytes = got.kind === 'resource' ? got.bytes : got.kind === 'other' ? got.head : new Uint8Array(0);
      results.push({ file: input.path, ...probeResource(bytes) });
    }
    progress.update(++done);
  }
  progress.done();
  skipped.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  results.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const skippedLine = `${count(skipped.length, 'file')} skipped: not a Skeleton or SkeletonComponent by header, or not read${options.verbose ? '' : ' (-v lists them)'}`;
  if (json) {
    process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
    if (skipped.length > 0) process.stderr.write(`probe: ${skippedLine}\n`);
  } else {
    if (options.verbose) for (const s of skipped) process.stdout.write(`skip  ${s.file}  (${s.reason})\n`);
    for (const p of results) process.stdout.write(fileProbeText(p, options.all === true));
    if (skipped.length > 0) process.stdout.write(`${skippedLine}\n`);
  }
  if (results.some((p) => p.match === null)) process.exitCode = EXIT_FAILED;
}
