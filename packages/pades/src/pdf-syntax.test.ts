import { describe, expect, it } from 'vitest';
import { PdfDict, PdfName, PdfRef, serialize, serializeName } from './pdf-objects';
import { PdfParser } from './pdf-parser';

const parse = (text: string) => new PdfParser(Buffer.from(text, 'latin1')).parseValue();

describe('PDF syntax', () => {
  it('escapes delimiters, spaces and bytes above 0x7e in names, and nothing else', () => {
    expect(serializeName('Type')).toBe('/Type');
    expect(serializeName('A B#(x)')).toBe('/A#20B#23#28x#29');
    expect(serializeName('Café')).toBe('/Caf#e9');
  });

  it('reads back what it writes, names with escapes and long tokens included', () => {
    const longName = 'N'.repeat(100);
    const dict = new PdfDict([
      ['A B', new PdfName('x/y')],
      [longName, 123456789012],
      ['Ref', new PdfRef(12, 0)],
      ['List', [1.5, -2, true, null]],
    ]);
    const back = parse(serialize(dict));
    expect(back).toBeInstanceOf(PdfDict);
    const read = back as PdfDict;
    expect((read.get('A B') as PdfName).name).toBe('x/y');
    expect(read.get(longName)).toBe(123456789012);
    expect(read.get('Ref')).toEqual(new PdfRef(12, 0));
    expect(read.get('List')).toEqual([1.5, -2, true, null]);
  });
});
