#!/usr/bin/env node
/**
 * The census benchmark's floor: a whole process that only walks the same folders, reads every file
 * and sums its bytes as little-endian f32 values (whole 4-byte words from the start). Whatever the
 * census does beyond reading is measured against this. Prints `files bytes sum` on stdout.
 *
 * Usage: node bench/floor-sum-f32.mjs <dir>...
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function* walk(dir) {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

let files = 0;
let bytes = 0;
let sum = 0;
for (const root of process.argv.slice(2)) {
  for (const path of walk(root)) {
    const data = readFileSync(path);
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const end = data.byteLength & ~3;
    for (let at = 0; at < end; at += 4) {
      const v = view.getFloat32(at, true);
      // NaN and infinities would swamp the sum; count only finite values.
      if (v - v === 0) sum += v;
    }
    files++;
    bytes += data.byteLength;
  }
}
process.stdout.write(`${files} ${bytes} ${sum}\n`);
