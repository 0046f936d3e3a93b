/**
 * The mutation campaign: every reader, every sample, a seeded stream of byte mutations.
 *
 *   node --import tsx scripts/fuzz.ts [--mutations N] [--seed S] [--reader NAME]... [--max-seconds T] [--threads K] [--no-save]
 *   node --expose-gc --import tsx scripts/fuzz.ts      (exact heap-growth checks)
 *
 * Each lane runs N mutants (default 100,000; the slower commands lane 30% of N) of its seed
 * inputs through one reader, in worker threads (one per core by default). An input that makes a
 * reader throw anything but a ParseError, re-encode to other bytes, break its documented
 * contract, take over 100 ms or grow the heap by over 64 MiB is saved under
 * test/fuzz-regressions/ as `<reader>.<hash>.<bin|txt>` (replayed by `npm test` from then on),
 * and the campaign exits 1. A watchdog stops an execution still running after 10 s and saves its
 * input as a hang. The same seed gives the same mutations; --reader picks lanes by reader name
 * or label prefix without changing them.
 */
import { availableParallelism } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { mutantAt, saveFinding, type CampaignOptions, type LaneReport } from './fuzz/campaign.js';
import { buildLanes } from './fuzz/lanes.js';
import type { WorkerInput } from './fuzz/worker.js';

interface Args {
  mutations: number;
  seed: number;
  readers: string[];
  maxSeconds: number;
  save: boolean;
  threads?: number;
}

const USAGE =
  'usage: node --import tsx scripts/fuzz.ts [--mutations N] [--seed S] [--reader NAME]... [--max-seconds T] [--threads K] [--no-save]';

function parseArgs(argv: string[]): Args {
  const args: Args = { mutations: 100_000, seed: 1, readers: [], maxSeconds: 170, save: true };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
      return v;
    };
    const number = (text: string, min: number): number => {
      const n = Number(text);
      if (!Number.isFinite(n) || n < min) throw new Error(`${flag} takes a number ≥ ${min}, got "${text}"\n${USAGE}`);
      return n;
    };
    if (flag === '--mutations') args.mutations = Math.floor(number(value(), 1));
    else if (flag === '--seed') args.seed = Math.floor(number(value(), 0)) >>> 0;
    else if (flag === '--reader') args.readers.push(value());
    else if (flag === '--max-seconds') args.maxSeconds = number(value(), 0.1);
    else if (flag === '--no-save') args.save = false;
    else if (flag === '--threads') args.threads = Math.floor(number(value(), 1));
    else if (flag === '--help' || flag === '-h') {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else throw new Error(`unknown argument "${flag}"\n${USAGE}`);
  }
  return args;
}

function pad(text: string | number, width: number, right = false): string {
  const s = String(text);
  return right ? s.padStart(width) : s.padEnd(width);
}

function mib(bytes: number | null): string {
  return bytes === null ? '-' : `${(bytes / 1048576).toFixed(1)}`;
}

function printReports(reports: LaneReport[]): void {
  const head =
    `${pad('lane', 52)} ${pad('execs', 8, true)} ${pad('secs', 6, true)} ${pad('exec/s', 8, true)} ${pad('decoded', 8, true)} ` +
    `${pad('refused', 8, true)} ${pad('skipped', 8, true)} ${pad('max ms', 7, true)} ${pad('step MiB', 8, true)} ${pad('grow MiB', 8, true)} findings`;
  process.stdout.write(`${head}\n${'-'.repeat(head.length)}\n`);
  for (const r of reports) {
    process.stdout.write(
      `${pad(r.label, 52)} ${pad(r.executions, 8, true)} ${pad(r.seconds.toFixed(1), 6, true)} ${pad(Math.round(r.executions / Math.max(r.seconds, 1e-9)), 8, true)} ` +
        `${pad(r.outcomes.decoded, 8, true)} ${pad(r.outcomes.refused, 8, true)} ${pad(r.outcomes.skipped, 8, true)} ${pad(r.slowest.toFixed(1), 7, true)} ` +
        `${pad(mib(r.largestHeapStep), 8, true)} ${pad(mib(r.heapGrowth), 8, true)} ${r.findings.length}${r.stopped === 'time' ? '  (stopped: time share of --max-seconds used)' : r.stopped === 'hang' ? '  (stopped: an execution hung)' : ''}\n`,
    );
  }
}

/** An execution still running after this long is a hang: its worker is stopped and its input saved. */
const HANG_MS = 10_000;

/** Runs one lane in a worker under a watchdog. */
function runLaneInWorker(index: number, options: Omit<CampaignOptions, 'heartbeat'>): Promise<LaneReport> {
  const lane = buildLanes()[index]!;
  const heartbeat = new SharedArrayBuffer(16);
  const beat = new Float64Array(heartbeat);
  beat[0] = -1;
  const workerInput: WorkerInput = { lane: index, options, heartbeat };
  // A worker does not inherit the parent's `--import tsx` hooks (Node 20): it loads its module through tsx's API.
  const api = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const bootstrap = `import(${api}).then(({ tsImport }) => tsImport(${JSON.stringify(new URL('./fuzz/worker.ts', import.meta.url).href)}, ${JSON.stringify(import.meta.url)}))`;
  const worker = new Worker(bootstrap, { eval: true, workerData: workerInput });
  return new Promise((resolveReport, reject) => {
    let settled = false;
    const watchdog = setInterval(() => {
      const running = beat[0]!;
      if (settled || running < 0 || Date.now() - beat[1]! < HANG_MS) return;
      settled = true;
      clearInterval(watchdog);
      void worker.terminate();
      const { input, mutations } = mutantAt(lane, options.seed, running);
      const file = options.saveDir ? saveFinding(options.saveDir, lane.target.name, input, lane.extension) : undefined;
      resolveReport({
        label: lane.label,
        target: lane.target.name,
        executions: running + 1,
        seconds: NaN,
        outcomes: { decoded: 0, refused: 0, skipped: 0 },
        slowest: HANG_MS,
        largestHeapStep: 0,
        heapGrowth: null,
        findings: [
          {
            lane: lane.label,
            target: lane.target.name,
            kind: 'hang',
            message: `execution ${running} ran over ${HANG_MS / 1000} s; lane stopped`,
            input,
            file,
            mutations,
          },
        ],
        stopped: 'hang',
      });
    }, 250);
    worker.on('message', (report: LaneReport) => {
      settled = true;
      clearInterval(watchdog);
      resolveReport(report);
    });
    worker.on('error', (error) => {
      clearInterval(watchdog);
      if (!settled) reject(error);
      settled = true;
    });
    worker.on('exit', (code) => {
      clearInterval(watchdog);
      if (!settled) reject(new Error(`the worker of lane "${lane.label}" exited with code ${code} before reporting (out of memory?)`));
      settled = true;
    });
  });
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const saveDir = args.save ? join(root, 'test', 'fuzz-regressions') : null;
  const allLanes = buildLanes();
  const chosen = allLanes
    .map((lane, index) => ({ lane, index }))
    .filter(({ lane }) => args.readers.length === 0 || args.readers.some((r) => lane.target.name === r || lane.label.startsWith(r)));
  if (chosen.length === 0) {
    process.stderr.write(
      `no reader named ${args.readers.join(', ')}; readers: ${[...new Set(allLanes.map((l) => l.target.name))].join(', ')}\n`,
    );
    return 2;
  }
  const threads = Math.max(1, Math.min(args.threads ?? availableParallelism(), chosen.length));
  const gcNote = process.execArgv.includes('--expose-gc')
    ? 'exact (--expose-gc)'
    : 'estimated between batches (run with --expose-gc for exact)';
  process.stdout.write(
    `fuzz campaign: seed ${args.seed}, ${args.mutations} mutations per lane (commands lane: ${Math.round(args.mutations * 0.3)}), ${chosen.length} lanes on ${threads} threads, budget ${args.maxSeconds} s; heap growth ${gcNote}\n`,
  );
  const started = performance.now();
  // Each lane's time share: the budget over the lanes each thread runs in turn.
  const perLane = (args.maxSeconds * threads) / chosen.length;
  const reports: LaneReport[] = new Array<LaneReport>(chosen.length);
  let nextLane = 0;
  const runner = async (): Promise<void> => {
    while (nextLane < chosen.length) {
      const slot = nextLane++;
      const { lane, index } = chosen[slot]!;
      const mutations = Math.max(1, Math.round(args.mutations * lane.weight));
      reports[slot] = await runLaneInWorker(index, { seed: args.seed, mutations, maxSeconds: perLane, saveDir });
      process.stderr.write(`  done: ${lane.label}\n`);
    }
  };
  await Promise.all(Array.from({ length: threads }, runner));
  printReports(reports);
  const total = reports.reduce((n, r) => n + r.executions, 0);
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(`\n${total} executions in ${seconds.toFixed(1)} s (${Math.round(total / seconds)}/s overall)\n`);
  const findings = reports.flatMap((r) => r.findings);
  if (findings.length === 0) {
    process.stdout.write('findings: none\n');
    return 0;
  }
  process.stdout.write(`findings: ${findings.length}\n`);
  for (const f of findings) {
    const where = f.file ? relative(process.cwd(), f.file) : '(not saved)';
    process.stdout.write(
      `\n[${f.kind}] ${f.lane} — ${where}\n  ${f.message.replace(/\n/g, '\n  ')}\n  mutations: ${JSON.stringify(f.mutations)}\n`,
    );
  }
  return 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`fuzz: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
