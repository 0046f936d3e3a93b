/**
 * The generated readers' sources (`npm run gen:readers` writes them; a test checks they are
 * current): one module per layout, holding the readers of its classes under every reading. Works on
 * declarations alone, so it runs whatever state the generated files are in.
 */
import { compileReaderModule, type CompileEntry } from '../grammar/index.js';
import { defineLayout, type LayoutDeclaration } from './layout.js';

/** Every generated reader module of these layouts, by path from the project root. */
export function compiledReaderSources(declarations: readonly LayoutDeclaration[]): Record<string, string> {
  const imports = { grammarImport: '../../grammar/index.js', readerImport: '../../io/reader.js' };
  const out: Record<string, string> = {};
  for (const declaration of declarations) {
    if (declaration.compiledModule === null) continue;
    // A layout with no generated readers attached: its codecs are the declarations themselves.
    const layout = defineLayout(declaration, {});
    const entries: CompileEntry[] = [];
    const names = new Set<string>();
    for (const kind of declaration.kinds) {
      for (const reading of layout.readings()) {
        const name = declaration.compiledName(kind, reading);
        if (names.has(name)) continue;
        names.add(name);
        entries.push({ name, codec: declaration.declaration(kind, reading) });
      }
    }
    out[declaration.compiledModule] = compileReaderModule(entries, {
      ...imports,
      header: `${declaration.name} readers: ${declaration.kinds.join(' and ')} under every reading.`,
    });
  }
  return out;
}
