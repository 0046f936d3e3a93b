/**
 * The mutation campaign's engine: each lane mutates its seed inputs with a seeded generator and
 * runs one target on every mutant, timing each execution and sampling the heap around it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { applyMutations, countOffsets, randomMutations, type Mutation, type MutationContext } from './mutations.js';
import { Rng } from './random.js';
import { Violation, type FuzzTarget, type Outcome } from './targets.js';
import type { AsyncFuzzTarget } from './archive-targets.js';

/** An execution slower than this is a finding (confirmed by re-running: a GC pause is not a hang). */
export const SLOW_MS = 100;
/** Heap growth across one execution (JS heap + external buffers), or of the live JS heap across the lane, that is a finding. */
export const HEAP_LIMIT_BYTES = 64 * 1024 * 1024;
const BATCH = 5000;

export interface Lane {
  /** Shown in the report, e.g. `skeleton (scimitar samples)`. */
  label: string;
  target: FuzzTarget | AsyncFuzzTarget;
  seeds: readonly Uint8Array[];
  /** Extension of saved regression files. */
  extension: 'bin' | 'txt';
}

export interface Finding {
  lane: string;
  target: string;
  kind: string;
  message: string;
  input: Uint8Array;
  /** Where the input was saved, when it was. */
  file?: string;
  mutations?: readonly Mutation[];
}

export interface LaneReport {
  label: string;
  target: string;
  executions: number;
  seconds: number;
  outcomes: Record<Outcome, number>;
  slowest: number;
  /** Largest heap growth across one execution, bytes. */
  largestHeapStep: number;
  /** Live heap at the last batch over the lowest seen at any batch end, bytes (null when unmeasured). */
  heapGrowth: number | null;
  findings: Finding[];
  /** Why the lane ended before its last mutant: its time share ran out, or an execution hung. */
  stopped: 'time' | 'hang' | null;
}

export interface CampaignOptions {
  seed: number;
  /** Shared with a watchdog: [0] the execution under way (−1 between), [1] when it started (Date.now()). */
  heartbeat?: Float64Array;
  mutations: number;
  /** Time budget of this lane in seconds. */
  maxSeconds: number;
  /** Folder to save findings into; null to keep them in memory only. */
  saveDir: string | null;
  /** Most findings kept per lane (more are counted, not kept). */
  maxFindings?: number;
}

const gc = (globalThis as { gc?: () => void }).gc;

/** JS heap plus external memory (array buffers): what one execution allocates shows here at once. */
function heapNow(): number {
  const s = getHeapStatistics();
  return s.used_heap_size + s.external_memory;
}

/**
 * The JS heap alone, for growth across batches: array buffers are freed by a sweeper that may
 * lag behind a collection, so external memory would read as tens of MiB of noise there.
 */
function liveHeap(): number {
  return getHeapStatistics().used_heap_size;
}

function shortHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 12);
}

/** Saves an input under `<target>.<hash>.<ext>`; the same input is saved once. */
export function saveFinding(dir: string, target: string, input: Uint8Array, extension: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${target}.${shortHash(input)}.${extension}`);
  if (!existsSync(file)) writeFileSync(file, input);
  return file;
}

/** Times one execution; a violation or an unexpected throw from the harness itself becomes a finding. */
async function execute(
  target: FuzzTarget | AsyncFuzzTarget,
  input: Uint8Array,
): Promise<{ outcome: Outcome | null; ms: number; heapStep: number; error: Violation | null }> {
  const before = heapNow();
  const start = performance.now();
  try {
    const verdict = 'checkAsync' in target ? await target.checkAsync(input) : target.check(input);
    const ms = performance.now() - start;
    const heapStep = heapNow() - before;
    void verdict.value; // kept alive until measured
    return { outcome: verdict.outcome, ms, heapStep, error: null };
  } catch (error) {
    const ms = performance.now() - start;
    const violation =
      error instanceof Violation ? error : new Violation('exception', `harness: ${(error as Error)?.message ?? String(error)}`, error);
    return { outcome: null, ms, heapStep: heapNow() - before, error: violation };
  }
}

/** The lane's stream of mutants: the same seed and lane give the same inputs, whatever the readers answer. */
export function mutants(lane: Lane, seed: number): () => { input: Uint8Array; mutations: Mutation[] } {
  // Each lane has its own stream, so --reader picks a lane without changing its mutations.
  const rng = new Rng((seed ^ Math.imul(hashLabel(lane.label), 0x9e3779b1)) >>> 0);
  const contexts: MutationContext[] = lane.seeds.map((s) => ({ counts: countOffsets(s), others: lane.seeds.filter((o) => o !== s) }));
  return () => {
    const which = rng.below(lane.seeds.length);
    const mutations = randomMutations(rng);
    return { input: applyMutations(lane.seeds[which]!, mutations, contexts[which]!), mutations };
  };
}

/** The lane's mutant number `index` (0-based), regenerated without running any reader. */
export function mutantAt(lane: Lane, seed: number, index: number): { input: Uint8Array; mutations: Mutation[] } {
  const next = mutants(lane, seed);
  for (let i = 0; i < index; i++) next();
  return next();
}

export async function runLane(lane: Lane, options: CampaignOptions): Promise<LaneReport> {
  const next = mutants(lane, options.seed);
  const heartbeat = options.heartbeat;
  const report: LaneReport = {
    label: lane.label,
    target: lane.target.name,
    executions: 0,
    seconds: 0,
    outcomes: { decoded: 0, refused: 0, skipped: 0 },
    slowest: 0,
    largestHeapStep: 0,
    heapGrowth: null,
    findings: [],
    stopped: null,
  };
  const maxFindings = options.maxFindings ?? 20;
  const seen = new Set<string>();
  const record = (kind: string, message: string, input: Uint8Array, mutations: readonly Mutation[]): void => {
    const key = `${kind}:${message.split('\n')[0]!.replace(/\d+/g, '#')}`;
    if (seen.has(key) || report.findings.length >= maxFindings) return;
    seen.add(key);
    const finding: Finding = { lane: lane.label, target: lane.target.name, kind, message, input, mutations };
    if (options.saveDir) finding.file = saveFinding(options.saveDir, lane.target.name, input, lane.extension);
    report.findings.push(finding);
  };

  gc?.();
  let baseline: number | null = null;
  let batchMin = Infinity;
  const started = performance.now();
  const deadline = started + options.maxSeconds * 1000;
  for (let i = 0; i < options.mutations; i++) {
    const { input, mutations } = next();
    if (heartbeat) {
      heartbeat[1] = Date.now();
      heartbeat[0] = i;
    }
    const run = await execute(lane.target, input);
    report.executions++;
    if (run.outcome) report.outcomes[run.outcome]++;
    if (run.error) record(run.error.kind, run.error.message, input, mutations);
    if (run.ms > report.slowest) report.slowest = run.ms;
    if (run.heapStep > report.largestHeapStep) report.largestHeapStep = run.heapStep;
    if (run.ms > SLOW_MS) {
      // Confirm: the fastest of two more runs must also be slow.
      const again = Math.min((await execute(lane.target, input)).ms, (await execute(lane.target, input)).ms);
      if (again > SLOW_MS)
        record('slow', `took ${again.toFixed(0)} ms (limit ${SLOW_MS} ms) on a ${input.length}-byte input`, input, mutations);
    }
    if (run.heapStep > HEAP_LIMIT_BYTES) {
      record(
        'memory',
        `heap grew by ${(run.heapStep / 1048576).toFixed(1)} MiB across one execution on a ${input.length}-byte input`,
        input,
        mutations,
      );
    }
    if ((i & 63) === 0) batchMin = Math.min(batchMin, liveHeap());
    if ((i + 1) % BATCH === 0 || i + 1 === options.mutations) {
      // Live heap at the batch's end: exact after a full GC, else the smallest sample of the batch.
      let live = batchMin;
      if (gc) {
        gc();
        live = liveHeap();
      }
      // Growth over the lowest live heap seen: warm-up (compiled code) settles, a leak keeps growing.
      baseline = Math.min(baseline ?? live, live);
      report.heapGrowth = live - baseline;
      if (report.heapGrowth > HEAP_LIMIT_BYTES) {
        record(
          'memory',
          `live heap grew by ${(report.heapGrowth / 1048576).toFixed(1)} MiB over ${i + 1} executions (a leak across inputs)`,
          input,
          mutations,
        );
      }
      batchMin = Infinity;
    }
    if (performance.now() > deadline) {
      if (i + 1 < options.mutations) report.stopped = 'time';
      break;
    }
  }
  if (heartbeat) heartbeat[0] = -1;
  report.seconds = (performance.now() - started) / 1000;
  return report;
}

function hashLabel(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
