import { describe, expect, it } from 'vitest';
import type { PdfString } from './pdf-objects';
import { PdfDict, PdfName, PdfRef, PdfStream, serialize, serializeName } from './pdf-objects';
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

  it('reads integers, references, reals and malformed numbers', () => {
    expect(parse('[12 0 R 12 0 7 -3 +4 .5 1.25 --5 3 0 /R]')).toEqual([
      new PdfRef(12, 0),
      12,
      0,
      7,
      -3,
      4,
      0.5,
      1.25,
      -5,
      3,
      0,
      new PdfName('R'),
    ]);
  });

  it('decodes hex strings with white space and an odd last digit', () => {
    const value = parse('<48 65\n6c6C 6F7>') as PdfString;
    expect(Buffer.from(value.bytes).toString('latin1')).toBe('Hellop');
    expect((parse('<>') as PdfString).bytes.length).toBe(0);
  });

  it('reads known and escaped names alike', () => {
    expect(parse('/Type')).toEqual(new PdfName('Type'));
    expect(parse('/Typ#65')).toEqual(new PdfName('Type'));
    expect(parse('/Typo')).toEqual(new PdfName('Typo'));
  });

  it('keeps only the asked keys and skips every other kind of value', () => {
    const text =
      '<</A <</N 1 0 R/S [(a\\) b) <00ff> /X]>>/T (Name)/B 1 0 R/C [1 [2] 3]/D -1.5/E true' +
      '/F /G/H <</I (())>>/Kids [4 0 R]/Z null>>';
    const dict = new PdfParser(Buffer.from(text, 'latin1')).parseValue(
      0,
      new Set(['T', 'Kids']),
    ) as PdfDict;
    expect([...dict.map.keys()]).toEqual(['T', 'Kids']);
    expect((dict.get('T') as PdfString).text()).toBe('Name');
    expect(dict.get('Kids')).toEqual([new PdfRef(4, 0)]);
  });

  it('still reads the stream of a dictionary read for some keys', () => {
    const text = '5 0 obj <</Type/XObject/Length 3>>stream\nabc\nendstream endobj';
    const parsed = new PdfParser(Buffer.from(text, 'latin1')).parseIndirect(new Set(['Type']));
    expect(parsed.value).toBeInstanceOf(PdfStream);
    const stream = parsed.value as PdfStream;
    expect(Buffer.from(stream.data).toString('latin1')).toBe('abc');
    expect(stream.dict.nameOf('Type')).toBe('XObject');
    expect(parsed.end).toBe(text.length);
  });
});
