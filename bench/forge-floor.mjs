// The floor for the census of an archive: the least a census could do to the same data files.
// It reads the archive's tables with the library, then only reads each data file the index types
// Skeleton or SkeletonComponent and decompresses every block of its two sets with the same LZO1X
// decoder, parsing nothing else. Prints the decompressed byte count (so nothing is optimised away).
//   node bench/forge-floor.mjs <dist folder> <archive>
import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [dist, archive] = process.argv.slice(2);
const { openForge } = await import(pathToFileURL(join(dist, 'archive', 'forge.js')).href);
const { decompressLzo1x } = await import(pathToFileURL(join(dist, 'archive', 'lzo1x.js')).href);
const { openArchiveFile } = await import(pathToFileURL(join(dist, 'node', 'archive-file-source.js')).href);

const SKELETON = 0x24aecb7c;
const COMPONENT = 0x71fda747;
const source = await openArchiveFile(archive);
const forge = await openForge(source);
await source.close();
const fd = openSync(archive, 'r');
let total = 0;
for (const entry of forge.entries) {
  const type = entry.resourceType >>> 0;
  if (type !== SKELETON && type !== COMPONENT) continue;
  const bytes = new Uint8Array(entry.size);
  readSync(fd, bytes, 0, entry.size, entry.offset);
  const view = new DataView(bytes.buffer);
  let at = forge.version === 25 ? 440 : 0;
  for (let set = 0; set < 2; set++) {
    const v1 = view.getUint16(at + 8, true) === 1;
    let p = at + 15;
    const count = v1 ? view.getUint16(p, true) : view.getUint32(p, true);
    p += v1 ? 2 : 4;
    const sizes = [];
    for (let i = 0; i < count; i++) {
      sizes.push(v1 ? [view.getUint16(p, true), view.getUint16(p + 2, true)] : [view.getInt32(p, true), view.getInt32(p + 4, true)]);
      p += v1 ? 4 : 8;
    }
    for (const [raw, stored] of sizes) {
      const block = bytes.subarray(p + 4, p + 4 + stored);
      total += raw === stored ? block.length : decompressLzo1x(block, raw).length;
      p += 4 + stored;
    }
    at = p;
  }
}
closeSync(fd);
process.stdout.write(`${total}\n`);
