import { describe, expect, it } from 'vitest';
import { returnTargetFromState, safeReturnTarget } from './return-target';

describe('safeReturnTarget', () => {
  it('accepts same-origin paths only', () => {
    expect(safeReturnTarget('/users?q=a', '/dashboard')).toBe('/users?q=a');
    expect(safeReturnTarget('https://evil.example', '/dashboard')).toBe('/dashboard');
    expect(safeReturnTarget('//evil.example', '/dashboard')).toBe('/dashboard');
    expect(safeReturnTarget('/\\evil.example', '/dashboard')).toBe('/dashboard');
    expect(safeReturnTarget(null, '/dashboard')).toBe('/dashboard');
  });

  it('reads the target from the OIDC state', () => {
    expect(returnTargetFromState({ returnTo: '/users' }, '/dashboard')).toBe('/users');
    expect(returnTargetFromState({ returnTo: 5 }, '/dashboard')).toBe('/dashboard');
    expect(returnTargetFromState(undefined, '/dashboard')).toBe('/dashboard');
  });
});
