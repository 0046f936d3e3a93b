/**
 * What `census` does (declared in commands/census.ts). Large corpora are shared out to worker
 * threads in batches of paths; each posts back a partial census that the main thread merges, so
 * the report is the same for any `--jobs`.
 */
import type { OpenForgeOptions } from '../../archive/forge-open.js';
import { forgeOpenOptions } from '../options.js';
import { existsSync } from 'node:fs';
import { relative, isAbsolute } from 'node:path';
import { CensusAccumulator, type CensusReport } from '../../analysis/census.js';
import type { CensusState } from '../../analysis/census/state.js';
import { censusMarkdown } from '../../export/census-markdown.js';
import { censusSummaryText } from '../../export/census-text.js';
import { toJsonText } from '../../export/json.js';
import type { Reading } from '../../formats/layout.js';
import type { Dialect } from '../../formats/dialect.js';
import type { NameDictionary } from '../../names/dictionary.js';
import { addPaths } from '../census-files.js';
import { defaultCensusJobs, nextTurn, runCensusWorkers } from '../census-pool.js';
import type { CensusWorkerBatch, CensusWorkerData, CensusWorkerDone } from '../census-worker.js';
import type { CensusCommandOptions } from '../commands/census.js';
import { EXIT_FAILED, UsageError } from '../errors.js';
import { DEFAULT_MAX_SIZE } from '../limits.js';
import { walkInputs, type InputFile, type InputProblem } from '../files.js';
import { loadNameDictionary, nameListFiles } from '../name-lists.js';
import { resourceReadOptions } from '../read-options.js';
import { bundledSamplesDir } from '../paths.js';
import { Progress } from '../progress.js';
import { JSON_OUTPUT, OutputRefusal, refuseUnsafeOutputs, TEXT_OUTPUT, writeFileAtomic, type PlannedOutput } from '../write-file.js';
import { offenderLine } from '../check-report.js';
import { archiveCensusMarkdown, archiveCensusText, censusArchives, type ArchiveCensus } from '../census-archives.js';

/**
 * Fewest files worth one more thread. A worker loads the modules and compiles the hot code anew,
 * which on two cores costs about what it saves below a few thousand small files (measured: the
 * 1,806-file inventory is no faster with two threads, the 18,050-file one a quarter faster), so
 * smaller corpora are read in-process only, and a corpus gets at most one thread per this many files.
 */
export const CENSUS_FILES_PER_THREAD = 2000;

export interface CensusRunOptions {
  dialect?: Dialect;
  /** Largest resource file read, in bytes (default DEFAULT_MAX_SIZE). */
  maxSize?: number;
  reading: Reading;
  /** The name dictionary (built-in, environment list, `--names`), for the main thread's share. */
  names: NameDictionary;
  /** The `--names` files, for the workers to load the same dictionary. */
  namesFiles: readonly string[];
  /** Threads reading files at most, the main thread included: 1 reads in-process only. */
  jobs: number;
  /** Overrides CENSUS_FILES_PER_THREAD (0: use `jobs` threads whatever the corpus size). */
  filesPerThread?: number;
  onProgress?: (done: number) => void;
  /** Read every data file of an archive, whatever type its index gives it (census-archives.ts). */
  everyDataFile?: boolean;
  /** How archives are opened: the profile, detected by default. */
  forge?: OpenForgeOptions;
  /** Data files of archives done, of their total. */
  onArchiveProgress?: (done: number, total: number) => void;
}

/** The census report, with a line per `.forge` archive when any was read. */
export type CensusRunReport = CensusReport & { archives?: ArchiveCensus[] };

/** Files a worker gets at a time (two batches in flight); the main thread takes smaller ones. */
const WORKER_BATCH = 64;
const MAIN_BATCH = 16;

/** Hands out the files in batches to whichever thread asks next. */
class PathQueue {
  private next = 0;
  constructor(private readonly paths: readonly InputFile[]) {}
  take(n: number): InputFile[] | null {
    if (this.next >= this.paths.length) return null;
    const batch = this.paths.slice(this.next, this.next + n);
    this.next += batch.length;
    return batch;
  }
}

/** Starts `count` workers that take batches from the queue; resolves with their partial states. */
function startWorkers(
  queue: PathQueue,
  count: number,
  options: CensusRunOptions,
  onDone: (n: number, archives: readonly InputFile[]) => void,
): Promise<CensusState[]> {
  const workerData: CensusWorkerData = {
    censusWorker: true,
    dialect: options.dialect,
    reading: { ...options.reading },
    namesFiles: [...options.namesFiles],
    maxSize: options.maxSize ?? DEFAULT_MAX_SIZE,
  };
  return runCensusWorkers<InputFile[], CensusWorkerBatch, CensusWorkerDone>({
    module: 'census-worker',
    what: 'census worker',
    count,
    workerData,
    take: () => queue.take(WORKER_BATCH),
    batch: (files) => ({ files }),
    done: (files, reply) => onDone(files.length, reply.archives),
  });
}

/**
 * Reads, counts and checks every file: in-process for a small corpus, else the main thread and
 * `jobs − 1` workers take batches from one queue. The report is the same for any number of jobs.
 */
export async function runCensus(
  paths: readonly InputFile[],
  options: CensusRunOptions,
  problems: readonly InputProblem[] = [],
): Promise<CensusRunReport> {
  const census = new CensusAccumulator({ dialect: options.dialect, reading: options.reading, names: options.names });
  for (const problem of problems) {
    if (problem.failed) census.addUnreadable(problem.path, problem.reason);
    else census.addSkippedPath(problem.path, problem.reason);
  }
  const perThread = options.filesPerThread ?? CENSUS_FILES_PER_THREAD;
  const threads = Math.max(1, Math.min(options.jobs, perThread === 0 ? options.jobs : Math.floor(paths.length / perThread)));
  const queue = new PathQueue(paths);
  let done = 0;
  const archives: InputFile[] = [];
  const progress = (n: number, found: readonly InputFile[] = []): void => {
    done += n;
    archives.push(...found);
    options.onProgress?.(done);
  };
  const workers = threads > 1 ? startWorkers(queue, threads - 1, options, progress) : null;
  // Let a failing worker's rejection be seen even while the main thread is busy.
  workers?.catch(() => undefined);
  for (let batch = queue.take(MAIN_BATCH); batch !== null; batch = queue.take(MAIN_BATCH)) {
    addPaths(census, batch, { ...options, onArchive: (file) => archives.push(file) });
    progress(batch.length);
    if (workers) await nextTurn();
  }
  if (workers) for (const state of await workers) census.merge(state);
  if (archives.length === 0) return census.report();
  // Archives are read after the loose files, in walk order whichever thread found them.
  const order = new Map(paths.map((p, i) => [p.path, i]));
  archives.sort((a, b) => order.get(a.path)! - order.get(b.path)!);
  const lines = await censusArchives(
    archives.map((a) => a.path),
    census,
    { ...options, namesFiles: options.namesFiles, onProgress: options.onArchiveProgress },
  );
  return { ...census.report(), archives: lines };
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
    if (error instanceof OutputRefusal && paths.length === 0)
      throw new OutputRefusal(
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
  const names = await loadNameDictionary(options.names ?? []);
  const progress = new Progress('census', walk.files.length);
  const archiveProgress = new Progress('census: archive data files');
  const report = await runCensus(
    walk.files,
    {
      ...read,
      names,
      namesFiles: options.names ?? [],
      jobs,
      onProgress: (done) => progress.update(done),
      everyDataFile: options.everyDataFile === true,
      forge: forgeOpenOptions(options),
      onArchiveProgress: (done, total) => {
        progress.done();
        archiveProgress.setTotal(total);
        archiveProgress.update(done);
      },
    },
    walk.problems,
  );
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
    const text = censusMarkdown(report, { source }) + (report.archives ? archiveCensusMarkdown(report.archives) : '');
    if (markdown === 'stdout') process.stdout.write(text);
    else await writeFileAtomic({ path: markdown, data: text, kind: TEXT_OUTPUT, option: '--markdown' }, { command: 'census', force });
  }
  if (json !== 'stdout' && markdown !== 'stdout') {
    process.stdout.write(censusSummaryText(report, source));
    if (report.archives) process.stdout.write(archiveCensusText(report.archives));
  }
  if (!report.ok) process.exitCode = EXIT_FAILED;
}

/** `file: check failed: id (Proven)`, then each kept offender as validate prints them: bone, name, offset of its record. */
export function provenFailureLines(report: CensusReport): string[] {
  const lines: string[] = [];
  let last = '';
  for (const failure of report.provenFailures) {
    const head = `${failure.file}: check failed: ${failure.check} (Proven)`;
    if (head !== last) lines.push(head);
    last = head;
    lines.push(offenderLine(failure.bone, failure.name, failure.offset, failure.message));
  }
  return lines;
}
