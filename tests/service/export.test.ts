/** Export formats: CSV, OEIS b-file and JSON of a Grundy sequence and of P-positions. */
import { describe, expect, it } from 'vitest';
import {
  formatSequence,
  pPositionsCsv,
  pPositionsOf,
  sequenceBfile,
  sequenceCsv,
  sequenceJson,
} from '../../src/service/export.ts';

// Kayles g(0..5) (OEIS A002186): 0 1 2 3 1 4
const KAYLES = [0, 1, 2, 3, 1, 4];

describe('export formats', () => {
  it('CSV: a header, then n,g(n)', () => {
    expect(sequenceCsv(KAYLES)).toBe('n,grundy\n0,0\n1,1\n2,2\n3,3\n4,1\n5,4\n');
  });

  it('b-file: one comment line, then "n g(n)" from offset 0', () => {
    const lines = sequenceBfile('kayles', KAYLES).trimEnd().split('\n');
    expect(lines[0]).toMatch(/^# Grundy values g\(n\) of kayles, n = 0\.\.5/);
    expect(lines.slice(1)).toEqual(['0 0', '1 1', '2 2', '3 3', '4 1', '5 4']);
  });

  it('JSON: values and P-positions', () => {
    expect(JSON.parse(sequenceJson('subtract:1,2', [0, 1, 2, 0, 1, 2, 0]))).toEqual({
      ruleset: 'subtract:1,2',
      values: [0, 1, 2, 0, 1, 2, 0],
      pPositions: [0, 3, 6],
    });
    expect(pPositionsOf(new Uint32Array([0, 1, 0]))).toEqual([0, 2]);
  });

  it('P-positions CSV: heaps or tuples of piles', () => {
    expect(pPositionsCsv([0, 3, 6])).toBe('n\n0\n3\n6\n');
    expect(
      pPositionsCsv([
        [0, 0],
        [1, 2],
      ]),
    ).toBe('pile1,pile2\n0,0\n1,2\n');
  });

  it('text: values separated by spaces', () => {
    expect(formatSequence('text', 'kayles', KAYLES)).toBe('0 1 2 3 1 4\n');
  });
});
