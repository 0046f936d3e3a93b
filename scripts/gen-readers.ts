/** Regenerates the compiled readers (`src/formats/<folder>/compiled.ts`) from the declarations alone. */
import { writeFileSync } from 'node:fs';
import { compiledReaderSources } from '../src/formats/compiled-readers.js';
import { layoutDeclarations } from './layout-declarations.js';

for (const [path, text] of Object.entries(compiledReaderSources(await layoutDeclarations()))) {
  writeFileSync(path, text);
  process.stdout.write(`wrote ${path}\n`);
}
