/**
 * Whole-process measurements for the benches: a node process timed to its end, medians of runs
 * (two commands alternating, so the machine's load weighs on both alike), and peak memory.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median } from './lib.js';

/** The command the package installs (package.json's `bin`): what a user's `anvil-skel` runs. */
export function installedCli(root: string): string {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin: Record<string, string> };
  return join(root, manifest.bin['anvil-skel']!);
}

/**
 * Runs `node args…` to its end. Its stdout is dropped unless asked for: `validate --json` of a
 * large corpus prints far more than a pipe buffer should hold.
 */
export function spawnNode(args: string[], keepStdout = false): { seconds: number; status: number | null; stdout: string; stderr: string } {
  const started = performance.now();
  const child = spawnSync(process.execPath, args, {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    stdio: ['ignore', keepStdout ? 'pipe' : 'ignore', 'pipe'],
  });
  return { seconds: (performance.now() - started) / 1000, status: child.status, stdout: child.stdout ?? '', stderr: child.stderr };
}

/** Seconds `node args…` took; throws when it fails. */
export function timedRun(args: string[]): number {
  const r = spawnNode(args);
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr.slice(0, 500)}`);
  return r.seconds;
}

/** Median seconds of `runs` runs, after one to warm the file cache and the process start. */
export function medianSeconds(args: string[], runs: number): number {
  spawnNode(args);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(timedRun(args));
  return median(times);
}

/**
 * Medians of two commands run side by side, alternating, so a change in the machine's load during
 * the measurement weighs on both alike.
 */
export function medianSecondsSideBySide(a: string[], b: string[], runs: number): [number, number] {
  spawnNode(a);
  spawnNode(b);
  const timesA: number[] = [];
  const timesB: number[] = [];
  for (let i = 0; i < runs; i++) {
    timesA.push(timedRun(a));
    timesB.push(timedRun(b));
  }
  return [median(timesA), median(timesB)];
}

/** Peak resident set of a whole process, in MB: `/usr/bin/time -v` when present, else the process's own report. */
export function peakRssMb(args: string[], scratch: string): number {
  if (existsSync('/usr/bin/time')) {
    const child = spawnSync('/usr/bin/time', ['-v', process.execPath, ...args], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const match = /Maximum resident set size \(kbytes\): (\d+)/.exec(child.stderr);
    if (child.status !== 0 || !match) throw new Error(`census under /usr/bin/time failed: ${child.stderr.slice(-500)}`);
    return Number(match[1]) / 1024;
  }
  const wrapper = join(scratch, 'report-max-rss.mjs');
  writeFileSync(
    wrapper,
    `process.on('exit', () => process.stderr.write('max-rss-kb ' + process.resourceUsage().maxRSS + '\\n'));\nawait import(${JSON.stringify(pathToFileURL(args[0]!).href)});\n`,
  );
  const child = spawnSync(process.execPath, [wrapper, ...args.slice(1)], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const match = /max-rss-kb (\d+)/.exec(child.stderr);
  if (!match) throw new Error(`census under the RSS wrapper failed: ${child.stderr.slice(-500)}`);
  return Number(match[1]) / 1024;
}
