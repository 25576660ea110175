import type { RemoteConfig } from '@signet/contracts/server';
import type { Config } from '#infra/config';
import { idpAccountUrls } from '#idp/public';

/** Spec platform §3: the sign-in popup's default size. */
const popupLogin = { width: 770, height: 720 };
/** Spec platform §4: waiting for the e-identity app's approval, 60 s by default. */
const evroAuthorizationTimeoutSecs = 60;

/**
 * GET server/config: the remote config (spec platform §3) with every field present. Features
 * Signet does not have yet (e-identity, Regula, Google Picker) are reported off.
 */
export function buildRemoteConfig(config: Config): RemoteConfig {
  return {
    rsspApiUrl: config.RSSP_API_URL ?? `${config.publicUrl}/rssp`,
    rsspPublicUrl: config.RSSP_PUBLIC_URL,
    rdssApiUrl: config.RDSS_API_URL ?? `${config.publicUrl}/rdss`,
    rdssPublicUrl: config.RDSS_PUBLIC_URL,
    oidcIssuer: config.oidcIssuer,
    oidcClientId: config.OIDC_CLIENT_ID,
    logoutTimeSeconds: config.LOGOUT_TIME_SECONDS,
    logoutReminderSeconds: config.LOGOUT_REMINDER_SECONDS,
    networkTimeoutMillis: config.NETWORK_TIMEOUT_MILLIS,
    cookiePolicyURL: config.COOKIE_POLICY_URL,
    hotjarSiteId: config.HOTJAR_SITE_ID,
    evroEnabled: false,
    poorManSignEnabled: config.POOR_MAN_SIGN_ENABLED,
    adminOnlyCredentialManagement: config.ADMIN_ONLY_CREDENTIAL_MANAGEMENT,
    userGroupsEnabled: config.USER_GROUPS_ENABLED,
    signingTrailEnabled: config.SIGNING_TRAIL_ENABLED,
    clerkEnabled: config.CLERK_ENABLED,
    userVerificationEnabled: config.USER_VERIFICATION_ENABLED,
    regulaEnabled: false,
    authorizationTimeoutSecs: config.AUTHORIZATION_TIMEOUT_SECS,
    evroAuthorizationTimeoutSecs,
    maxUploadDocumentBytes: config.MAX_UPLOAD_DOCUMENT_BYTES,
    maxSignatureProfileImageBytes: config.MAX_SIGNATURE_PROFILE_IMAGE_BYTES,
    accountManagementURL: config.ACCOUNT_MANAGEMENT_URL,
    ...idpAccountUrls(config),
    sicAndroidLink: config.SIC_ANDROID_LINK,
    sicIphoneLink: config.SIC_IPHONE_LINK,
    googlePicker: { enabled: false, clientId: '', scope: '', developerKey: '' },
    theme: config.THEME,
    popupLogin,
    devMode: config.DEV_MODE,
  };
}
