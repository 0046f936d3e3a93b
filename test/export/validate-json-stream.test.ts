import { describe, expect, it } from 'vitest';
import { ValidationJsonStream, ValidationTally } from '../../src/export/validate-report.js';
import type { FileValidation } from '../../src/analysis/file-validation.js';

function documentOf(entries: FileValidation[]): string {
  let text = '';
  const stream = new ValidationJsonStream((piece) => void (text += piece));
  const tally = new ValidationTally(false);
  for (const entry of entries) {
    tally.add(entry);
    stream.add(entry);
  }
  stream.end(tally.summary());
  return text;
}

describe('ValidationJsonStream', () => {
  it('writes each entry indented as it sits in the document, by hand', () => {
    const text = documentOf([
      { file: 'a.Skeleton', status: 'valid', kind: 'Skeleton', size: 9, roundtrip: null },
      { file: 'b.txt', status: 'skipped', reason: 'not one' },
    ]);
    const opening = [
      '{',
      '  "files": [',
      '    {',
      '      "file": "a.Skeleton",',
      '      "status": "valid",',
      '      "kind": "Skeleton",',
      '      "size": 9,',
      '      "roundtrip": null',
      '    },',
      '    {',
      '      "file": "b.txt",',
      '      "status": "skipped",',
      '      "reason": "not one"',
      '    }',
      '  ],',
      '  "summary": {',
      '    "files": 2,',
    ].join('\n');
    expect(text.startsWith(opening)).toBe(true);
    expect(text.endsWith('    "failed": 0\n  }\n}\n')).toBe(true);
    expect(JSON.parse(text)).toMatchObject({ files: [{ file: 'a.Skeleton' }, { file: 'b.txt' }], summary: { files: 2, skipped: 1 } });
  });

  it('keeps a name with a line or paragraph separator as it is (JSON leaves U+2028 and U+2029 unescaped)', () => {
    const name = 'odd\u2028name\u2029.Skeleton';
    const parsed = JSON.parse(documentOf([{ file: name, status: 'skipped', reason: 'r' }])) as { files: FileValidation[] };
    expect(parsed.files[0]!.file).toBe(name);
  });

  it('writes an empty array when there is no entry', () => {
    expect(JSON.parse(documentOf([]))).toMatchObject({ files: [], summary: { files: 0 } });
  });
});
