/**
 * The reader compiler. The declarations are interpreted field by field, which keeps one
 * definition for reading, writing and the tables, but makes every decoded field a store whose
 * key varies (slow in JavaScript engines). Generating code at run time would need `eval`, which
 * the viewer's Content-Security-Policy forbids, so the compiler runs ahead of time: it turns a
 * declaration into TypeScript source (`npm run gen:readers`), committed beside the declarations.
 *
 * The generated reader is a fast path only. It builds each record as one object literal, and it
 * is used when no field path is kept; any refusal it meets is raised by reading that element again
 * through the declaration, so messages are the declaration's own, and `decodeAll` then reads the
 * input once more with paths kept. A reader whose declaration has changed since it was generated
 * is never used: each carries the signature of the declaration it came from.
 */
import { ParseError } from '../io/errors.js';
import type { ByteReader } from '../io/reader.js';
import { PrimitiveKind, type AnyCodec, type Codec, type ReadContext } from './codec.js';

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

interface DeclarationWalk {
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
function unwrap(codec: AnyCodec): AnyCodec {
  let c = codec;
  while (c.layout?.kind === 'compiled') c = c.layout.inner;
  return c;
}

function visit(walk: DeclarationWalk, given: AnyCodec): void {
  const codec = unwrap(given);
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
        walk.text.push(`${JSON.stringify(f.name)}${f.keep ? '' : '-'}`);
        visit(walk, f.codec);
      }
      break;
    case 'counted':
      walk.text.push(String(layout.mustBeEmpty));
      visit(walk, layout.element);
      break;
    case 'pointer':
      walk.text.push(`${layout.allowNull} ${layout.allowReference}`);
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
  }
  walk.text.push(')');
}

function walkDeclaration(codec: AnyCodec): DeclarationWalk {
  const walk: DeclarationWalk = { handles: [], index: new Map(), text: [] };
  visit(walk, codec);
  return walk;
}

/** A short fingerprint of a declaration's whole tree: names, sizes, constants, options. */
export function declarationSignature(codec: AnyCodec): string {
  return fingerprint(walkDeclaration(codec).text.join(' '));
}

function fingerprint(text: string): string {
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
    if (fingerprint(walk.text.join(' ')) !== compiled.signature) return (state = { read: null, status: 'stale' });
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
    write: (w, v) => codec.write(w, v),
  };
  stateOf.set(wrapped, prepared);
  return wrapped;
}

/** Whether a codec reads through a generated reader, one that no longer fits it, or the declaration alone. */
export function compiledReaderStatus(codec: AnyCodec): CompiledReaderStatus {
  return stateOf.get(codec)?.().status ?? 'interpreted';
}

// ---------------------------------------------------------------------------------------------
// The compiler.

/** One declaration to compile: the exported constant's name and the codec. */
export interface CompileEntry {
  name: string;
  codec: AnyCodec;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function propertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

function hexLiteral(value: number): string {
  if (value <= 9) return String(value);
  return `0x${value.toString(16).toUpperCase().padStart(value > 0xffff ? 8 : 2, '0')}`;
}

const PRIMITIVE_CALL: Record<PrimitiveKind, string> = {
  [PrimitiveKind.U8]: 'r.u8()',
  [PrimitiveKind.U16]: 'r.u16()',
  [PrimitiveKind.U32]: 'r.u32()',
  [PrimitiveKind.U64]: 'r.u64()',
  [PrimitiveKind.F32]: 'r.f32()',
  [PrimitiveKind.Vec4]: 'r.vec4()',
};

/** Code for one declaration: functions for its structures, and the statements that read it. */
class ReaderEmitter {
  private readonly walk: DeclarationWalk;
  private readonly usedHandles = new Set<number>();
  private readonly functionNames = new Map<AnyCodec, string>();
  private readonly functions: string[] = [];
  private readonly takenNames = new Set<string>();
  private temporaries = 0;

  constructor(root: AnyCodec) {
    this.walk = walkDeclaration(root);
  }

  get signature(): string {
    return fingerprint(this.walk.text.join(' '));
  }

  /** The module text for this declaration's `create` function body. */
  emit(root: AnyCodec): string {
    const rootName = this.structFunction(unwrap(root));
    const handles = [...this.usedHandles].sort((a, b) => a - b).map((i) => {
      const type = typeof this.walk.handles[i] === 'function' ? 'CompiledHook' : 'AnyCodec';
      return `    const h${i} = handles[${i}] as ${type};`;
    });
    return [...handles, ...this.functions, `    return ${rootName};`].join('\n');
  }

  private handle(item: unknown): string {
    const i = this.walk.index.get(item);
    if (i === undefined) throw new Error('reader compiler: a codec outside the declaration walk');
    this.usedHandles.add(i);
    return `h${i}`;
  }

  private temporary(prefix: string): string {
    return `${prefix}${this.temporaries++}`;
  }

  private functionName(codec: AnyCodec): string {
    const scoped = codec.layout?.kind === 'idScope' ? 'WithScope' : '';
    const base = `read${codec.typeName.replace(/[^A-Za-z0-9]/g, '')}${scoped}`;
    let name = base;
    for (let n = 2; this.takenNames.has(name); n++) name = `${base}${n}`;
    this.takenNames.add(name);
    return name;
  }

  /**
   * Emits a function that reads `codec` and returns its name. Structures, scopes and whole
   * declarations get functions of their own; the rest is read inline.
   */
  private structFunction(codec: AnyCodec): string {
    const known = this.functionNames.get(codec);
    if (known) return known;
    const name = this.functionName(codec);
    this.functionNames.set(codec, name);
    const lines: string[] = [];
    const saved = this.temporaries;
    this.temporaries = 0;
    const layout = codec.layout;
    if (layout?.kind === 'struct') {
      const members: string[] = [];
      for (const f of layout.fields) {
        const value = this.read(f.codec, lines, '      ');
        if (f.keep) members.push(`${propertyKey(f.name)}: ${value}`);
      }
      lines.push(`      return { ${members.join(', ')} };`);
    } else if (layout?.kind === 'idScope') {
      // A fresh scope for the objects of this resource; forward references are settled at its end.
      lines.push('      const outer = ctx.scope;');
      lines.push('      const scope = new IdScope();');
      lines.push('      ctx.scope = scope;');
      lines.push('      try {');
      const value = this.read(layout.inner, lines, '        ');
      lines.push('        scope.resolvePending();');
      lines.push(`        return ${value};`);
      lines.push('      } finally {');
      lines.push('        ctx.scope = outer;');
      lines.push('      }');
    } else {
      throw new Error(`reader compiler: ${codec.typeName} is neither a structure nor a scope`);
    }
    this.temporaries = saved;
    const body = lines.join('\n');
    const context = /\bctx\b/.test(body) ? 'ctx' : '_ctx';
    this.functions.push(`    function ${name}(r: ByteReader, ${context}: ReadContext): unknown {\n${body}\n    }`);
    return name;
  }

  /** Pushes statements reading `given`; returns an expression (a local or a constant) for its value. */
  private read(given: AnyCodec, lines: string[], indent: string): string {
    const codec = unwrap(given);
    const layout = codec.layout;
    const v = this.temporary('v');
    if (!layout) {
      if (codec.primitive) lines.push(`${indent}const ${v} = ${PRIMITIVE_CALL[codec.primitive as PrimitiveKind]};`);
      else lines.push(`${indent}const ${v} = ${this.handle(codec)}.read(r, ctx);`);
      return v;
    }
    switch (layout.kind) {
      case 'constant': {
        if (codec.primitive !== PrimitiveKind.U8 && codec.primitive !== PrimitiveKind.U32 && codec.primitive !== PrimitiveKind.U16) {
          lines.push(`${indent}const ${v} = ${this.handle(codec)}.read(r, ctx);`);
          return v;
        }
        const size = codec.fixedSize!;
        lines.push(`${indent}if (${PRIMITIVE_CALL[codec.primitive]} !== ${hexLiteral(layout.value)}) refuseAgain(${this.handle(codec)}, r, r.pos - ${size}, ctx);`);
        return hexLiteral(layout.value);
      }
      case 'raw':
        lines.push(`${indent}const ${v} = r.raw(${layout.length});`);
        return v;
      case 'counted': {
        const at = this.temporary('at');
        const n = this.temporary('n');
        lines.push(`${indent}const ${at} = r.pos;`);
        lines.push(`${indent}const ${n} = r.u32();`);
        if (layout.mustBeEmpty) {
          lines.push(`${indent}if (${n} !== 0) refuseAgain(${this.handle(codec)}, r, ${at}, ctx);`);
          lines.push(`${indent}const ${v}: unknown[] = [];`);
          return v;
        }
        const min = layout.element.minSize;
        lines.push(`${indent}if (${n} > Math.floor(r.remaining / ${min})) refuseAgain(${this.handle(codec)}, r, ${at}, ctx);`);
        lines.push(`${indent}const ${v}: unknown[] = [];`);
        const i = this.temporary('i');
        lines.push(`${indent}for (let ${i} = 0; ${i} < ${n}; ${i}++) {`);
        const element = this.read(layout.element, lines, `${indent}  `);
        lines.push(`${indent}  ${v}.push(${element});`);
        lines.push(`${indent}}`);
        return v;
      }
      case 'pointer':
        return this.pointer(codec, codec, null, lines, indent, v);
      case 'scopedReference': {
        const inner = unwrap(layout.inner);
        if (inner.layout?.kind !== 'pointer') break;
        return this.pointer(inner, codec, layout, lines, indent, v);
      }
      case 'struct':
      case 'idScope':
        lines.push(`${indent}const ${v} = ${this.structFunction(codec)}(r, ctx);`);
        return v;
      case 'registersId': {
        const at = this.temporary('at');
        lines.push(`${indent}const ${at} = r.pos;`);
        const value = this.read(layout.inner, lines, indent);
        lines.push(`${indent}if (ctx.scope !== null && ctx.scope.register(${this.handle(layout.idOf)}(${value}) as number | bigint) < 0) refuseAgain(${this.handle(codec)}, r, ${at}, ctx);`);
        return value;
      }
      case 'map': {
        const value = this.read(layout.inner, lines, indent);
        lines.push(`${indent}const ${v} = ${this.handle(layout.decode)}(${value});`);
        return v;
      }
      case 'compiled':
        break;
    }
    lines.push(`${indent}const ${v} = ${this.handle(codec)}.read(r, ctx);`);
    return v;
  }

  private pointer(
    pointer: AnyCodec,
    refusing: AnyCodec,
    scoped: { mode: 'earlier' | 'any'; expectation: string } | null,
    lines: string[],
    indent: string,
    v: string,
  ): string {
    const layout = pointer.layout;
    if (layout?.kind !== 'pointer') throw new Error('reader compiler: not a pointer');
    const at = this.temporary('at');
    const tag = this.temporary('tag');
    lines.push(`${indent}const ${at} = r.pos;`);
    lines.push(`${indent}const ${tag} = r.u8();`);
    lines.push(`${indent}let ${v}: unknown;`);
    const branches: string[] = [];
    if (layout.allowNull) branches.push(`if (${tag} === 3) {\n${indent}  ${v} = NULL_POINTER;\n${indent}}`);
    if (layout.allowReference) {
      const body: string[] = [];
      const id = this.read(layout.id, body, `${indent}  `);
      if (scoped?.mode === 'earlier') {
        body.push(`${indent}  if (ctx.scope !== null && ctx.scope.indexOf(${id}) === undefined) refuseAgain(${this.handle(refusing)}, r, ${at}, ctx);`);
      } else if (scoped?.mode === 'any') {
        body.push(`${indent}  if (ctx.scope !== null) ctx.scope.defer(${id}, ${at} + 1, null, ${JSON.stringify(scoped.expectation)});`);
      }
      body.push(`${indent}  ${v} = { kind: 'ref', id: ${id} };`);
      branches.push(`if (${tag} === 2) {\n${body.join('\n')}\n${indent}}`);
    }
    if (layout.inline) {
      const body: string[] = [];
      const value = this.read(layout.inline, body, `${indent}  `);
      body.push(`${indent}  ${v} = { kind: 'inline', value: ${value} };`);
      branches.push(`if (${tag} === 0) {\n${body.join('\n')}\n${indent}}`);
    }
    branches.push(`{\n${indent}  refuseAgain(${this.handle(refusing)}, r, ${at}, ctx);\n${indent}}`);
    lines.push(`${indent}${branches.join(' else ')}`);
    return v;
  }
}

/** Where a generated module lives, as the import paths it needs from there. */
export interface CompiledModuleOptions {
  /** The grammar's index, e.g. `../../grammar/index.js`. */
  grammarImport: string;
  /** The byte reader's module, e.g. `../../io/reader.js`. */
  readerImport: string;
  /** One line saying what the module holds. */
  header: string;
}

/** The source of a module exporting one `CompiledReader` per entry. */
export function compileReaderModule(entries: readonly CompileEntry[], options: CompiledModuleOptions): string {
  const parts = [
    `// ${options.header}`,
    '// Generated by `npm run gen:readers` from the declarations (see src/grammar/compile.ts); do not edit.',
    `import { IdScope, NULL_POINTER, refuseAgain, type AnyCodec, type CompiledHook, type CompiledReader, type ReadContext } from '${options.grammarImport}';`,
    `import type { ByteReader } from '${options.readerImport}';`,
  ];
  for (const entry of entries) {
    const emitter = new ReaderEmitter(entry.codec);
    const body = emitter.emit(entry.codec);
    parts.push('');
    parts.push(`export const ${entry.name}: CompiledReader = {`);
    parts.push(`  signature: '${emitter.signature}',`);
    parts.push('  create(handles) {');
    parts.push(body);
    parts.push('  },');
    parts.push('};');
  }
  return `${parts.join('\n')}\n`;
}

/** Functions a generated reader calls (an id getter, a decode step). */
export type CompiledHook = (value: unknown) => unknown;
