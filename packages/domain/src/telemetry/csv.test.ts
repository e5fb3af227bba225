import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvField, parseCsv, toCsv } from './csv.ts';

describe('csvField (RFC 4180)', () => {
  it.each<[string, Parameters<typeof csvField>[0], string]>([
    ['plain text', 'Battery', 'Battery'],
    ['a number', 3.35, '3.35'],
    ['a negative number', -99, '-99'],
    ['null', null, ''],
    ['undefined', undefined, ''],
    ['NaN is empty', Number.NaN, ''],
    ['a comma', 'Soil, deep', '"Soil, deep"'],
    ['a quote', 'the "north" block', '"the ""north"" block"'],
    ['a line break', 'two\nlines', '"two\nlines"'],
    ['a carriage return', 'a\rb', '"a\rb"'],
    ['umlauts need no quotes', 'Bodenfeuchte (µS/cm) ä', 'Bodenfeuchte (µS/cm) ä'],
  ])('%s', (_, value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('toCsv and parseCsv', () => {
  it('writes a BOM, CRLF after every record, and reads it back', () => {
    const text = toCsv(
      ['Time', 'Value', 'Unit'],
      [
        ['2026-11-25 14:30', 3.3, 'V'],
        ['2026-11-25 14:40', null, 'V'],
      ],
    );
    expect(text).toBe(
      `${CSV_BOM}Time,Value,Unit\r\n2026-11-25 14:30,3.3,V\r\n2026-11-25 14:40,,V\r\n`,
    );
    expect(parseCsv(text)).toEqual([
      ['Time', 'Value', 'Unit'],
      ['2026-11-25 14:30', '3.3', 'V'],
      ['2026-11-25 14:40', '', 'V'],
    ]);
  });

  it('round-trips quotes, commas and line breaks', () => {
    const rows = [['a,b', 'say "hi"', 'x\r\ny', '', 'ü']];
    expect(parseCsv(toCsv(['h1', 'h2', 'h3', 'h4', 'h5'], rows))).toEqual([
      ['h1', 'h2', 'h3', 'h4', 'h5'],
      ...rows,
    ]);
  });

  it('reads a last record without a line break and LF-only files', () => {
    expect(parseCsv('a,b\nc,d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('refuses an unclosed quote', () => {
    expect(() => parseCsv('"open,field\r\n')).toThrow(SyntaxError);
  });
});
