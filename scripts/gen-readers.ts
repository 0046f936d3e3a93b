/** Regenerates the compiled readers in src/formats/<dialect>/compiled.ts from the declarations. */
import { writeFileSync } from 'node:fs';
import { compiledReaderSources } from '../src/formats/compiled-readers.js';

for (const [path, text] of Object.entries(compiledReaderSources())) {
  writeFileSync(path, text);
  process.stdout.write(`wrote ${path}\n`);
}
