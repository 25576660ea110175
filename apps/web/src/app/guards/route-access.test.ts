import { describe, expect, it } from 'vitest';
import { routes } from '../paths';
import { decideAccess } from './route-access';

const admin = { roles: ['admin', 'user'] as const, status: 'ENABLED' as const };
const user = { roles: ['user', 'creator'] as const, status: 'ENABLED' as const };

describe('decideAccess', () => {
  it('lets admins into admin routes and users not', () => {
    expect(decideAccess({ ...admin, roles: [...admin.roles] }, routes.users.access)).toBe(
      'allowed',
    );
    expect(decideAccess({ ...user, roles: [...user.roles] }, routes.users.access)).toBe(
      'notAllowed',
    );
  });

  it('lets both into admin-or-user routes', () => {
    expect(decideAccess({ ...user, roles: [...user.roles] }, routes.dashboard.access)).toBe(
      'allowed',
    );
    expect(decideAccess({ ...admin, roles: [...admin.roles] }, routes.profile.access)).toBe(
      'allowed',
    );
  });

  it('sends a suspended user to the suspended page whatever the roles', () => {
    expect(
      decideAccess({ roles: ['admin', 'user'], status: 'SUSPENDED' }, routes.dashboard.access),
    ).toBe('suspended');
  });

  it('checks chain roles for the upload route', () => {
    expect(decideAccess({ roles: ['user'], status: 'ENABLED' }, routes.uploadDocument.access)).toBe(
      'notAllowed',
    );
    expect(decideAccess({ ...user, roles: [...user.roles] }, routes.uploadDocument.access)).toBe(
      'allowed',
    );
  });
});
