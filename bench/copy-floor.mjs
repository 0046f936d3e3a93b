// The floor for `forge replace`: a plain copy of the archive's bytes by a node process, read and
// written a mebibyte at a time and flushed to disk at the end, as the rewrite writes its output.
//   node bench/copy-floor.mjs <from> <to>
import { closeSync, fstatSync, fsyncSync, openSync, readSync, writeSync } from 'node:fs';

const [from, to] = process.argv.slice(2);
const input = openSync(from, 'r');
const output = openSync(to, 'w');
const size = fstatSync(input).size;
const chunk = Buffer.allocUnsafe(1 << 20);
for (let at = 0; at < size;) {
  const n = readSync(input, chunk, 0, Math.min(chunk.length, size - at), at);
  writeSync(output, chunk, 0, n);
  at += n;
}
fsyncSync(output);
closeSync(output);
closeSync(input);
