/**
 * The generated readers' sources (`npm run gen:readers` writes them; a test checks they are
 * current). Each layout's module holds the readers of its whole resources.
 */
import { compileReaderModule, type CompileEntry } from '../grammar/index.js';
import {
  ANVILNEXT_READING_CHOICES,
  anvilnextSkeletonCodec,
  compiledSkeletonReaderName,
  skeletonComponent,
  type AnvilnextReading,
} from './anvilnext/index.js';
import { scimitarSkeleton } from './scimitar/index.js';

function everyAnvilnextReading(): AnvilnextReading[] {
  const readings: AnvilnextReading[] = [];
  for (const reflexConstraints of ANVILNEXT_READING_CHOICES.reflexConstraints) {
    for (const poseBoneHeader of ANVILNEXT_READING_CHOICES.poseBoneHeader) readings.push({ reflexConstraints, poseBoneHeader });
  }
  return readings;
}

/** Every generated reader module, by path from the project root. */
export function compiledReaderSources(): Record<string, string> {
  const anvilnext: CompileEntry[] = [
    ...everyAnvilnextReading().map((reading) => ({ name: compiledSkeletonReaderName(reading), codec: anvilnextSkeletonCodec(reading) })),
    { name: 'skeletonComponentReader', codec: skeletonComponent },
  ];
  const imports = { grammarImport: '../../grammar/index.js', readerImport: '../../io/reader.js' };
  return {
    'src/formats/anvilnext/compiled.ts': compileReaderModule(anvilnext, {
      ...imports,
      header: 'anvilnext readers: the Skeleton under every reading, and the SkeletonComponent.',
    }),
    'src/formats/scimitar/compiled.ts': compileReaderModule([{ name: 'scimitarSkeletonReader', codec: scimitarSkeleton }], {
      ...imports,
      header: 'scimitar readers: the Skeleton.',
    }),
  };
}
