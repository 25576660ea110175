import type { Role } from '@signet/contracts/users';

/** Who may open a route (spec platform §2, §6); `public` routes need no sign-in. */
export type RouteAccess = 'public' | readonly Role[];

interface RouteEntry {
  /** react-router pattern. */
  readonly path: string;
  readonly access: RouteAccess;
}

const admin = ['admin'] as const satisfies readonly Role[];
const user = ['user'] as const satisfies readonly Role[];
const adminOrUser = ['admin', 'user'] as const satisfies readonly Role[];

/** Every route of the app in one typed table. */
export const routes = {
  root: { path: '/', access: 'public' },
  welcome: { path: '/welcome', access: 'public' },
  dashboard: { path: '/dashboard', access: adminOrUser },

  users: { path: '/users', access: admin },
  usersGroups: { path: '/users-groups', access: admin },
  usersRssp: { path: '/users-rssp', access: admin },
  devicesAdmin: { path: '/devices-admin', access: admin },
  cscClients: { path: '/csc-clients', access: admin },
  callbacks: { path: '/callbacks', access: admin },
  /** The CSC API's consent page (oauth2/authorize sends the browser here). */
  cscConsent: { path: '/csc-consent/:requestId', access: adminOrUser },

  credentials: { path: '/credentials', access: adminOrUser },
  credentialAdd: { path: '/credentials/add', access: adminOrUser },
  credentialAddForUser: { path: '/credentials/:userId/add', access: adminOrUser },
  credentialUpdate: { path: '/credentials/:credentialId/update', access: adminOrUser },
  credentialUpdateForUser: {
    path: '/credentials/:userId/:credentialId/update',
    access: adminOrUser,
  },
  certificates: { path: '/credentials/:credentialId/certificates', access: adminOrUser },
  certificatesForUser: {
    path: '/credentials/:userId/:credentialId/certificates',
    access: adminOrUser,
  },
  importCredential: { path: '/credentials/importCredential', access: user },
  importEvroTrust: { path: '/credentials/importEvroTrust', access: adminOrUser },
  credentialsAdmin: { path: '/credentialsAdmin', access: admin },
  importedCredentials: { path: '/importedCredentials', access: admin },
  importedEvroTrustCredentials: { path: '/importedEvroTrustCredentials', access: admin },
  signatureBackground: { path: '/signature-background', access: admin },
  license: { path: '/license', access: admin },
  quantumSafeDemo: { path: '/quantum-safe-demo', access: user },
  /** Signature validation (issue 27 §3); `?chain=<id>` opens a chain's document. */
  validate: { path: '/validate', access: adminOrUser },

  profile: { path: '/user/profile', access: adminOrUser },
  profileUpdate: { path: '/user/profile/:userId/update', access: adminOrUser },
  profileDeviceUpdate: { path: '/user/profile/devices/:deviceId/update', access: adminOrUser },
  profileDeviceAdd: { path: '/user/profile/devices/add', access: adminOrUser },

  signatureChains: { path: '/signatureChains/list/:filter?', access: user },
  uploadDocument: { path: '/signatureChains/upload', access: ['creator'] },
  allDocuments: { path: '/signatureChains/administrator/list', access: admin },
  recycleBin: { path: '/signatureChains/administrator/recycleBin', access: admin },
  signatureProfiles: { path: '/signatureProfiles', access: user },
  signatureProfileAdd: { path: '/signatureProfiles/add', access: user },
  signatureProfileUpdate: {
    path: '/signatureProfiles/:signatureProfileId/update',
    access: user,
  },
  approveDocument: {
    path: '/document/:docId/approve-customization/:signatureId/:currentSignatureId',
    access: user,
  },
  externalChain: { path: '/document/:docId/external/:externalId', access: user },
  /** Single signing; `usage` is `signature` from the lists (documents §2 route table). */
  signDocument: {
    path: '/document/:docId/customization/:usage/:signatureId?/:currentSignatureId?',
    access: user,
  },
  clerkDocument: {
    path: '/document/:docId/clerk/:signatureId/:currentSignatureId',
    access: user,
  },
  /** MultiSignatureCustomization: batch signing of the chains chosen in My Documents. */
  multiSign: { path: '/document/multi/customization', access: user },
  /** AsicSignatureCustomization: a bulk chain signed as one container (query: the chain, entry). */
  containerSign: { path: '/document/asic/customization', access: user },
  documentSigning: { path: '/document/*', access: user },

  permissionDenied: { path: '/permissionDenied', access: 'public' },
  notFound: { path: '/notFound', access: 'public' },
  loginCallback: { path: '/login-callback', access: 'public' },
  popupCallback: { path: '/popup-callback', access: 'public' },
  silentCallback: { path: '/silent-callback', access: 'public' },
  popupLogoutCallback: { path: '/popuplogout-callback', access: 'public' },
  logout: { path: '/logout', access: 'public' },
  logoutFromRssp: { path: '/logoutfromrssp', access: 'public' },
  join: { path: '/join', access: 'public' },
  joinChain: { path: '/join/chain', access: 'public' },
  authenticator: { path: '/authenticator', access: 'public' },
} as const satisfies Record<string, RouteEntry>;

export type RouteName = keyof typeof routes;

/** Concrete paths to link to. */
export const paths = {
  root: '/',
  welcome: '/welcome',
  dashboard: '/dashboard',
  users: '/users',
  usersGroups: '/users-groups',
  usersRssp: '/users-rssp',
  devicesAdmin: '/devices-admin',
  cscClients: '/csc-clients',
  callbacks: '/callbacks',
  credentials: '/credentials',
  importCredential: '/credentials/importCredential',
  importEvroTrust: '/credentials/importEvroTrust',
  credentialsAdmin: '/credentialsAdmin',
  importedCredentials: '/importedCredentials',
  importedEvroTrustCredentials: '/importedEvroTrustCredentials',
  signatureBackground: '/signature-background',
  license: '/license',
  quantumSafeDemo: '/quantum-safe-demo',
  validate: '/validate',
  profile: '/user/profile',
  myDocuments: '/signatureChains/list',
  allDocuments: '/signatureChains/administrator/list',
  recycleBin: '/signatureChains/administrator/recycleBin',
  signatureProfiles: '/signatureProfiles',
  permissionDenied: '/permissionDenied',
  notFound: '/notFound',
  logout: '/logout',
  join: '/join',
  joinChain: '/join/chain',
} as const satisfies Record<string, string>;

/** Welcome with the place to return to after sign-in. */
export function welcomePath(redirect?: string): string {
  return redirect ? `${paths.welcome}?redirect=${encodeURIComponent(redirect)}` : paths.welcome;
}

export type PermissionDeniedMode = 'suspended' | 'unconfirmed' | 'notAllowed';

/** The error page in one of its modes, remembering the page the user tried to open. */
export function permissionDeniedPath(mode: PermissionDeniedMode, from?: string): string {
  const params = new URLSearchParams({ mode });
  if (from) params.set('from', from);
  return `${paths.permissionDenied}?${params.toString()}`;
}
