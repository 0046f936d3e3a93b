/** Writing a synthetic sample corpus into a folder, under the output rule, with its README. */
import { join } from 'node:path';
import { TEXT_OUTPUT, resourceOutput } from '../export/output-kind.js';
import { sampleCorpus, sampleNames } from '../samples/corpus.js';
import { INVENTORY_DEFAULT_SEED, inventoryCorpus } from '../samples/inventory.js';
import { inventoryReadme, sampleNamesFile, samplesReadme } from '../samples/readme.js';
import { writeFileAtomic, writeFilesAtomic, type OutputFile, type WriteOptions } from './output-file.js';

/** Which corpus {@link writeSampleCorpus} writes, and whether it may replace files of another kind. */
export interface SampleCorpusOptions {
  /** `bundled`: the rigs of the samples folder; `inventory`: random rigs in the seed census's numbers. */
  scale: 'bundled' | 'inventory';
  /** The inventory corpus's seed (INVENTORY_DEFAULT_SEED by default). */
  seed?: number;
  /** Replace a file of another kind at an output path. */
  force?: boolean;
}

/** A resource of the corpus: it replaces only the same resource (class and object id), an earlier sample's. */
const resourceFile = (path: string, bytes: Uint8Array): OutputFile => ({ path, data: bytes, kind: resourceOutput(bytes) });
const textFile = (path: string, text: string): OutputFile => ({ path, data: text, kind: TEXT_OUTPUT });

/**
 * Writes the corpus into `outdir` and returns how many resources it wrote. The bundled corpus is
 * one batch: every file is checked against what is already there before any is written.
 */
export async function writeSampleCorpus(outdir: string, options: SampleCorpusOptions): Promise<number> {
  const write: WriteOptions = { command: 'sample', force: options.force === true };
  if (options.scale === 'inventory') {
    let written = 0;
    const pending: Promise<void>[] = [];
    const seed = options.seed ?? INVENTORY_DEFAULT_SEED;
    for (const file of inventoryCorpus({ seed })) {
      pending.push(writeFileAtomic(resourceFile(join(outdir, file.path), file.bytes), { ...write, sync: false }));
      written++;
      // A few writes in flight at a time: faster than one by one, without holding the corpus.
      if (pending.length >= 32) await Promise.all(pending.splice(0));
    }
    await Promise.all(pending);
    await writeFileAtomic(textFile(join(outdir, 'README.md'), inventoryReadme(seed)), write);
    return written;
  }
  const files = sampleCorpus();
  await writeFilesAtomic(
    [
      ...files.map((file) => resourceFile(join(outdir, file.path), file.bytes)),
      textFile(join(outdir, 'names.txt'), sampleNamesFile(sampleNames())),
      textFile(join(outdir, 'README.md'), samplesReadme(files)),
    ],
    write,
  );
  return files.length;
}
