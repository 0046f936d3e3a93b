/**
 * The reader compiler: a declaration in, the TypeScript source of its generated reader out
 * (`npm run gen:readers` writes it beside the declarations; `compiled.ts` uses it at run time).
 * Structures and scopes become functions that build each record as one object literal; arrays,
 * pointers, constants and references are read inline; any other codec is read through its own
 * `read`. Only the generator script and the tests need this module.
 */
import { hex } from '../io/format.js';
import { PrimitiveKind, type AnyCodec, type FieldExpectation } from './codec.js';
import { fingerprint, unwrapCompiled, walkDeclaration, type DeclarationWalk } from './compiled.js';

/** One declaration to compile: the exported constant's name and the codec. */
export interface CompileEntry {
  name: string;
  codec: AnyCodec;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function propertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

/** A number as a literal that reads back to the same value (−0 and fractions included). */
function numberLiteral(value: number): string {
  return Object.is(value, -0) ? '-0' : String(value);
}

/** Whether the compiler reads this codec as a pointer of its own (whose null is always `NULL_POINTER`). */
function readsAsPointer(given: AnyCodec): boolean {
  const layout = unwrapCompiled(given).layout;
  if (layout?.kind === 'pointer') return true;
  return layout?.kind === 'scopedReference' && unwrapCompiled(layout.inner).layout?.kind === 'pointer';
}

/** Whether the compiler reads this codec as a number of its own (no `read` of a codec that could give another type). */
function readsAsNumber(given: AnyCodec): boolean {
  const codec = unwrapCompiled(given);
  return (
    codec.layout === undefined &&
    codec.primitive !== undefined &&
    codec.primitive !== PrimitiveKind.U64 &&
    codec.primitive !== PrimitiveKind.Vec4
  );
}

/**
 * Values that every reader of a module shares, declared once at its top: the generated readers
 * weigh on the browser bundles, and the readers of one layout's readings repeat the same ones.
 */
class ModuleConstants {
  private readonly names = new Map<string, string>();

  /** The name of a module constant holding `text` (an expression). */
  name(prefix: string, text: string): string {
    let name = this.names.get(text);
    if (name === undefined) {
      name = `${prefix}${this.names.size}`;
      this.names.set(text, name);
    }
    return name;
  }

  declarations(): string[] {
    return [...this.names].map(([text, name]) => `const ${name} = ${text};`);
  }
}

/**
 * The condition under which `value` (read with `codec`) misses a field's expectation: the negation
 * of `meetsExpectation`, as short as it can be.
 */
function missesExpectation(expect: FieldExpectation, value: string, codec: AnyCodec, constants: ModuleConstants): string {
  if ('equals' in expect) return `${value} !== ${numberLiteral(expect.equals)}`;
  if ('oneOf' in expect) {
    const list = constants.name('ONE_OF_', `[${expect.oneOf.map(numberLiteral).join(', ')}] as readonly unknown[]`);
    return readsAsNumber(codec) ? `!${list}.includes(${value})` : `typeof ${value} !== 'number' || !${list}.includes(${value})`;
  }
  if (readsAsPointer(codec)) return `${value} !== NULL_POINTER`;
  return `typeof ${value} !== 'object' || ${value} === null || (${value} as { kind?: unknown }).kind !== 'null'`;
}

function hexLiteral(value: number): string {
  if (value <= 9) return String(value);
  return hex(value, value > 0xffff ? 8 : 2);
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

  constructor(
    root: AnyCodec,
    private readonly constants: ModuleConstants,
  ) {
    this.walk = walkDeclaration(root);
  }

  get signature(): string {
    return fingerprint(this.walk.text.join(' '));
  }

  /** The module text for this declaration's `create` function body. */
  emit(root: AnyCodec): string {
    const rootName = this.structFunction(unwrapCompiled(root));
    const handles = [...this.usedHandles]
      .sort((a, b) => a - b)
      .map((i) => {
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
        if (f.expect !== null) {
          const check = this.constants.name('CHECK_', JSON.stringify(f.expect.check));
          lines.push(`      if (${missesExpectation(f.expect, value, f.codec, this.constants)}) noteUnmet(ctx, ${check});`);
        }
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
    const codec = unwrapCompiled(given);
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
        lines.push(
          `${indent}if (${PRIMITIVE_CALL[codec.primitive]} !== ${hexLiteral(layout.value)}) refuseAgain(${this.handle(codec)}, r, r.pos - ${size}, ctx);`,
        );
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
        const inner = unwrapCompiled(layout.inner);
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
        lines.push(
          `${indent}if (ctx.scope !== null && ctx.scope.register(${this.handle(layout.idOf)}(${value}) as number | bigint) < 0) refuseAgain(${this.handle(codec)}, r, ${at}, ctx);`,
        );
        return value;
      }
      case 'map': {
        const value = this.read(layout.inner, lines, indent);
        lines.push(`${indent}const ${v} = ${this.handle(layout.decode)}(${value});`);
        return v;
      }
      case 'compiled':
      // A keyed union is read through its own `read` (rare objects: no inline code for them).
      case 'keyedUnion':
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
    if (layout.allowNull) branches.push(`if (${tag} === ${layout.tags.null}) {\n${indent}  ${v} = NULL_POINTER;\n${indent}}`);
    if (layout.allowReference) {
      const body: string[] = [];
      const id = this.read(layout.id, body, `${indent}  `);
      if (scoped?.mode === 'earlier') {
        body.push(
          `${indent}  if (ctx.scope !== null && ctx.scope.indexOf(${id}) === undefined) refuseAgain(${this.handle(refusing)}, r, ${at}, ctx);`,
        );
      } else if (scoped?.mode === 'any') {
        body.push(`${indent}  if (ctx.scope !== null) ctx.scope.defer(${id}, ${at} + 1, null, ${JSON.stringify(scoped.expectation)});`);
      }
      body.push(`${indent}  ${v} = { kind: 'ref', id: ${id} };`);
      branches.push(`if (${tag} === ${layout.tags.reference}) {\n${body.join('\n')}\n${indent}}`);
    }
    if (layout.inline) {
      const body: string[] = [];
      const value = this.read(layout.inline, body, `${indent}  `);
      body.push(`${indent}  ${v} = { kind: 'inline', value: ${value} };`);
      branches.push(`if (${tag} === ${layout.tags.inline}) {\n${body.join('\n')}\n${indent}}`);
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
  const readers: string[] = [];
  const constants = new ModuleConstants();
  for (const entry of entries) {
    const emitter = new ReaderEmitter(entry.codec, constants);
    const body = emitter.emit(entry.codec);
    readers.push('');
    readers.push(`export const ${entry.name}: CompiledReader = {`);
    readers.push(`  signature: '${emitter.signature}',`);
    readers.push('  create(handles) {');
    readers.push(body);
    readers.push('  },');
    readers.push('};');
  }
  // Only a module whose declarations expect a value somewhere notes unmet expectations.
  const notes = readers.some((line) => line.includes('noteUnmet('));
  const names = ['IdScope', 'NULL_POINTER', ...(notes ? ['noteUnmet'] : []), 'refuseAgain'];
  const types = ['AnyCodec', 'CompiledHook', 'CompiledReader', 'ReadContext'].map((name) => `type ${name}`);
  const parts = [
    `// ${options.header}`,
    '// Generated by `npm run gen:readers` from the declarations (see src/grammar/compile.ts); do not edit.',
    `import { ${[...names, ...types].join(', ')} } from '${options.grammarImport}';`,
    `import type { ByteReader } from '${options.readerImport}';`,
    ...(notes ? ['', ...constants.declarations()] : []),
    ...readers,
  ];
  return `${parts.join('\n')}\n`;
}
