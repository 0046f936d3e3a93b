/** The declarations behind each span of a resource, found by path, for annotating its bytes. */
import { fieldInfoTable, fieldPattern, type FieldInfo } from '../grammar/field-info.js';
import type { AnyCodec } from '../grammar/codec.js';
import type { Reading } from './layout.js';
import { resourceCodec, type HeaderClass } from './resource.js';

export type { FieldInfo } from '../grammar/field-info.js';

const tables = new WeakMap<AnyCodec, Map<string, FieldInfo>>();

/**
 * A lookup from a span path of a resource read as `header` (under `reading`) to its field's
 * declaration: type, confidence (`Proven`, `Observed`, `Inferred`, `Unknown` or `public reading`) and
 * note. A path the declarations do not list takes its nearest listed ancestor's; null when none is
 * listed. Never throws.
 */
export function resourceFieldInfo(header: HeaderClass, reading?: Reading): (path: string) => FieldInfo | null {
  const codec = resourceCodec(header, reading);
  let table = tables.get(codec);
  if (table === undefined) {
    table = fieldInfoTable(codec);
    tables.set(codec, table);
  }
  const found = table;
  return (path) => {
    let pattern = fieldPattern(path);
    for (;;) {
      const info = found.get(pattern);
      if (info !== undefined) return info;
      const cut = Math.max(pattern.lastIndexOf('.'), pattern.endsWith('[]') ? pattern.length - 2 : -1);
      if (cut <= 0) return null;
      pattern = pattern.slice(0, cut);
    }
  };
}
