import { describe, expect, it } from 'vitest';
import { addressBudgetKey } from './address-budget';

describe('addressBudgetKey', () => {
  it('keeps an IPv4 address, and takes an IPv4-mapped one by its IPv4 part', () => {
    expect(addressBudgetKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressBudgetKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts IPv6 by its /64, however it is written', () => {
    const key = '2001:db8:0:1::/64';
    for (const address of [
      '2001:db8:0:1::1',
      '2001:db8::1:ffff:ffff:ffff:ffff',
      '2001:0DB8:0000:0001:0:0:0:42',
      '2001:db8:0:1:1:2:192.0.2.1',
      '2001:db8:0:1::5%eth0',
    ]) {
      expect(addressBudgetKey(address)).toBe(key);
    }
    expect(addressBudgetKey('2001:db8:0:2::1')).not.toBe(key);
    expect(addressBudgetKey('::1')).toBe('0:0:0:0::/64');
    expect(addressBudgetKey('1::')).toBe('1:0:0:0::/64');
  });

  it('keeps what is not an address as it is', () => {
    expect(addressBudgetKey('unknown')).toBe('unknown');
  });
});
