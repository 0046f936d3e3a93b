import { EncodeError } from '../io/errors.js';
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
    write(w, v, ctx) {
      const outer = ctx.scope;
      ctx.scope = new IdScope(EncodeError);
      try {
        codec.write(w, v, ctx);
        ctx.scope.resolvePending();
      } finally {
        ctx.scope = outer;
      }
    },
  };
}

/**
 * The codec, each value's id (from `idOf`) joining the scope after it is read or written; reading
 * refuses a repeated id with a {@link ParseError}, writing with an EncodeError.
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
      if (ctx.scope && ctx.scope.register(id) < 0)
        r.fail(`a ${what} id not used by an earlier ${what}`, `id ${formatValue(id)} again`, start);
      return value;
    },
    write(w, v, ctx) {
      const start = w.pos;
      codec.write(w, v, ctx);
      if (ctx.scope !== null && ctx.scope.register(idOf(v)) < 0)
        w.refuse(`a ${what} id not used by an earlier ${what}`, `id ${formatValue(idOf(v))} again`, start);
    },
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
  const writeExpectation = mode === 'earlier' ? `the id of a ${what} written before` : expectation;
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
    // Writing holds references to the reader's rule, so that a skeleton naming a bone it does not
    // hold (a removed one) is refused rather than written as bytes the reader refuses.
    write(w, v, ctx) {
      const at = w.pos;
      codec.write(w, v, ctx);
      if (v.kind === 'ref' && ctx.scope !== null) {
        if (mode === 'earlier') {
          if (ctx.scope.indexOf(v.id) === undefined)
            w.refuse(writeExpectation, `id ${formatValue(v.id)}, which names no ${what} written before`, at + 1);
        } else {
          ctx.scope.defer(v.id, at + 1, ctx.trackPaths ? w.path : null, writeExpectation);
        }
      }
    },
  };
}
