/** What `probe` does (declared in commands/probe.ts). */
import { fileProbeText, layoutRows, layoutRowsText } from '../../export/probe-report.js';
import { probeFiles } from '../../node/probe-files.js';
import { count } from '../../io/format.js';
import { EXIT_FAILED, UsageError } from '../errors.js';
import { walkInputs } from '../../node/files.js';
import { sayStaleReadersOnStderr } from '../input-file.js';
import { maxSizeOption } from '../options.js';
import { Progress } from '../progress.js';

// A stale generated reader said on stderr, as every command that reads says it: called, since a
// bare import would be dropped from the bundle (the package declares no side effects).
sayStaleReadersOnStderr();

export interface ProbeOptions {
  json?: boolean;
  layouts?: boolean;
  maxSize?: string;
  all?: boolean;
  verbose?: boolean;
}

/** Runs `probe` with what commander parsed. */
export async function probeCommand(paths: string[], options: ProbeOptions): Promise<void> {
  const json = options.json === true;
  if (options.layouts) {
    const rows = layoutRows();
    process.stdout.write(json ? `${JSON.stringify(rows, null, 2)}\n` : layoutRowsText(rows));
    return;
  }
  if (paths.length === 0) throw new UsageError('probe needs files or directories (or --layouts)');
  const maxSize = maxSizeOption(options.maxSize);
  const walk = walkInputs(paths);
  const progress = new Progress('probe', walk.files.length);
  const { results, skipped } = probeFiles(walk, { maxSize, onProgress: (done) => progress.update(done) });
  progress.done();
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
