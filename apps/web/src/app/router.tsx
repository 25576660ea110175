import type { Role } from '@signet/contracts/users';
import type { ComponentType, ReactNode } from 'react';
import { Navigate, createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
// The page a signed-in user lands on comes with the app's code: no second round trip for it. Its
// heavy part (the rows, their actions and dialogs) is loaded apart, by the page itself.
import DashboardPage from '../features/chains/routes/dashboard-page';
import { lazyComponent } from '../shared/components/lazy-component';
import { useRemoteConfig } from '../shared/hooks/use-remote-config';
import { RequireRole } from './guards/require-role';
import { RequireUser } from './guards/require-user';
import { BlankLayout } from './layout/blank-layout';
import { ContentLayout } from './layout/content-layout';
import { RootLayout } from './layout/root-layout';
import { paths, routes } from './paths';
import { FullPageSpinner } from './providers/remote-config-gate';
import { ComingSoonPage } from './routes/coming-soon-page';
import { NotFoundPage, PermissionDeniedPage } from './routes/error-page';
import { ExternalPage } from './routes/external-page';
import { PageLoadError } from './routes/page-load-error';
import { CallbackProgress, LoginCallbackPage } from './routes/login-callback-page';
import { LogoutPage } from './routes/logout-page';
import { RouteErrorPage } from './routes/route-error-page';
import { WelcomePage } from './routes/welcome-page';

/** A route's page in its own chunk, with the shell's spinner while its code loads. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- most pages take no props
function lazyPage<P extends object = {}>(factory: () => Promise<{ default: ComponentType<P> }>) {
  return lazyComponent(factory, { fallback: <FullPageSpinner /> });
}

const UsersPage = lazyPage(() => import('../features/users/routes/users-page'));
const ProfilePage = lazyPage(() => import('../features/profile/routes/profile-page'));
const CredentialsPage = lazyPage(() => import('../features/credentials/routes/credentials-page'));
const CredentialsAdminPage = lazyPage(
  () => import('../features/credentials/routes/credentials-admin-page'),
);
const CredentialDialogPage = lazyPage(
  () => import('../features/credentials/routes/credential-dialog-page'),
);
const CertificatesPage = lazyPage(() => import('../features/credentials/routes/certificates-page'));
const MyDocumentsPage = lazyPage(() => import('../features/chains/routes/my-documents-page'));
const AdminChainsPage = lazyPage(() => import('../features/chains/routes/admin-chains-page'));
const ApprovePage = lazyPage(() => import('../features/chains/routes/approve-page'));
const DevicesAdminPage = lazyPage(() => import('../features/devices/routes/devices-admin-page'));
const CscClientsPage = lazyPage(() => import('../features/csc/routes/csc-clients-page'));
const CallbacksPage = lazyPage(() => import('../features/callbacks/routes/callbacks-page'));
const ImportCredentialPage = lazyPage(
  () => import('../features/credential-refs/routes/import-credential-page'),
);
const ImportedCredentialsPage = lazyPage(
  () => import('../features/credential-refs/routes/imported-credentials-page'),
);
const CscConsentPage = lazyPage(() => import('../features/csc/routes/csc-consent-page'));
const AuthenticatorPage = lazyPage(() => import('../features/devices/routes/authenticator-page'));
const ExternalChainPage = lazyPage(() => import('../features/chains/routes/external-chain-page'));
const ValidatePage = lazyPage(() => import('../features/validation/routes/validate-page'));
const SignPage = lazyPage(() => import('../features/signing/routes/sign-page'));
const QuantumDemoPage = lazyPage(() => import('../features/quantum-demo/routes/quantum-demo-page'));
const ClerkPage = lazyPage(() => import('../features/signing/routes/clerk-page'));
const MultiSignPage = lazyPage(() => import('../features/signing/routes/multi-sign-page'));
const ContainerSignPage = lazyPage(() => import('../features/signing/routes/container-sign-page'));
const SignatureProfilesPage = lazyPage(
  () => import('../features/signature-profiles/routes/signature-profiles-page'),
);
const SignatureProfileDialogPage = lazyPage(
  () => import('../features/signature-profiles/routes/signature-profile-dialog-page'),
);
const SignatureBackgroundPage = lazyPage(
  () => import('../features/signature-profiles/routes/signature-background-page'),
);
/**
 * Invitations are opened once, from a mailed link, and need the chain contracts: not in the app's
 * code (start-app preloads it before the first render when the page opens on it).
 */
export const JoinPage = lazyPage(() => import('./routes/join-page'));

interface GuardedRoute {
  path: string;
  access: readonly Role[];
}

/** A content route, rendered only for its roles (spec platform §2 route table). */
function guarded(route: GuardedRoute, element: ReactNode): RouteObject {
  return {
    path: route.path,
    element: <RequireRole roles={route.access}>{element}</RequireRole>,
    // Inside the shell: a page that cannot load leaves the menu, header and banner in place.
    errorElement: <PageLoadError />,
  };
}

function comingSoon(route: GuardedRoute, titleKey: string): RouteObject {
  return guarded(route, <ComingSoonPage titleKey={titleKey} />);
}

/** Evrotrust pages exist only when the feature is enabled; otherwise the path is unknown. */
function EvroOnly({ children }: { children: ReactNode }) {
  return useRemoteConfig().evroEnabled ? children : <NotFoundPage />;
}

/** The quantum-safe demo exists only while poorManSignEnabled is on (platform §2). */
function PoorManSignOnly({ children }: { children: ReactNode }) {
  return useRemoteConfig().poorManSignEnabled ? children : <NotFoundPage />;
}

const contentRoutes: RouteObject[] = [
  guarded(routes.dashboard, <DashboardPage />),

  guarded(routes.users, <UsersPage />),
  comingSoon(routes.usersGroups, 'screens.usersGroups'),
  guarded(routes.usersRssp, <ExternalPage titleKey="menu.usersRssp" />),
  guarded(routes.devicesAdmin, <DevicesAdminPage />),
  guarded(routes.cscClients, <CscClientsPage />),
  guarded(routes.callbacks, <CallbacksPage />),
  guarded(routes.cscConsent, <CscConsentPage />),

  guarded(routes.credentials, <CredentialsPage />),
  guarded(routes.credentialAdd, <CredentialDialogPage />),
  guarded(routes.credentialAddForUser, <CredentialDialogPage />),
  guarded(routes.credentialUpdate, <CredentialDialogPage />),
  guarded(routes.credentialUpdateForUser, <CredentialDialogPage />),
  guarded(routes.certificates, <CertificatesPage />),
  guarded(routes.certificatesForUser, <CertificatesPage />),
  guarded(routes.importCredential, <ImportCredentialPage />),
  guarded(
    routes.importEvroTrust,
    <EvroOnly>
      <ComingSoonPage titleKey="screens.importEvroTrust" />
    </EvroOnly>,
  ),
  guarded(routes.credentialsAdmin, <CredentialsAdminPage />),
  guarded(routes.importedCredentials, <ImportedCredentialsPage />),
  guarded(
    routes.importedEvroTrustCredentials,
    <EvroOnly>
      <ComingSoonPage titleKey="menu.evroCredentials" />
    </EvroOnly>,
  ),
  guarded(routes.signatureBackground, <SignatureBackgroundPage />),
  comingSoon(routes.license, 'menu.license'),
  guarded(
    routes.quantumSafeDemo,
    <PoorManSignOnly>
      <QuantumDemoPage />
    </PoorManSignOnly>,
  ),
  guarded(routes.validate, <ValidatePage />),

  guarded(routes.profile, <ProfilePage />),
  guarded(routes.profileUpdate, <ProfilePage />),
  guarded(routes.profileDeviceUpdate, <ProfilePage deviceDialog="update" />),
  guarded(routes.profileDeviceAdd, <ProfilePage deviceDialog="add" />),

  guarded(routes.signatureChains, <MyDocumentsPage />),
  guarded(routes.uploadDocument, <MyDocumentsPage isUploadOpen />),
  guarded(routes.allDocuments, <AdminChainsPage mode="all" />),
  guarded(routes.recycleBin, <AdminChainsPage mode="recycleBin" />),
  guarded(routes.approveDocument, <ApprovePage />),
  guarded(routes.externalChain, <ExternalChainPage />),
  guarded(routes.signDocument, <SignPage />),
  guarded(routes.clerkDocument, <ClerkPage />),
  guarded(routes.multiSign, <MultiSignPage />),
  guarded(routes.containerSign, <ContainerSignPage />),
  guarded(routes.signatureProfiles, <SignatureProfilesPage />),
  guarded(routes.signatureProfileAdd, <SignatureProfileDialogPage />),
  guarded(routes.signatureProfileUpdate, <SignatureProfileDialogPage />),
  comingSoon(routes.documentSigning, 'screens.documentSigning'),
];

/** Pages that the popup / iframe callbacks would show if main.tsx had not handled them. */
function ChildWindowCallback() {
  return <CallbackProgress text="…" />;
}

export const appRoutes: RouteObject[] = [
  // The Signet Authenticator: a phone's page of its own, without the shell or a user session.
  {
    path: routes.authenticator.path,
    element: <AuthenticatorPage />,
    errorElement: <RouteErrorPage />,
  },
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: routes.root.path, element: <Navigate to={paths.welcome} replace /> },
      {
        element: <BlankLayout />,
        children: [
          { path: routes.welcome.path, element: <WelcomePage /> },
          { path: routes.permissionDenied.path, element: <PermissionDeniedPage /> },
          { path: routes.notFound.path, element: <NotFoundPage /> },
          { path: routes.loginCallback.path, element: <LoginCallbackPage /> },
          { path: routes.popupCallback.path, element: <ChildWindowCallback /> },
          { path: routes.silentCallback.path, element: <ChildWindowCallback /> },
          { path: routes.popupLogoutCallback.path, element: <ChildWindowCallback /> },
          { path: routes.logout.path, element: <LogoutPage /> },
          { path: routes.logoutFromRssp.path, element: <Navigate to={paths.logout} replace /> },
          { path: routes.join.path, element: <JoinPage kind="user" /> },
          { path: routes.joinChain.path, element: <JoinPage kind="chain" /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: (
          <RequireUser>
            <ContentLayout />
          </RequireUser>
        ),
        children: contentRoutes,
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
