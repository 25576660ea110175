import { describe, expect, it } from 'vitest';
import { menuItems } from './menu-items';
import type { MenuContext } from './menu-items';

const config: MenuContext['config'] = {
  rsspPublicUrl: '',
  evroEnabled: false,
  poorManSignEnabled: false,
  devMode: false,
};

const ids = (context: MenuContext) => menuItems(context).map((item) => item.id);

describe('menuItems', () => {
  it('gives admins the admin menu, evrotrust only when enabled', () => {
    const admin = { roles: ['admin', 'user'] as const };
    const base = { user: { roles: [...admin.roles] }, isSealEnabled: false };
    expect(ids({ ...base, config })).toEqual([
      'dashboard',
      'all-documents',
      'recycle-bin',
      'validate',
      'users-rssp',
      'users',
      'credentials-admin',
      'imported-credentials',
      'devices',
      'csc-clients',
      'callbacks',
      'signature-background',
      'license',
    ]);
    expect(ids({ ...base, config: { ...config, evroEnabled: true } })).toContain(
      'evro-credentials',
    );
  });

  it('gives an admin who creates or signs chains My Documents, after the dashboard', () => {
    for (const role of ['creator', 'signer'] as const) {
      const items = ids({ user: { roles: ['admin', 'user', role] }, isSealEnabled: false, config });
      expect(items.slice(0, 3), role).toEqual(['dashboard', 'my-documents', 'all-documents']);
    }
    const approver = { user: { roles: ['admin' as const, 'approver' as const] } };
    expect(ids({ ...approver, isSealEnabled: false, config })).not.toContain('my-documents');
  });

  it('links users rSSP to the public URL when configured', () => {
    const items = menuItems({
      user: { roles: ['admin', 'user'] },
      config: { ...config, rsspPublicUrl: 'https://rssp.example/users' },
      isSealEnabled: false,
    });
    expect(items.find((item) => item.id === 'users-rssp')).toMatchObject({
      href: 'https://rssp.example/users',
    });
    expect(items.find((item) => item.id === 'users')).toMatchObject({ to: '/users' });
  });

  it('gives users the user menu, quantum-safe demo only with poorManSign', () => {
    const base = { user: { roles: ['user' as const, 'signer' as const] }, isSealEnabled: false };
    expect(ids({ ...base, config })).toEqual([
      'dashboard',
      'my-documents',
      'validate',
      'signature-profiles',
      'credentials',
    ]);
    expect(ids({ ...base, config: { ...config, poorManSignEnabled: true } })).toContain(
      'quantum-safe-demo',
    );
  });

  it('hides credentials from users when the seal is on, unless in dev mode', () => {
    const base = { user: { roles: ['user' as const] }, isSealEnabled: true };
    expect(ids({ ...base, config })).not.toContain('credentials');
    expect(ids({ ...base, config: { ...config, devMode: true } })).toContain('credentials');
  });
});
