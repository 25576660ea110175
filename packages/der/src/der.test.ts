import { describe, expect, it } from 'vitest';
import {
  DerError,
  derBitString,
  derChildren,
  derGeneralizedTime,
  derIntegerBytes,
  derInteger,
  derOid,
  derOidBytes,
  derSequence,
  derSet,
  derTag,
  derTime,
  derTlv,
  derUnsignedInteger,
  derUtcTime,
  derValidityTime,
  readDer,
  readDerAll,
} from './index';

describe('DER', () => {
  it('round-trips object identifiers', () => {
    for (const oid of ['1.2.840.113549.1.9.16.2.47', '2.16.840.1.101.3.4.3.21', '1.3.101.112']) {
      expect(derOid(readDer(derOidBytes(oid)))).toBe(oid);
    }
    expect(derOidBytes('1.2.840.113549.1.9.1').toString('hex')).toBe('06092a864886f70d010901');
  });

  it('round-trips arcs past 2^53 (a UUID OID) exactly', () => {
    const oid = '2.25.329800735698586629295641978511506172918';
    expect(derOid(readDer(derOidBytes(oid)))).toBe(oid);
    expect(derOid(readDer(derOidBytes('2.999.9007199254740993')))).toBe('2.999.9007199254740993');
  });

  it('writes integers: small numbers, and unsigned bytes with a leading zero for the top bit', () => {
    expect(derIntegerBytes(0).toString('hex')).toBe('020100');
    expect(derIntegerBytes(0x80).toString('hex')).toBe('02020080');
    expect(derUnsignedInteger(Buffer.from([0x80])).toString('hex')).toBe('02020080');
    const encoded = derUnsignedInteger(Uint8Array.of(0, 0, 0x80, 1));
    expect(encoded.toString('hex')).toBe('0203008001');
    expect(derInteger(readDer(encoded))).toBe(0x8001n);
  });

  it('writes long lengths in the fewest bytes', () => {
    for (const size of [0, 0x7f, 0x80, 0xff, 0x100, 0x10000]) {
      const node = readDer(derTlv(derTag.octetString, new Uint8Array(size)));
      expect(node.end - node.contentStart).toBe(size);
      expect(node.contentStart).toBe(size < 0x80 ? 2 : size < 0x100 ? 3 : size < 0x10000 ? 4 : 5);
    }
  });

  it('sorts SET OF elements as DER requires', () => {
    const set = derSet(derSequence(Uint8Array.of(5, 0)), Uint8Array.of(2, 1, 1));
    expect(derChildren(readDer(set)).map((node) => node.tag)).toEqual([0x02, 0x30]);
  });

  it('writes the unused-bits count of a BIT STRING', () => {
    expect(derBitString(Uint8Array.of(0xc0), 6).toString('hex')).toBe('030206c0');
  });

  it('refuses trailing bytes, truncated content and multi-byte tags', () => {
    const whole = derSequence(derIntegerBytes(1));
    expect(readDerAll(whole).end).toBe(whole.length);
    expect(() => readDerAll(Buffer.concat([whole, Uint8Array.of(0)]))).toThrow(DerError);
    expect(() => readDer(whole.subarray(0, whole.length - 1))).toThrow(DerError);
    expect(() => readDer(Uint8Array.of(0x1f, 0x01, 0x00))).toThrow(DerError);
  });
});

describe('DER times', () => {
  it('reads UTCTime and GeneralizedTime', () => {
    const date = new Date('2026-11-21T22:32:05Z');
    expect(derTime(readDer(derUtcTime(date))).toISOString()).toBe(date.toISOString());
    expect(derTime(readDer(derGeneralizedTime(date))).toISOString()).toBe(date.toISOString());
  });

  it('writes validity times as UTCTime until 2049 and GeneralizedTime from 2050', () => {
    expect(derValidityTime(new Date('2030-01-02T03:04:05Z')).toString('latin1')).toContain(
      '300102030405Z',
    );
    expect(derValidityTime(new Date('2050-01-02T03:04:05Z'))[0]).toBe(derTag.generalizedTime);
  });
});
