import type { Credential } from '@signet/contracts/credentials';

export interface CredentialViewer {
  id: string | undefined;
  isAdmin: boolean;
  /** Remote config `adminOnlyCredentialManagement`. */
  adminOnlyCredentialManagement: boolean;
}

/** Create, update, delete and certificate editing (spec platform §6). */
export function canManageCredentials(viewer: CredentialViewer): boolean {
  return viewer.isAdmin || !viewer.adminOnlyCredentialManagement;
}

export interface CredentialActions {
  activate: boolean;
  update: boolean;
  showCertificates: boolean;
  changePassword: boolean;
  unlock: boolean;
  changePuk: boolean;
  clearPreauthorization: boolean;
  delete: boolean;
}

/**
 * The row actions a viewer gets on a credential (spec platform §2, §6): key-password actions only
 * on the viewer's own credentials (admins included), activate while CREATED, the rest while
 * ACTIVATED; key passwords and PUKs exist only for EXPLICIT credentials; a credential whose PUK is
 * blocked can only be deleted.
 */
export function credentialActions(
  credential: Credential,
  viewer: CredentialViewer,
): CredentialActions {
  const isOwn = viewer.id !== undefined && credential.userId === viewer.id;
  const isActivated = credential.status === 'ACTIVATED';
  const isUsable = !credential.pukBlocked;
  const hasSecrets = credential.authMode === 'EXPLICIT';
  const canManage = canManageCredentials(viewer);
  return {
    activate: isOwn && credential.status === 'CREATED' && isUsable,
    update: canManage,
    showCertificates: credential.keyAlg !== 'aes',
    changePassword: isOwn && isActivated && hasSecrets && isUsable,
    unlock: isOwn && isActivated && hasSecrets && isUsable,
    changePuk: isOwn && isActivated && hasSecrets && isUsable,
    clearPreauthorization: isOwn && isActivated && isUsable,
    delete: canManage,
  };
}
