/** Regenerates the format tables in docs/ from the grammar. */
import { readFileSync, writeFileSync } from 'node:fs';
import { forgeProfileDocs } from '../src/archive/profile/docs.js';
import { formatDocs } from '../src/formats/docs.js';

for (const [path, text] of Object.entries({ ...formatDocs((path) => readFileSync(path, 'utf8')), ...forgeProfileDocs() })) {
  writeFileSync(path, text);
  process.stdout.write(`wrote ${path}\n`);
}
