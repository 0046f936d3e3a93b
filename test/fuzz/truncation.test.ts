import { describe, expect, it } from 'vitest';
import { classifyHeader, readResource, readResourceAs } from '../../src/formats/resource.js';
import { layoutByName } from '../../src/formats/registry.js';
import { ParseError } from '../../src/io/errors.js';
import { checkParseError, sampleSeeds } from '../../scripts/fuzz/targets.js';

const samples = sampleSeeds().all;

describe.each(samples.map((s) => [s.path, s.bytes] as const))('every truncation of %s', (_path, bytes) => {
  const header = classifyHeader(bytes)[0]!;
  const headerLength = layoutByName(header.dialect).header.size;

  it('is refused with a ParseError naming an offset inside the prefix and a field path', () => {
    for (let length = 0; length < bytes.length; length++) {
      const prefix = bytes.subarray(0, length);
      let error: unknown = null;
      try {
        readResourceAs(prefix, header);
      } catch (e) {
        error = e;
      }
      if (!(error instanceof ParseError))
        throw new Error(`prefix of ${length} bytes: expected a ParseError, got ${error === null ? 'a decoded resource' : String(error)}`);
      checkParseError(error, length);
      expect(error.pathSegments.length).toBeGreaterThan(0);
    }
  });

  it('is, by header detection (auto and forced layout), not a resource below the header and refused from there on', () => {
    for (const dialect of [undefined, header.dialect]) {
      for (let length = 0; length < bytes.length; length++) {
        const prefix = bytes.subarray(0, length);
        let result: unknown;
        try {
          result = readResource(prefix, { dialect });
        } catch (e) {
          result = e;
        }
        if (length < headerLength) {
          expect(result, `prefix of ${length} bytes`).toBeNull();
        } else {
          if (!(result instanceof ParseError))
            throw new Error(`prefix of ${length} bytes (dialect ${dialect ?? 'auto'}): expected a ParseError, got ${String(result)}`);
          checkParseError(result, length);
        }
      }
    }
  });
});
