import { ParseError, type ParseErrorDetails } from '../io/errors.js';
import { formatValue, type PathSegment } from '../io/format.js';

type Id = number | bigint;

/**
 * The objects (bones) of one resource, by id, in the order read. References to earlier objects
 * are resolved at once; references that may point forward are checked when the resource ends.
 * Writing keeps one too, with `EncodeError` as its refusal, so that what is written reads back.
 */
export class IdScope {
  constructor(private readonly Refusal: new (details: ParseErrorDetails) => Error = ParseError) {}

  private readonly indexById = new Map<Id, number>();
  /** The ids by index, to put a taken id back to its first object. */
  private readonly ids: Id[] = [];
  // Forward references, kept as parallel arrays: one per bone in the common case, so no object each.
  private readonly pendingIds: Id[] = [];
  private readonly pendingOffsets: number[] = [];
  private readonly pendingPaths: (PathSegment[] | null)[] = [];
  private readonly pendingWhat: string[] = [];
  private count = 0;

  /** Registers the next object's id; returns its index, or −1 when the id is already taken. Never throws. */
  register(id: Id): number {
    // One look-up in the common case (a 64-bit id hashes slowly as a bigint, and every bone has
    // one): the map grows unless the id was taken, which is put back to its first object.
    const before = this.indexById.size;
    this.indexById.set(id, this.count);
    if (this.indexById.size === before) {
      this.indexById.set(id, this.ids.indexOf(id));
      return -1;
    }
    this.ids.push(id);
    return this.count++;
  }

  /** The index of the object with this id, or undefined when none was registered. */
  indexOf(id: Id): number | undefined {
    // Most often the object read last (a bone's parent, in the depth-first order the files keep):
    // one comparison where the map hashes a 64-bit id.
    const last = this.count - 1;
    if (last >= 0 && this.ids[last] === id) return last;
    return this.indexById.get(id);
  }

  /** How many objects have been registered. */
  get size(): number {
    return this.count;
  }

  /**
   * Remembers a reference that must name some object of the resource by the time it ends. The
   * path is copied only when paths are kept (a refusal found without it is read again with it).
   */
  defer(id: Id, offset: number, path: readonly PathSegment[] | null, what: string): void {
    this.pendingIds.push(id);
    this.pendingOffsets.push(offset);
    this.pendingPaths.push(path === null ? null : [...path]);
    this.pendingWhat.push(what);
  }

  /**
   * Returns when every deferred reference names an object; throws a {@link ParseError} at the first that does not.
   */
  resolvePending(): void {
    const ids = this.pendingIds;
    const registered = this.ids;
    for (let i = 0; i < ids.length; i++) {
      // The i-th object's own id (a bone that is its own mirror, the common case when each object
      // defers one reference) is registered: one comparison where the map hashes a 64-bit id.
      if (ids[i] === registered[i]) continue;
      if (!this.indexById.has(ids[i]!)) {
        throw new this.Refusal({
          offset: this.pendingOffsets[i]!,
          path: this.pendingPaths[i] ?? [],
          expected: this.pendingWhat[i]!,
          actual: `id ${formatValue(ids[i]!)}, which names no bone`,
        });
      }
    }
    ids.length = 0;
    this.pendingOffsets.length = 0;
    this.pendingPaths.length = 0;
    this.pendingWhat.length = 0;
  }
}
