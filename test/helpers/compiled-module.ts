/**
 * A declaration's generated reader as a test loads it: compiled by the reader compiler, written to
 * a module in `dir`, imported, and attached to the declaration (which must then read through it).
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileReaderModule, withCompiledReader, type AnyCodec, type CompiledReader } from '../../src/grammar/index.js';

/** The generated module's source and the declaration reading through it. */
export async function loadCompiledReader(codec: AnyCodec, dir: string): Promise<{ source: string; codec: AnyCodec }> {
  const source = compileReaderModule([{ name: 'testReader', codec }], {
    grammarImport: resolve('src/grammar/index.js'),
    readerImport: resolve('src/io/reader.js'),
    header: 'test declaration',
  });
  const path = join(dir, `reader-${Date.now()}-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(path, source);
  const module = (await import(pathToFileURL(path).href)) as { testReader: CompiledReader };
  return { source, codec: withCompiledReader(codec, module.testReader) };
}
