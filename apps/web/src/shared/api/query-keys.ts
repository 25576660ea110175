/**
 * Root query keys by feature. Features build their keys under these roots
 * (`[...queryKeys.users, 'list', params]`) so that real-time events and mutations can invalidate a
 * whole feature at once.
 */
export const queryKeys = {
  remoteConfig: ['server', 'config'],
  serverVersion: ['server', 'version'],
  currentUser: ['current-user'],
  currentUserStats: ['current-user', 'stats'],
  users: ['users'],
  userGroups: ['user-groups'],
  credentials: ['credentials'],
  devices: ['devices'],
  documents: ['documents'],
  signatureChains: ['signature-chains'],
  signatureProfiles: ['signature-profiles'],
} as const satisfies Record<string, readonly string[]>;
