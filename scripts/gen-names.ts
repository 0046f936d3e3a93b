/**
 * Regenerates src/names/data/lists.ts from the name lists in src/names/data/*.txt, then
 * src/names/data/built-in.ts (the built-in dictionary's names and hashes) from those lists.
 */
import { writeFileSync } from 'node:fs';
import { BUILT_IN_TABLE_MODULE, NAME_DATA_MODULE, readNameDataFiles, renderBuiltInTable, renderNameData } from './name-data.js';

writeFileSync(NAME_DATA_MODULE, await renderNameData(readNameDataFiles()));
process.stdout.write(`wrote ${NAME_DATA_MODULE}\n`);
// Imported only now, so the names are assembled from the lists just written.
const { assembleBuiltInNames } = await import('../src/names/dictionary.js');
writeFileSync(BUILT_IN_TABLE_MODULE, await renderBuiltInTable(assembleBuiltInNames()));
process.stdout.write(`wrote ${BUILT_IN_TABLE_MODULE}\n`);
