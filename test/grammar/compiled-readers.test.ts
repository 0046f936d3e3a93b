import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { checkGeneratedReaders } from '../../scripts/fuzz/targets.js';
import { ANVILNEXT_READING_CHOICES } from '../../src/formats/anvilnext/index.js';
import { compiledReaderSources } from '../../src/formats/compiled-readers.js';
import { layouts } from '../../src/formats/registry.js';
import { layoutDeclarations } from '../../scripts/layout-declarations.js';
import { resourceCodec, writeResource } from '../../src/formats/resource.js';
import {
  compileReaderModule,
  compiledReaderStatus,
  constU32,
  constU8,
  counted,
  declarationSignature,
  decodeAll,
  decodeFast,
  decodeTracked,
  encodeAll,
  field,
  lengthPrefixedBytes,
  mapCodec,
  onStaleCompiledReader,
  pointer,
  rawBytes,
  refuseAgain,
  registersId,
  scopedReference,
  struct,
  u16,
  u32,
  u8,
  unknownLayout,
  vec4,
  withCompiledReader,
  withIdScope,
  type AnyCodec,
  type CompiledReader,
} from '../../src/grammar/index.js';
import { ParseError } from '../../src/io/errors.js';
import { inventoryCorpus } from '../../src/samples/inventory.js';
import { sampleCorpus } from '../../src/samples/corpus.js';
import { anvilnextRecord, mutations, scimitarRecord, skeletonComponent as componentRecord } from '../helpers/arbitraries.js';
import { applyMutations, countOffsets } from '../../scripts/fuzz/mutations.js';
import { Bytes } from '../helpers/bytes.js';
import { refusalOf as caught } from '../helpers/refusal.js';
import { loadCompiledReader } from '../helpers/compiled-module.js';

const readings = ANVILNEXT_READING_CHOICES.reflexConstraints.flatMap((reflexConstraints) =>
  ANVILNEXT_READING_CHOICES.poseBoneHeader.map((poseBoneHeader) => ({ reflexConstraints, poseBoneHeader })),
);

const declarations = await layoutDeclarations();

describe('the generated readers of the formats', () => {
  it('are generated for every registered layout, from the layout folders alone', () => {
    // The generator finds the folders on disk; the registry lists them in code: they must agree.
    expect(declarations.map((d) => d.name).sort()).toEqual(
      layouts()
        .map((l) => l.name)
        .sort(),
    );
  });

  it('are what `npm run gen:readers` writes from the current declarations', () => {
    for (const [path, text] of Object.entries(compiledReaderSources(declarations)))
      expect(readFileSync(path, 'utf8'), `${path} is stale: run npm run gen:readers`).toBe(text);
  });

  it('are used by every resource codec (none stale, none missing)', () => {
    const codecs: [string, AnyCodec, boolean][] = layouts().flatMap((layout) =>
      layout.kinds.flatMap((kind) =>
        layout
          .readings()
          .map((r): [string, AnyCodec, boolean] => [
            `${layout.name} ${kind} ${layout.readingKey(r)}`,
            layout.codec(kind, r),
            layout.compiledModule !== null,
          ]),
      ),
    );
    expect(codecs.length).toBeGreaterThanOrEqual(6 + 4);
    // A layout without a generated module reads through its declarations.
    for (const [name, codec, compiled] of codecs) expect(compiledReaderStatus(codec), name).toBe(compiled ? 'compiled' : 'interpreted');
  });

  it("decode every sample and an inventory-scale corpus to exactly the declarations' values", () => {
    let files = 0;
    for (const file of [...sampleCorpus(), ...inventoryCorpus({ seed: 7 })]) {
      // Throws a Violation on any difference in value or refusal.
      checkGeneratedReaders(file.bytes);
      files++;
    }
    expect(files).toBeGreaterThan(1800);
  });

  it('agree with the declarations on random records of every layout and reading, and on their mutants', () => {
    const records = fc.oneof(
      ...readings.map((reading) =>
        anvilnextRecord(reading, { maxBones: 6 }).map((record) => ({
          bytes: writeResource({ kind: 'Skeleton', dialect: 'anvilnext', record, reading }),
          reading,
        })),
      ),
      scimitarRecord({ maxBones: 6 }).map((record) => ({
        bytes: writeResource({ kind: 'Skeleton', dialect: 'scimitar', record }),
        reading: undefined,
      })),
      componentRecord.map((record) => ({
        bytes: writeResource({ kind: 'SkeletonComponent', dialect: 'anvilnext', record }),
        reading: undefined,
      })),
    );
    fc.assert(
      fc.property(records, mutations, ({ bytes, reading }, ms) => {
        checkGeneratedReaders(bytes, { reading });
        checkGeneratedReaders(applyMutations(bytes, ms, { counts: countOffsets(bytes), others: [] }), { reading });
      }),
      { numRuns: 600 },
    );
  });

  it("refuse with the declaration's words and offset but no path; decodeAll then names the path", () => {
    const sample = sampleCorpus().find((f) => f.path.startsWith('scimitar/'))!;
    const bytes = sample.bytes.slice();
    // The second bone's class hash: header 13 bytes, then bone 0 (its length from its own decode).
    const codec = resourceCodec({ kind: 'Skeleton', dialect: 'scimitar' });
    const spans = decodeAll(codec, bytes, { spans: true, spanDepth: 3 }).spans!;
    const classAt = spans.find((s) => s.path === 'bones[1].classHash')!.start;
    bytes[classAt] ^= 0xff;
    const fast = caught(() => decodeFast(codec, bytes));
    const tracked = caught(() => decodeAll(codec, bytes));
    expect(fast.offset).toBe(classAt);
    expect(fast.expected).toBe('0x95741049 (Bone)');
    expect(fast.path).toBe('(root)');
    expect(tracked.path).toBe('bones[1].classHash');
    expect([tracked.offset, tracked.expected, tracked.actual]).toEqual([fast.offset, fast.expected, fast.actual]);
  });
});

describe('withCompiledReader', () => {
  const pair = struct('Pair', { a: field(u8, 'Proven'), b: field(u32, 'Proven') });
  const bytes = new Bytes().u8(7).u32(0x01020304).build();

  /** Collects the stale-reader warnings while `body` runs, then puts the previous sink back. */
  function warningsDuring(body: () => void): string[] {
    const warnings: string[] = [];
    const previous = onStaleCompiledReader((message) => warnings.push(message));
    try {
      body();
    } finally {
      onStaleCompiledReader(previous);
    }
    return warnings;
  }
  const staleReader = (): CompiledReader => ({ signature: '0000000000000000-0', create: () => () => ({ a: 0, b: 0 }) });

  it('never uses a reader generated from another declaration', () => {
    let created = 0;
    const stale: CompiledReader = {
      signature: '0000000000000000-0',
      create: () => {
        created++;
        return () => ({ a: 0, b: 0 });
      },
    };
    const codec = withCompiledReader(pair, stale);
    warningsDuring(() => expect(decodeAll(codec, bytes).value).toEqual({ a: 7, b: 0x01020304 }));
    expect(compiledReaderStatus(codec)).toBe('stale');
    expect(created).toBe(0);
    expect(compiledReaderStatus(withCompiledReader(pair, undefined))).toBe('interpreted');
  });

  it('warns once, naming the declaration, when a stale reader is met; then reads through the declaration', () => {
    const warnings = warningsDuring(() => {
      const first = withCompiledReader(pair, staleReader());
      const second = withCompiledReader(struct('Other', { c: field(u8, 'Proven') }), staleReader());
      for (let i = 0; i < 3; i++) expect(decodeFast(first, bytes)).toEqual({ a: 7, b: 0x01020304 });
      expect(decodeFast(second, new Uint8Array([9]))).toEqual({ c: 9 });
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('Pair');
    expect(warnings[0]).toContain('npm run gen:readers');
  });

  it('says nothing about a fitting reader or a codec without one', () => {
    const warnings = warningsDuring(() => {
      decodeFast(
        withCompiledReader(pair, { signature: declarationSignature(pair), create: () => (r) => ({ a: r.u8(), b: r.u32() }) }),
        bytes,
      );
      decodeFast(withCompiledReader(pair, undefined), bytes);
    });
    expect(warnings).toEqual([]);
  });

  it('uses a fitting reader only when no field path is kept', () => {
    const fitting: CompiledReader = { signature: declarationSignature(pair), create: () => (r) => ({ a: r.u8(), b: r.u32() + 1 }) };
    const codec = withCompiledReader(pair, fitting);
    expect(compiledReaderStatus(codec)).toBe('compiled');
    expect(decodeFast(codec, bytes)).toEqual({ a: 7, b: 0x01020305 });
    expect(decodeTracked(codec, bytes)).toEqual({ a: 7, b: 0x01020304 });
  });

  it("leaves decodeAll with the declaration's value when a generated reader refuses wrongly", () => {
    const refusing: CompiledReader = {
      signature: declarationSignature(pair),
      create: () => (r, ctx) => refuseAgain(pair, r, 0, ctx),
    };
    expect(decodeAll(withCompiledReader(pair, refusing), bytes).value).toEqual({ a: 7, b: 0x01020304 });
  });

  it('signs every part of a declaration: names, constants, sizes, options', () => {
    const variants: AnyCodec[] = [
      pair,
      struct('Pair', { a: field(u8, 'Proven'), c: field(u32, 'Proven') }),
      struct('Pair', { a: field(u8, 'Proven'), b: field(u16, 'Proven') }),
      struct('Pair', { a: field(constU8(7), 'Proven'), b: field(u32, 'Proven') }),
      struct('Pair', { a: field(constU8(8), 'Proven'), b: field(u32, 'Proven') }),
      struct('Pair', { a: field(u8, 'Proven'), b: field(counted(u8), 'Proven') }),
      struct('Pair', { a: field(u8, 'Proven'), b: field(counted(u8, { mustBeEmpty: true }), 'Proven') }),
      struct('Pair', { a: field(u8, 'Proven'), b: field(pointer({ id: u32 }), 'Proven') }),
      struct('Pair', { a: field(u8, 'Proven'), b: field(pointer({ id: u32, allowNull: false }), 'Proven') }),
    ];
    const signatures = variants.map((v) => declarationSignature(v));
    expect(new Set(signatures).size).toBe(variants.length);
    expect(declarationSignature(struct('Pair', { a: field(u8, 'Proven'), b: field(u32, 'Proven') }))).toBe(signatures[0]);
  });
});

describe('the reader compiler on a declaration with every kind of part', () => {
  // Every layout the compiler knows, plus opaque codecs it reads through their own `read`.
  const item = struct('Item', {
    tag: field(constU8(0), 'Proven'),
    id: field(u32, 'Proven'),
    kind: field(constU32(0xc0ffee11), 'Proven'),
    small: field(constU8(9), 'Proven'),
    half: field(u16, 'Proven'),
    parent: field(scopedReference(pointer({ id: u32 }), 'earlier', 'item'), 'Proven'),
    partner: field(scopedReference(pointer({ id: u32 }), 'any', 'item'), 'Proven'),
    raw: field(rawBytes(3), 'Proven'),
    blob: field(lengthPrefixedBytes, 'Proven'),
    doubled: field(
      mapCodec(
        u8,
        (v) => v * 2,
        (v) => v / 2,
      ),
      'Proven',
    ),
    none: field(counted(unknownLayout('Thing'), { mustBeEmpty: true }), 'Proven'),
    box: field(pointer({ id: u32, allowReference: false, inline: struct('Box', { v: field(vec4, 'Proven') }) }), 'Proven'),
  });
  const list = withIdScope(
    struct('List', { items: field(counted(registersId(item, (i) => i.id, 'item')), 'Proven'), end: field(constU32(0xe0d), 'Proven') }),
  );
  const entry = (b: Bytes, id: number, parent: number | null, partner: number | null, doubled: number, box: number[] | null): Bytes => {
    b.u8(0).u32(id).u32(0xc0ffee11).u8(9).u8(0x34, 0x12);
    if (parent === null) b.u8(3);
    else b.u8(2).u32(parent);
    if (partner === null) b.u8(3);
    else b.u8(2).u32(partner);
    b.u8(0xa, 0xb, 0xc).u32(2).u8(0xee, 0xff).u8(doubled).u32(0);
    if (box === null) b.u8(3);
    else b.u8(0).f32(...box);
    return b;
  };
  const good = (() => {
    const b = new Bytes().u32(2);
    entry(b, 10, null, 11, 4, [1, 2, 3, 0]);
    entry(b, 11, 10, 10, 5, null);
    return b.u32(0xe0d).build();
  })();

  const dir = mkdtempSync(join(tmpdir(), 'anvil-compile-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function compiled(): Promise<AnyCodec> {
    const { codec } = await loadCompiledReader(list, dir);
    expect(compiledReaderStatus(codec)).toBe('compiled');
    return codec;
  }

  it('generates code without eval, Function or any import but the grammar and the reader type', () => {
    const source = compileReaderModule([{ name: 'listReader', codec: list }], {
      grammarImport: '../grammar/index.js',
      readerImport: '../io/reader.js',
      header: 'test',
    });
    expect(source).not.toMatch(/\beval\b|new Function|Function\(/);
    expect([...source.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1])).toEqual(['../grammar/index.js', '../io/reader.js']);
    // One object literal per structure: no field is stored by a computed key.
    expect(source).not.toMatch(/\w\[[^\]]*name[^\]]*\]\s*=/);
  });

  it("decodes the hand-assembled bytes to the declaration's values", async () => {
    const codec = await compiled();
    const value = decodeFast(codec, good);
    expect(value).toEqual({
      items: [
        {
          id: 10,
          half: 0x1234,
          parent: { kind: 'null' },
          partner: { kind: 'ref', id: 11 },
          raw: Uint8Array.of(0xa, 0xb, 0xc),
          blob: Uint8Array.of(0xee, 0xff),
          doubled: 8,
          none: [],
          box: { kind: 'inline', value: { v: [1, 2, 3, 0] } },
        },
        {
          id: 11,
          half: 0x1234,
          parent: { kind: 'ref', id: 10 },
          partner: { kind: 'ref', id: 10 },
          raw: Uint8Array.of(0xa, 0xb, 0xc),
          blob: Uint8Array.of(0xee, 0xff),
          doubled: 10,
          none: [],
          box: { kind: 'null' },
        },
      ],
    });
    expect(value).toEqual(decodeTracked(codec, good));
    expect(encodeAll(codec, value)).toEqual(good);
  });

  it('refuses every truncation and every single-byte change exactly as the declaration does', async () => {
    const codec = await compiled();
    const outcome = (run: () => unknown): string => {
      try {
        return JSON.stringify(run(), (_k, v: unknown) => (v instanceof Uint8Array ? [...v] : v));
      } catch (error) {
        if (!(error instanceof ParseError)) throw error;
        return `refused at ${error.offset}: expected ${error.expected}, got ${error.actual}`;
      }
    };
    let refused = 0;
    const inputs: Uint8Array[] = [];
    for (let n = 0; n < good.length; n++) inputs.push(good.subarray(0, n));
    for (let at = 0; at < good.length; at++) {
      for (const value of [0, 1, 2, 3, 0xff, good[at]! ^ 0x10]) {
        const bad = good.slice();
        bad[at] = value;
        inputs.push(bad);
      }
    }
    for (const input of inputs) {
      const fast = outcome(() => decodeFast(codec, input));
      expect(fast, `input ${Buffer.from(input).toString('hex')}`).toBe(outcome(() => decodeTracked(codec, input)));
      if (fast.startsWith('refused')) refused++;
    }
    // The refusals cover the scoped references, the repeated id, the constants and the counts.
    expect(refused).toBeGreaterThan(good.length + 50);
  });
});

describe('the signature of a generated reader', () => {
  it('changes when a building block behaves otherwise, so an old reader is never used for it', () => {
    // Two declarations alike but for the tag their pointer takes for a reference: 02, or 01 as some
    // titles spell it. The reader generated for one must read as stale for the other.
    const declare = (reference: number) =>
      struct('Holder', { link: field(pointer({ id: u32, tags: { reference } }), 'Observed', ''), after: field(u32, 'Observed', '') });
    const standard = declare(2);
    const other = declare(1);
    expect(declarationSignature(standard)).not.toBe(declarationSignature(other));
    const source = compileReaderModule([{ name: 'holderReader', codec: standard }], {
      grammarImport: '../../grammar/index.js',
      readerImport: '../../io/reader.js',
      header: 'a test holder',
    });
    expect(source).toContain(`signature: '${declarationSignature(standard)}'`);
    // The bytes 01 + id mean a reference to `other` and nothing to `standard`.
    const bytes = Uint8Array.from([1, 7, 0, 0, 0, 9, 0, 0, 0]);
    expect(decodeFast(other, bytes)).toEqual({ link: { kind: 'ref', id: 7 }, after: 9 });
    expect(() => decodeFast(standard, bytes)).toThrow(/pointer tag 03 or 02/);
  });
});
