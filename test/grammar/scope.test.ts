import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IdScope } from '../../src/grammar/scope.js';

describe('IdScope', () => {
  it('numbers objects in the order registered and refuses a taken id, keeping its first object', () => {
    const scope = new IdScope();
    expect(scope.register(0x1_0000_0001n)).toBe(0);
    expect(scope.register(7n)).toBe(1);
    expect(scope.register(0x1_0000_0001n)).toBe(-1);
    expect(scope.indexOf(0x1_0000_0001n)).toBe(0);
    expect(scope.register(9n)).toBe(2);
    expect(scope.size).toBe(3);
    // 7 and 7n are different ids, as a Map keeps them.
    expect(scope.register(7)).toBe(3);
  });

  it('agrees with a first-index map on any sequence of ids', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 20n }), { maxLength: 60 }), (ids) => {
        const scope = new IdScope();
        const first = new Map<bigint, number>();
        for (const id of ids) {
          const got = scope.register(id);
          if (first.has(id)) expect(got).toBe(-1);
          else {
            expect(got).toBe(first.size);
            first.set(id, first.size);
          }
        }
        for (const [id, index] of first) expect(scope.indexOf(id)).toBe(index);
        expect(scope.size).toBe(first.size);
      }),
    );
  });

  it('answers indexOf as the first-index map does after every registration, for any id asked', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.bigInt({ min: 0n, max: 12n }), fc.bigInt({ min: 0n, max: 12n })), { maxLength: 40 }), (steps) => {
        const scope = new IdScope();
        const first = new Map<bigint, number>();
        for (const [id, asked] of steps) {
          scope.register(id);
          if (!first.has(id)) first.set(id, first.size);
          // The id just registered (the last object), an earlier one, or none.
          expect(scope.indexOf(id)).toBe(first.get(id));
          expect(scope.indexOf(asked)).toBe(first.get(asked));
        }
      }),
    );
  });

  it('settles deferred references exactly when each names a registered id, whatever their order', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ id: fc.bigInt({ min: 0n, max: 9n }), refers: fc.option(fc.bigInt({ min: 0n, max: 12n }), { nil: undefined }) }),
          {
            maxLength: 30,
          },
        ),
        (objects) => {
          const scope = new IdScope();
          const registered = new Set<bigint>();
          const deferred: bigint[] = [];
          for (const { id, refers } of objects) {
            if (refers !== undefined) {
              scope.defer(refers, deferred.length, null, 'a bone id');
              deferred.push(refers);
            }
            scope.register(id);
            registered.add(id);
          }
          const missing = deferred.findIndex((id) => !registered.has(id));
          if (missing < 0) expect(() => scope.resolvePending()).not.toThrow();
          else expect(() => scope.resolvePending()).toThrow(expect.objectContaining({ offset: missing }));
        },
      ),
    );
  });

  it('refuses at the end a deferred reference that names no object, with its offset and path', () => {
    const scope = new IdScope();
    scope.register(1n);
    scope.defer(1n, 10, ['bones', 0, 'mirror'], 'a bone id');
    scope.defer(5n, 40, ['bones', 1, 'mirror'], 'a bone id');
    expect(() => scope.resolvePending()).toThrow(expect.objectContaining({ offset: 40, path: 'bones[1].mirror' }));
  });
});
