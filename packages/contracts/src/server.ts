import { z } from 'zod';

/** GET server/ping */
export const pingSchema = z.object({ status: z.literal('ok') });
/** GET server/ready: the database answers and the event bus listens (else 503). */
export const readySchema = z.object({
  status: z.literal('ready'),
  database: z.literal('up'),
  events: z.literal('up'),
});
/** GET server/currentTime: ISO 8601 UTC. */
export const currentTimeSchema = z.object({ currentTime: z.string() });

export const versionInfoSchema = z.object({ versionStringShort: z.string() });
/** GET server/version: each of the three services reports its short version. */
export const serverVersionSchema = z.object({
  platform: versionInfoSchema,
  rssp: versionInfoSchema,
  rdss: versionInfoSchema,
});
export type ServerVersion = z.infer<typeof serverVersionSchema>;

export const countrySchema = z.object({ name: z.string(), code: z.string().length(2) });
export const countriesSchema = z.array(countrySchema);
export type Country = z.infer<typeof countrySchema>;
export const countriesParamsSchema = z.object({ locale: z.enum(['EN', 'HU', 'en', 'hu']) });

const rgb = z.string().regex(/^#[0-9a-fA-F]{6}$/);
/** A theme colour set, from server config. */
export const themeSchema = z.object({
  primary: rgb,
  secondary: rgb,
  background: rgb,
  paper: rgb,
  mode: z.enum(['light', 'dark']),
});
export type Theme = z.infer<typeof themeSchema>;

/** GET server/config: the remote config (spec platform §3), every field present. */
export const remoteConfigSchema = z.object({
  rsspApiUrl: z.string(),
  rsspPublicUrl: z.string(),
  rdssApiUrl: z.string(),
  rdssPublicUrl: z.string(),
  oidcIssuer: z.string(),
  oidcClientId: z.string(),
  logoutTimeSeconds: z.number().int(),
  logoutReminderSeconds: z.number().int(),
  networkTimeoutMillis: z.number().int(),
  cookiePolicyURL: z.string(),
  hotjarSiteId: z.string(),
  evroEnabled: z.boolean(),
  poorManSignEnabled: z.boolean(),
  adminOnlyCredentialManagement: z.boolean(),
  userGroupsEnabled: z.boolean(),
  signingTrailEnabled: z.boolean(),
  clerkEnabled: z.boolean(),
  userVerificationEnabled: z.boolean(),
  regulaEnabled: z.boolean(),
  authorizationTimeoutSecs: z.number().int(),
  evroAuthorizationTimeoutSecs: z.number().int(),
  maxUploadDocumentBytes: z.number().int(),
  maxSignatureProfileImageBytes: z.number().int(),
  accountManagementURL: z.string(),
  changePasswordURL: z.string(),
  deleteAccountURL: z.string(),
  sicAndroidLink: z.string(),
  sicIphoneLink: z.string(),
  googlePicker: z.object({
    enabled: z.boolean(),
    clientId: z.string(),
    scope: z.string(),
    developerKey: z.string(),
  }),
  theme: themeSchema.nullable(),
  popupLogin: z.object({ width: z.number().int(), height: z.number().int() }),
  devMode: z.boolean(),
});
export type RemoteConfig = z.infer<typeof remoteConfigSchema>;
