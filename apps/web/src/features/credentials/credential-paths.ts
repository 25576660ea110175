/** Paths of the credential screens (spec platform §2); the optional user id is for admins. */
export const credentialPaths = {
  list: '/credentials',
  importCredential: '/credentials/importCredential',
  adminList: '/credentialsAdmin',
  add: (userId?: string) =>
    userId ? `/credentials/${encodeURIComponent(userId)}/add` : '/credentials/add',
  update: (credentialId: string, userId?: string) =>
    `/credentials/${userId ? `${encodeURIComponent(userId)}/` : ''}${encodeURIComponent(credentialId)}/update`,
  certificates: (credentialId: string, userId?: string) =>
    `/credentials/${userId ? `${encodeURIComponent(userId)}/` : ''}${encodeURIComponent(credentialId)}/certificates`,
};

/** The `from` a list puts in the navigation state, so dialogs and screens go back to it. */
export function returnPath(state: unknown, fallback: string): string {
  if (state && typeof state === 'object' && 'from' in state && typeof state.from === 'string') {
    return state.from.startsWith('/') ? state.from : fallback;
  }
  return fallback;
}
