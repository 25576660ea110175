import { describe, expect, it } from 'vitest';
import { cookieAssignment, readCookie } from './cookies';

describe('cookies', () => {
  it('reads one cookie among several', () => {
    expect(readCookie('a=1; signet-mobile-warning=1; b=x%20y', 'signet-mobile-warning')).toBe('1');
    expect(readCookie('a=1; b=x%20y', 'b')).toBe('x y');
    expect(readCookie('', 'a')).toBeUndefined();
    expect(readCookie('ab=1', 'a')).toBeUndefined();
  });

  it('keeps a cookie for one year', () => {
    expect(cookieAssignment('c', '1')).toBe('c=1; max-age=31536000; path=/; SameSite=Lax');
  });
});
