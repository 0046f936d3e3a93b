/**
 * What `census` does (declared in commands/census.ts): parse the options, run the node entry's
 * census (its worker pool shares large corpora out, and the report is the same for any `--jobs`),
 * print the report and set the exit code.
 */
import { existsSync } from 'node:fs';
import { relative, isAbsolute } from 'node:path';
import { censusMarkdown } from '../../export/census-markdown.js';
import { censusSummaryText } from '../../export/census-text.js';
import { toJsonText } from '../../export/json.js';
import { runCensus } from '../../node/census.js';
import { defaultCensusJobs } from '../../node/census-pool.js';
import { forgeOpenOptions, type ForceOptionValues, type ForgeProfileValues, type ResourceOptionValues } from '../options.js';
import { EXIT_FAILED, UsageError } from '../errors.js';
import { walkInputs } from '../../node/files.js';
import { nameListFiles, readNameListFile } from '../../node/name-lists.js';
import { NAMES_ENV_VAR, type NamesOptionValues } from '../names-option.js';
import { resourceReadOptions } from '../read-options.js';
import { bundledSamplesDir } from '../paths.js';
import { Progress } from '../progress.js';
import { JSON_OUTPUT, TEXT_OUTPUT } from '../../export/output-kind.js';
import { OutputRefusedError, type PlannedOutput, refuseUnsafeOutputs, writeFileAtomic } from '../../node/output-file.js';
import { provenFailureLines } from '../../export/check-lines.js';

/** The options of `census`, as commander parses them (declared in commands/census.ts). */
export interface CensusCommandOptions extends ResourceOptionValues, NamesOptionValues, ForceOptionValues, ForgeProfileValues {
  json?: string | boolean;
  markdown?: string | boolean;
  jobs?: string;
  everyDataFile?: boolean;
}

function parseJobs(value: string | undefined): number {
  if (value === undefined) return defaultCensusJobs();
  const jobs = Number(value);
  if (!/^\d+$/.test(value) || jobs < 1) throw new UsageError(`--jobs takes a whole number of at least 1, got "${value}"`);
  return jobs;
}

function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

/** `--json`/`--markdown` as commander gives them: absent, `true` (no value: stdout), or a path (`-`: stdout). */
function destination(value: string | boolean | undefined): 'stdout' | string | null {
  if (value === undefined || value === false) return null;
  return value === true || value === '-' ? 'stdout' : value;
}

/** Runs `census` with what commander parsed. */
export async function censusCommand(paths: string[], options: CensusCommandOptions): Promise<void> {
  const read = resourceReadOptions(options);
  const jobs = parseJobs(options.jobs);
  const json = destination(options.json);
  const markdown = destination(options.markdown);
  if (json === 'stdout' && markdown === 'stdout') throw new UsageError('only one of --json and --markdown can go to stdout');
  let inputs = paths;
  if (inputs.length === 0) {
    const samples = bundledSamplesDir();
    if (!existsSync(samples)) throw new UsageError(`no path given and the bundled samples folder is missing: ${samples}`);
    inputs = [displayPath(samples)];
  }
  const walk = walkInputs(inputs);
  const outputs: PlannedOutput[] = [];
  if (json !== null && json !== 'stdout') outputs.push({ path: json, option: '--json', kind: JSON_OUTPUT });
  if (markdown !== null && markdown !== 'stdout') outputs.push({ path: markdown, option: '--markdown', kind: TEXT_OUTPUT });
  const force = options.force === true;
  await refuseUnsafeOutputs(outputs, [...inputs, ...nameListFiles(options.names)], 'census', walk, { force }).catch((error: unknown) => {
    // `census --json x.forge` takes x.forge for the report path: say what would have been counted.
    if (error instanceof OutputRefusedError && paths.length === 0)
      throw new OutputRefusedError(
        `${error.message}; no input path was given, so it was taken for the report of a census of the bundled samples at ${inputs[0]} (to census it, name it first: census <path> --json)`,
      );
    throw error;
  });
  if (paths.length === 0) {
    for (const output of outputs)
      process.stderr.write(
        `census: no path given: counting the bundled samples at ${inputs[0]}; ${output.path} is the ${output.option} report\n`,
      );
  }
  // The lists of ANVIL_SKEL_NAMES, then of --names, as the other commands read them (a bad one is a usage error).
  const names: string[] = [];
  const fromEnv = nameListFiles([]);
  for (const file of fromEnv) names.push(...(await readNameListFile(file, `names file (from ${NAMES_ENV_VAR})`)));
  for (const file of options.names ?? []) names.push(...(await readNameListFile(file, 'names file')));
  const progress = new Progress('census', walk.files.length);
  const archiveProgress = new Progress('census: archive data files');
  const report = await runCensus(inputs, {
    ...read,
    walk,
    names,
    jobs,
    everyDataFile: options.everyDataFile === true,
    forge: forgeOpenOptions(options),
    onProgress: ({ stage, done, total }) => {
      if (stage === 'files') return progress.update(done);
      progress.done();
      archiveProgress.setTotal(total);
      archiveProgress.update(done);
    },
  });
  progress.done();
  archiveProgress.done();
  const source = inputs.join(', ');
  for (const refusal of report.refusals) process.stderr.write(`${refusal.file}: ${refusal.message}\n`);
  for (const line of provenFailureLines(report)) process.stderr.write(`${line}\n`);
  if (json !== null) {
    const text = toJsonText(report);
    if (json === 'stdout') process.stdout.write(text);
    else await writeFileAtomic({ path: json, data: text, kind: JSON_OUTPUT, option: '--json' }, { command: 'census', force });
  }
  if (markdown !== null) {
    const text = censusMarkdown(report, { source });
    if (markdown === 'stdout') process.stdout.write(text);
    else await writeFileAtomic({ path: markdown, data: text, kind: TEXT_OUTPUT, option: '--markdown' }, { command: 'census', force });
  }
  if (json !== 'stdout' && markdown !== 'stdout') {
    process.stdout.write(censusSummaryText(report, source));
  }
  if (!report.ok) process.exitCode = EXIT_FAILED;
}
