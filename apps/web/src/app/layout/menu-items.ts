import type { RemoteConfig } from '@signet/contracts/server';
import type { User } from '@signet/contracts/users';
import { paths } from '../paths';

export type MenuItemId =
  | 'dashboard'
  | 'all-documents'
  | 'recycle-bin'
  | 'users-rssp'
  | 'users'
  | 'credentials-admin'
  | 'imported-credentials'
  | 'evro-credentials'
  | 'devices'
  | 'csc-clients'
  | 'callbacks'
  | 'signature-background'
  | 'license'
  | 'my-documents'
  | 'signature-profiles'
  | 'credentials'
  | 'quantum-safe-demo'
  | 'validate';

export interface MenuItem {
  /** `data-testid` is `menu-<id>`. */
  id: MenuItemId;
  /** Key in the `app` namespace. */
  labelKey: string;
  /** An app route… */
  to?: string;
  /** …or an external page (opens in a new tab). */
  href?: string;
}

export interface MenuContext {
  user: Pick<User, 'roles'>;
  config: Pick<RemoteConfig, 'rsspPublicUrl' | 'evroEnabled' | 'poorManSignEnabled' | 'devMode'>;
  /** Seal status (its feature comes later; disabled until then). */
  isSealEnabled: boolean;
}

/**
 * The drawer menu (spec platform §2 Layout): the admin menu for admins, else the user menu. An
 * admin who also creates or signs chains has My Documents too (issue 26 §6).
 */
export function menuItems({ user, config, isSealEnabled }: MenuContext): MenuItem[] {
  if (user.roles.includes('admin')) {
    const takesPart = user.roles.includes('creator') || user.roles.includes('signer');
    const items: (MenuItem | false)[] = [
      { id: 'dashboard', labelKey: 'menu.dashboard', to: paths.dashboard },
      takesPart && { id: 'my-documents', labelKey: 'menu.myDocuments', to: paths.myDocuments },
      { id: 'all-documents', labelKey: 'menu.allDocuments', to: paths.allDocuments },
      { id: 'recycle-bin', labelKey: 'menu.recycleBin', to: paths.recycleBin },
      { id: 'validate', labelKey: 'menu.validate', to: paths.validate },
      config.rsspPublicUrl
        ? { id: 'users-rssp', labelKey: 'menu.usersRssp', href: config.rsspPublicUrl }
        : { id: 'users-rssp', labelKey: 'menu.usersRssp', to: paths.usersRssp },
      { id: 'users', labelKey: 'menu.usersRdss', to: paths.users },
      { id: 'credentials-admin', labelKey: 'menu.credentialsAdmin', to: paths.credentialsAdmin },
      {
        id: 'imported-credentials',
        labelKey: 'menu.importedCredentials',
        to: paths.importedCredentials,
      },
      config.evroEnabled && {
        id: 'evro-credentials',
        labelKey: 'menu.evroCredentials',
        to: paths.importedEvroTrustCredentials,
      },
      { id: 'devices', labelKey: 'menu.devices', to: paths.devicesAdmin },
      { id: 'csc-clients', labelKey: 'menu.cscClients', to: paths.cscClients },
      { id: 'callbacks', labelKey: 'menu.callbacks', to: paths.callbacks },
      {
        id: 'signature-background',
        labelKey: 'menu.signatureBackground',
        to: paths.signatureBackground,
      },
      { id: 'license', labelKey: 'menu.license', to: paths.license },
    ];
    return items.filter((item) => item !== false);
  }
  // Credentials are hidden for non-admins when the seal is on, unless in debug (dev) mode.
  const showCredentials = !isSealEnabled || config.devMode;
  const items: (MenuItem | false)[] = [
    { id: 'dashboard', labelKey: 'menu.dashboard', to: paths.dashboard },
    { id: 'my-documents', labelKey: 'menu.myDocuments', to: paths.myDocuments },
    { id: 'validate', labelKey: 'menu.validate', to: paths.validate },
    { id: 'signature-profiles', labelKey: 'menu.signatureProfiles', to: paths.signatureProfiles },
    showCredentials && { id: 'credentials', labelKey: 'menu.credentials', to: paths.credentials },
    config.poorManSignEnabled && {
      id: 'quantum-safe-demo',
      labelKey: 'menu.quantumSafeDemo',
      to: paths.quantumSafeDemo,
    },
  ];
  return items.filter((item) => item !== false);
}
