/** What `probe` does (declared in commands/probe.ts). */
import { probeResource, type ProbeCandidate, type ProbeResult } from '../../analysis/probe.js';
import { layouts } from '../../formats/registry.js';
import { isForgeHeader } from '../../archive/forge-select.js';
import { count, formatOffset } from '../../io/format.js';
import type { ProbeOptions } from '../commands/probe.js';
import { EXIT_FAILED, UsageError } from '../errors.js';
import { walkInputs } from '../files.js';
import { readInputFile } from '../input-file.js';
import { maxSizeOption } from '../options.js';
import { Progress } from '../progress.js';

/** One file's probe as the JSON contract gives it; `error` when it could not be read. */
export interface FileProbe extends Partial<ProbeResult> {
  file: string;
  match: string | null;
  error?: string;
}

/** Per layout, the reading that got furthest (an exact one first): what the text lists without --all. */
function furthestPerLayout(candidates: readonly ProbeCandidate[]): ProbeCandidate[] {
  const best = new Map<string, ProbeCandidate>();
  for (const c of candidates) {
    const key = `${c.layout} ${c.kind}`;
    const held = best.get(key);
    const better = held === undefined || (c.exact && !held.exact) || (c.exact === held.exact && c.offset > held.offset);
    if (better) best.set(key, c);
  }
  return [...best.values()];
}

function candidateLine(c: ProbeCandidate, width: number): string {
  const name = `${c.layout}${c.kind === 'Skeleton' ? '' : ` ${c.kind}`}`.padEnd(width);
  const reading = c.reading === '' ? '' : ` [${c.reading}]`;
  if (c.exact) {
    const checks = c.checksFailed.length === 0 ? 'every check holds' : `checks failed: ${c.checksFailed.join(', ')}`;
    return `  ${name}  exact end${reading}; ${checks}`;
  }
  return `  ${name}  stops at ${formatOffset(c.offset)} in ${c.path}${reading}: ${c.reason}`;
}

function verdict(p: FileProbe): string {
  if (p.error !== undefined) return `not read: ${p.error}`;
  if (p.match !== null) return `read exactly by ${p.match}`;
  const matches = p.matches ?? [];
  if (matches.length > 1) return `read exactly by ${matches.length} layouts, best first: ${matches.join(', ')}`;
  return 'no layout reads it exactly with its Proven checks holding';
}

function listLayouts(json: boolean): void {
  const rows = layouts().map((l) => ({
    name: l.name,
    title: l.title,
    family: l.family,
    source: l.source,
    idBits: l.idHexWidth * 4,
    kinds: [...l.kinds],
    readings: Object.fromEntries(Object.entries(l.readingChoices).map(([k, v]) => [k, [...v]])),
    docs: l.docs.path,
  }));
  if (json) {
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return;
  }
  const width = Math.max(...rows.map((r) => r.name.length));
  for (const r of rows) process.stdout.write(`${r.name.padEnd(width)}  ${r.idBits}-bit ids, ${r.source}: ${r.title} (${r.docs})\n`);
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
    for (const p of results) {
      process.stdout.write(`${p.file}: ${verdict(p)}\n`);
      const shown = options.all ? (p.candidates ?? []) : furthestPerLayout(p.candidates ?? []);
      const width = Math.max(0, ...shown.map((c) => c.layout.length + (c.kind === 'Skeleton' ? 0 : c.kind.length + 1)));
      for (const c of shown) process.stdout.write(`${candidateLine(c, width)}\n`);
    }
    if (skipped.length > 0) process.stdout.write(`${skippedLine}\n`);
  }
  if (results.some((p) => p.match === null)) process.exitCode = EXIT_FAILED;
}
