/**
 * What the declarations say of each field path a decode records as a span: the confidence and the
 * note, so a viewer can colour a span without knowing the layout it came from.
 */
import type { AnyCodec, Confidence } from './codec.js';
import type { StructCodec } from './struct.js';

/** A field's declaration as a span path finds it: its type, confidence and note. */
export interface FieldInfo {
  /** The field's type as the format tables show it. */
  type: string;
  /** The declared confidence (`public reading` for a sibling title's field). */
  confidence: Confidence;
  /** The note of the format tables. */
  note: string;
}

function isStruct(codec: AnyCodec): codec is StructCodec<unknown> {
  return Array.isArray((codec as Partial<StructCodec<unknown>>).fields);
}

/** Array positions out of a span path: `bones[3].parent` → `bones[].parent`. */
export function fieldPattern(path: string): string {
  return path.replace(/\[\d+\]/g, '[]');
}

/**
 * Every field path the codec can record, with array positions as `[]` (see {@link fieldPattern}),
 * mapped to its declaration. Array elements and inline pointer targets take the field's own entry,
 * and their fields are listed below it. Never throws; a codec that recurses into itself is walked once.
 */
export function fieldInfoTable(root: AnyCodec): Map<string, FieldInfo> {
  const table = new Map<string, FieldInfo>();
  const onPath = new Set<AnyCodec>();
  const visit = (codec: AnyCodec, path: string, inherited: FieldInfo | null): void => {
    if (onPath.has(codec)) return;
    onPath.add(codec);
    if (inherited !== null && path !== '' && !table.has(path)) table.set(path, inherited);
    if (isStruct(codec)) {
      for (const field of codec.fields) {
        const fieldPath = path === '' ? field.name : `${path}.${field.name}`;
        const info: FieldInfo = {
          type: field.codec.typeName,
          confidence: field.confidence,
          note: field.note,
        };
        table.set(fieldPath, info);
        visit(field.codec, fieldPath, info);
      }
    } else {
      const step = codec.layout?.kind === 'counted' ? '[]' : '';
      for (const child of codec.children ?? []) visit(child, `${path}${step}`, inherited);
    }
    onPath.delete(codec);
  };
  visit(root, '', null);
  return table;
}
