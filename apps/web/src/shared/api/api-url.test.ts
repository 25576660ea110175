import { describe, expect, it } from 'vitest';
import { resolveApiUrl, withQuery } from './api-url';

describe('resolveApiUrl', () => {
  it('keeps /api and empty bases on the app origin', () => {
    const config = { rsspApiUrl: '', rdssApiUrl: '' };
    expect(resolveApiUrl('/api/v1/users', config)).toBe('/api/v1/users');
    expect(resolveApiUrl('/rssp/v1/events', config)).toBe('/rssp/v1/events');
  });

  it('puts the service path on a configured base, with or without the prefix', () => {
    expect(
      resolveApiUrl('/rssp/v1/events', { rsspApiUrl: 'https://s.example/', rdssApiUrl: '' }),
    ).toBe('https://s.example/rssp/v1/events');
    expect(
      resolveApiUrl('/rdss/v1/events', { rsspApiUrl: '', rdssApiUrl: 'https://d.example/x/rdss' }),
    ).toBe('https://d.example/x/rdss/v1/events');
  });
});

describe('withQuery', () => {
  it('appends defined values only', () => {
    expect(withQuery('/a', { q: 'x', n: 0, b: false, u: undefined, e: '' })).toBe(
      '/a?q=x&n=0&b=false',
    );
    expect(withQuery('/a?x=1', { y: 2 })).toBe('/a?x=1&y=2');
    expect(withQuery('/a', {})).toBe('/a');
  });
});
