import { formatValue } from '../io/format.js';
import type { Codec } from './codec.js';
import type { PointerValue } from './pointer.js';
import { IdScope } from './scope.js';

/**
 * The codec read with a fresh id scope: the objects registered inside belong to this resource, and
 * every forward reference made inside must name one of them by the end, or reading refuses with a
 * {@link ParseError}.
 */
export function withIdScope<T>(codec: Codec<T>): Codec<T> {
  return {
    ...codec,
    primitive: undefined,
    layout: { kind: 'idScope', inner: codec },
    read(r, ctx) {
      const outer = ctx.scope;
      ctx.scope = new IdScope();
      try {
        const value = codec.read(r, ctx);
        ctx.scope.resolvePending();
        return value;
      } finally {
        ctx.scope = outer;
      }
    },
    write: (w, v) => codec.write(w, v),
  };
}

/**
 * The codec, each value's id (from `idOf`) joining the scope after it is read; reading refuses a repeated id with a {@link ParseError}.
 */
export function registersId<T, I extends number | bigint>(codec: Codec<T>, idOf: (value: T) => I, what: string): Codec<T> {
  return {
    ...codec,
    primitive: undefined,
    layout: { kind: 'registersId', inner: codec, idOf: idOf as (value: never) => I },
    read(r, ctx) {
      const start = r.pos;
      const value = codec.read(r, ctx);
      const id = idOf(value);
      if (ctx.scope && ctx.scope.register(id) < 0) r.fail(`a ${what} id not used by an earlier ${what}`, `id ${formatValue(id)} again`, start);
      return value;
    },
    write: (w, v) => codec.write(w, v),
  };
}

/**
 * The pointer codec, a reference having to name an object of the scope: `earlier` ones already read
 * (a parent comes before its child), or `any` of the resource (checked when it ends). Reading refuses
 * any other reference with a {@link ParseError}.
 */
export function scopedReference<I extends number | bigint, T>(
  codec: Codec<PointerValue<I, T>>,
  mode: 'earlier' | 'any',
  what: string,
): Codec<PointerValue<I, T>> {
  const expectation = mode === 'earlier' ? `the id of a ${what} read before` : `the id of a ${what} of this skeleton`;
  return {
    ...codec,
    typeName: `${codec.typeName} (${mode === 'earlier' ? `a ${what} read before` : `a ${what} of this skeleton`})`,
    primitive: undefined,
    layout: { kind: 'scopedReference', inner: codec, mode, expectation },
    read(r, ctx) {
      const at = r.pos;
      const value = codec.read(r, ctx);
      if (value.kind === 'ref' && ctx.scope) {
        if (mode === 'earlier') {
          if (ctx.scope.indexOf(value.id) === undefined) r.fail(expectation, `id ${formatValue(value.id)}`, at + 1);
        } else {
          ctx.scope.defer(value.id, at + 1, ctx.trackPaths ? r.path : null, expectation);
        }
      }
      return value;
    },
    write: (w, v) => codec.write(w, v),
  };
}
