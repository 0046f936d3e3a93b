import { ParseError } from '../io/errors.js';
import { formatValue, type PathSegment } from '../io/format.js';

type Id = number | bigint;

interface PendingReference {
  id: Id;
  offset: number;
  path: PathSegment[];
  what: string;
}

/**
 * The objects (bones) of one resource, by id, in the order read. References to earlier objects
 * are resolved at once; references that may point forward are checked when the resource ends.
 */
export class IdScope {
  private readonly indexById = new Map<Id, number>();
  private readonly pending: PendingReference[] = [];
  private count = 0;

  /** Registers the next object's id; returns its index, or −1 if the id is already taken. */
  register(id: Id): number {
    if (this.indexById.has(id)) return -1;
    this.indexById.set(id, this.count);
    return this.count++;
  }

  indexOf(id: Id): number | undefined {
    return this.indexById.get(id);
  }

  get size(): number {
    return this.count;
  }

  /** Remembers a reference that must name some object of the resource by the time it ends. */
  defer(id: Id, offset: number, path: readonly PathSegment[], what: string): void {
    this.pending.push({ id, offset, path: [...path], what });
  }

  /** Refuses the first deferred reference that names no object. */
  resolvePending(): void {
    for (const ref of this.pending) {
      if (!this.indexById.has(ref.id)) {
        throw new ParseError({ offset: ref.offset, path: ref.path, expected: ref.what, actual: `id ${formatValue(ref.id)}, which names no bone` });
      }
    }
    this.pending.length = 0;
  }
}
