import { describe, expect, it } from 'vitest';
import {
  derChildren,
  derInteger,
  derOid,
  derOidBytes,
  derSequence,
  derSet,
  derUnsignedInteger,
  readDer,
} from './der';

describe('DER', () => {
  it('round-trips object identifiers', () => {
    for (const oid of ['1.2.840.113549.1.9.16.2.47', '2.16.840.1.101.3.4.3.21', '1.3.101.112']) {
      expect(derOid(readDer(derOidBytes(oid)))).toBe(oid);
    }
  });

  it('writes unsigned integers with a leading zero when the top bit is set', () => {
    const encoded = derUnsignedInteger(Uint8Array.of(0, 0, 0x80, 1));
    expect(Buffer.from(encoded).toString('hex')).toBe('0203008001');
    expect(derInteger(readDer(encoded))).toBe(0x8001n);
  });

  it('sorts SET OF elements as DER requires', () => {
    const set = derSet(derSequence(Uint8Array.of(5, 0)), Uint8Array.of(2, 1, 1));
    expect(derChildren(readDer(set)).map((node) => node.tag)).toEqual([0x02, 0x30]);
  });
});

describe('DER times', () => {
  it('reads UTCTime and GeneralizedTime', async () => {
    const { derTime, derUtcTime, derGeneralizedTime } = await import('./der');
    const date = new Date('2026-11-21T22:32:05Z');
    expect(derTime(readDer(derUtcTime(date))).toISOString()).toBe(date.toISOString());
    expect(derTime(readDer(derGeneralizedTime(date))).toISOString()).toBe(date.toISOString());
  });
});
