/**
 * The URL as the viewer writes and reads it: a projection of the selection (the row or assembled
 * rig, the bone) and its inverse, checked on hand-written hashes. Runs in Node: the projection is
 * plain data.
 */
import { describe, expect, it } from 'vitest';
import { hashOf, selectionOfHash } from '../../viewer/state.js';

const row = (id: string) => ({ id }) as Parameters<typeof hashOf>[0]['entry'];
const rig = (id: string) => ({ id }) as Parameters<typeof hashOf>[0]['assembly'];

describe('the URL of a selection', () => {
  it('names the row, or the assembled rig in its place, and the bone when one is selected', () => {
    expect(hashOf({ entry: row('3'), assembly: null, bone: -1 })).toBe('#file=3');
    expect(hashOf({ entry: row('3'), assembly: null, bone: 12 })).toBe('#file=3&bone=12');
    expect(hashOf({ entry: null, assembly: rig('2'), bone: 40 })).toBe('#assembly=2&bone=40');
    expect(hashOf({ entry: row('3'), assembly: rig('2'), bone: -1 })).toBe('#assembly=2');
    expect(hashOf({ entry: null, assembly: null, bone: -1 })).toBe('#');
  });

  it('reads back what it wrote, ids escaped', () => {
    expect(selectionOfHash('#file=local-4&bone=7')).toEqual({ file: 'local-4', assembly: null, bone: 7 });
    expect(selectionOfHash('#assembly=2')).toEqual({ file: null, assembly: '2', bone: -1 });
    expect(hashOf({ entry: row('a b&c=d'), assembly: null, bone: 1 })).toBe('#file=a+b%26c%3Dd&bone=1');
    expect(selectionOfHash('#file=a+b%26c%3Dd&bone=1')).toEqual({ file: 'a b&c=d', assembly: null, bone: 1 });
  });

  it('takes no bone from a bone that is not a whole number, and nothing from an empty hash', () => {
    expect(selectionOfHash('#file=3&bone=-1').bone).toBe(-1);
    expect(selectionOfHash('#file=3&bone=1.5').bone).toBe(-1);
    expect(selectionOfHash('#file=3&bone=x').bone).toBe(-1);
    expect(selectionOfHash('')).toEqual({ file: null, assembly: null, bone: -1 });
  });
});
