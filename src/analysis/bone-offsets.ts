/** Where each bone's record starts in a file: what a report of an offending bone names. */
import { readResourceAs, type Resource } from '../formats/resource.js';

/**
 * Bone index → offset of its record, from a second decode with spans (only done when a check
 * failed, so the common path stays lean). Empty when the second decode fails.
 */
export function boneOffsets(bytes: Uint8Array, resource: Resource): Map<number, number> {
  const offsets = new Map<number, number>();
  try {
    const { spans } = readResourceAs(
      bytes,
      { kind: resource.kind, dialect: resource.dialect },
      { spans: true, spanDepth: 2, reading: 'reading' in resource ? resource.reading : undefined },
    );
    for (const span of spans ?? []) {
      const match = /^bones\[(\d+)\]$/.exec(span.path);
      if (match) offsets.set(Number(match[1]), span.start);
    }
  } catch {
    // The file decoded once already; without spans the report simply carries no offsets.
  }
  return offsets;
}
