/**
 * Generated readers at run time. Reading a declaration field by field keeps one definition for
 * reading, writing and the tables, but stores every decoded field under a key that varies (slow
 * in JavaScript engines); generating code at run time would need `eval`, which the viewer's
 * Content-Security-Policy forbids. So readers are generated ahead of time (`compile.ts`,
 * `npm run gen:readers`) into TypeScript committed beside the declarations, and this module
 * puts them to use.
 *
 * A generated reader is a fast path only. It builds each record as one object literal, and it is
 * used when no field path is kept; any refusal it meets is raised by reading that element again
 * through the declaration, so messages are the declaration's own, and `decodeAll` then reads the
 * input once more with paths kept. A reader whose declaration has changed since it was generated
 * is never used: each carries the signature of the declaration it came from.
 */
import { ParseError } from '../io/errors.js';
import type { ByteReader } from '../io/reader.js';
import type { AnyCodec, Codec, ReadContext } from './codec.js';

export type CompiledRead = (reader: ByteReader, context: ReadContext) => unknown;

/** What a generated module exports for one declaration. */
export interface CompiledReader {
  /** Signature of the declaration it was generated from (see `declarationSignature`). */
  readonly signature: string;
  /** Builds the reader from the declaration's handles: the codecs and functions it calls. */
  readonly create: (handles: readonly unknown[]) => CompiledRead;
}

/**
 * Refuses at `at` by reading the element there again through its declaration, which raises the
 * refusal with the declaration's own words. Used by generated readers only.
 */
export function refuseAgain(codec: AnyCodec, reader: ByteReader, at: number, context: ReadContext): never {
  reader.pos = at;
  codec.read(reader, context);
  // The declaration accepted what the generated reader refused: a stale or faulty reader. The
  // refusal still makes `decodeAll` read the input again through the declaration.
  throw new ParseError({ offset: at, path: [], expected: 'what the declaration reads', actual: 'bytes the generated reader refused' });
}

// ---------------------------------------------------------------------------------------------
// The declaration tree: handles and signature, from one walk shared by the compiler and run time.

/** Exported for the compiler (`compile.ts`). */
export interface DeclarationWalk {
  /** Codecs and functions in first-visit order; generated code refers to them by index. */
  handles: unknown[];
  index: Map<unknown, number>;
  /** Text describing every node; equal texts mean a generated reader fits. */
  text: string[];
}

function handleOf(walk: DeclarationWalk, item: unknown): number {
  let i = walk.index.get(item);
  if (i === undefined) {
    i = walk.handles.length;
    walk.handles.push(item);
    walk.index.set(item, i);
  }
  return i;
}

/** Wrappers that only choose how to read (not what) are transparent to the compiler. */
export function unwrapCompiled(codec: AnyCodec): AnyCodec {
  let c = codec;
  while (c.layout?.kind === 'compiled') c = c.layout.inner;
  return c;
}

/**
 * The form of the code the compiler emits. Raise it with any change to what generated code does
 * (not only to what it reads): every generated reader then reads as stale until regenerated, so an
 * old one never runs against new behaviour. Behaviour that lives in the declarations (a pointer's
 * tags, a constant's value, a counted array's rule) is in each node's text already.
 */
export const GENERATED_READER_FORM = 3;

function visit(walk: DeclarationWalk, given: AnyCodec): void {
  const codec = unwrapCompiled(given);
  const seen = walk.index.has(codec);
  const h = handleOf(walk, codec);
  if (seen) {
    walk.text.push(`#${h}`);
    return;
  }
  const layout = codec.layout;
  walk.text.push(`(${h} ${JSON.stringify(codec.typeName)} ${codec.minSize} ${codec.primitive ?? 0} ${layout?.kind ?? 'opaque'}`);
  switch (layout?.kind) {
    case undefined:
    case 'raw':
      walk.text.push(layout ? String(layout.length) : '');
      break;
    case 'constant':
      walk.text.push(String(layout.value));
      break;
    case 'struct':
      for (const f of layout.fields) {
        walk.text.push(`${JSON.stringify(f.name)}${f.keep ? '' : '-'}${f.expect === null ? '' : ` expect ${JSON.stringify(f.expect)}`}`);
        visit(walk, f.codec);
      }
      break;
    case 'counted':
      walk.text.push(String(layout.mustBeEmpty));
      visit(walk, layout.element);
      break;
    case 'pointer':
      // The tags are behaviour the generated code repeats: a change to them makes it stale.
      walk.text.push(`${layout.allowNull} ${layout.allowReference} ${layout.tags.null}/${layout.tags.reference}/${layout.tags.inline}`);
      visit(walk, layout.id);
      if (layout.inline) visit(walk, layout.inline);
      break;
    case 'idScope':
    case 'compiled':
      visit(walk, layout.inner);
      break;
    case 'registersId':
      handleOf(walk, layout.idOf);
      visit(walk, layout.inner);
      break;
    case 'map':
      handleOf(walk, layout.decode);
      visit(walk, layout.inner);
      break;
    case 'scopedReference':
      walk.text.push(`${layout.mode} ${JSON.stringify(layout.expectation)}`);
      visit(walk, layout.inner);
      break;
    case 'keyedUnion':
      walk.text.push(JSON.stringify(layout.key));
      visit(walk, layout.head);
      for (const c of layout.cases) {
        walk.text.push(String(c.key));
        visit(walk, c.codec);
      }
      break;
  }
  walk.text.push(')');
}

export function walkDeclaration(codec: AnyCodec): DeclarationWalk {
  const walk: DeclarationWalk = { handles: [], index: new Map(), text: [`form ${GENERATED_READER_FORM}`] };
  visit(walk, codec);
  return walk;
}

/** A short fingerprint of a declaration's whole tree: names, sizes, constants, options. */
export function declarationSignature(codec: AnyCodec): string {
  return fingerprint(walkDeclaration(codec).text.join(' '));
}

export function fingerprint(text: string): string {
  // FNV-1a, twice with different seeds: a 64-bit fingerprint from 32-bit arithmetic.
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return `${(a >>> 0).toString(16).padStart(8, '0')}${(b >>> 0).toString(16).padStart(8, '0')}-${text.length}`;
}

// ---------------------------------------------------------------------------------------------
// Run time.

export type CompiledReaderStatus = 'compiled' | 'stale' | 'interpreted';

interface CompiledState {
  read: CompiledRead | null;
  status: CompiledReaderStatus;
}

/** Each wrapped codec's state, prepared on first use (the declaration walk is not free at start-up). */
const stateOf = new WeakMap<AnyCodec, () => CompiledState>();

/** Receives the stale-reader warning. */
export type StaleReaderSink = (message: string) => void;

// A stale reader still reads correctly (through the declaration) but about 3× slower, which
// nobody would notice without being told. `console.warn` keeps the core free of Node modules.
let staleSink: StaleReaderSink = (message) => console.warn(message);
let staleWarned = false;

/**
 * Routes the stale-reader warning (the CLI can send it to stderr; a test can collect it) and arms
 * it again: the new sink hears of the first stale reader met from now on, once. Returns the
 * previous sink, so a caller can put it back.
 */
export function onStaleCompiledReader(sink: StaleReaderSink): StaleReaderSink {
  const previous = staleSink;
  staleSink = sink;
  staleWarned = false;
  return previous;
}

function warnStale(codec: AnyCodec): void {
  if (staleWarned) return;
  staleWarned = true;
  staleSink(
    `the generated reader of ${codec.typeName} does not fit its declaration (run npm run gen:readers); ` +
      'reading through the declaration instead, about 3× slower',
  );
}

/**
 * The codec, reading through a generated reader when no field path is kept and the reader was
 * generated from this very declaration; through the declaration otherwise.
 */
export function withCompiledReader<T>(codec: Codec<T>, compiled: CompiledReader | undefined): Codec<T> {
  let state: CompiledState | null = null;
  const prepared = (): CompiledState => {
    if (state !== null) return state;
    if (!compiled) return (state = { read: null, status: 'interpreted' });
    const walk = walkDeclaration(codec);
    if (fingerprint(walk.text.join(' ')) !== compiled.signature) {
      warnStale(codec);
      return (state = { read: null, status: 'stale' });
    }
    return (state = { read: compiled.create(walk.handles), status: 'compiled' });
  };
  const wrapped: Codec<T> = {
    ...codec,
    primitive: undefined,
    layout: { kind: 'compiled', inner: codec },
    read(r, ctx) {
      if (ctx.trackPaths) return codec.read(r, ctx);
      const read = (state ?? prepared()).read;
      return read === null ? codec.read(r, ctx) : (read(r, ctx) as T);
    },
    write: (w, v, ctx) => codec.write(w, v, ctx),
  };
  stateOf.set(wrapped, prepared);
  return wrapped;
}

/** Whether a codec reads through a generated reader, one that no longer fits it, or the declaration alone. */
export function compiledReaderStatus(codec: AnyCodec): CompiledReaderStatus {
  return stateOf.get(codec)?.().status ?? 'interpreted';
}

/** Functions a generated reader calls (an id getter, a decode step). */
export type CompiledHook = (value: unknown) => unknown;
