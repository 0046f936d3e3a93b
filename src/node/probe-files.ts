/**
 * `probe` over files and folders: every loose resource probed against every layout, what a folder
 * holds that is not a resource skipped by its header (as every command skips it), a named file of
 * no layout still probed, so each layout says where it stops.
 */
import { probeResource } from '../analysis/probe.js';
import { isForgeHeader } from '../archive/forge-select.js';
import type { FileProbe } from '../export/probe-report.js';
import type { InputWalk } from './files.js';
import { readInputFile } from './input-file.js';

/** What {@link probeFiles} found: each file probed (or why not, for a named one), and each skipped with the reason; both by path. */
export interface FileProbes {
  /** The files probed, and the named paths not read. */
  results: FileProbe[];
  /** The files found in folders and skipped. */
  skipped: { file: string; reason: string }[];
}

/** Probes every file of `walk` (see {@link walkInputs}), each read within `maxSize`. */
export function probeFiles(walk: InputWalk, options: { maxSize?: number; onProgress?: (done: number) => void } = {}): FileProbes {
  const results: FileProbe[] = [];
  const skipped: { file: string; reason: string }[] = [];
  for (const p of walk.problems) {
    if (p.failed) results.push({ file: p.path, match: null, error: p.reason });
    else skipped.push({ file: p.path, reason: p.reason });
  }
  let done = 0;
  for (const input of walk.files) {
    const got = readInputFile(input.path, options.maxSize === undefined ? {} : { maxSize: options.maxSize });
    if (got.kind === 'unreadable') {
      if (got.skippable && !input.explicit) skipped.push({ file: input.path, reason: got.reason });
      else results.push({ file: input.path, match: null, error: got.reason });
    } else if (got.kind === 'other' && !input.explicit) {
      const reason = isForgeHeader(got.head) ? 'a .forge archive (probe reads loose resources)' : got.description;
      skipped.push({ file: input.path, reason });
    } else {
      // A named file of no layout is still probed: each layout then says where (at its class) it stops.
      const bytes = got.kind === 'resource' ? got.bytes : got.kind === 'other' ? got.head : new Uint8Array(0);
      results.push({ file: input.path, ...probeResource(bytes) });
    }
    options.onProgress?.(++done);
  }
  const byFile = (a: { file: string }, b: { file: string }): number => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
  skipped.sort(byFile);
  results.sort(byFile);
  return { results, skipped };
}
