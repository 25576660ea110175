import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './paging';

/**
 * References to credentials held by an external CSC provider (P§2 import dialog, P§7
 * credentialRefs and external providers, D§4 OAUTH2CODE signing). Under `/api/v1`.
 */

/** An external provider as the web app sees it (`credentialRefs/providers/web`): no secrets. */
export const externalProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  apiBaseUrl: z.string(),
  /** The user has a provider session on this Signet (a token kept server-side). */
  signedIn: z.boolean(),
  /**
   * The provider has its own authorization and token endpoints: the web app's token exchange
   * and CSC calls go through `{rdssApiUrl}/v1/extproviders/{id}` (P§7).
   */
  proxied: z.boolean(),
});
export type ExternalProvider = z.infer<typeof externalProviderSchema>;
export const externalProviderListSchema = z.object({ providers: z.array(externalProviderSchema) });

export const providerParamsSchema = z.object({ providerId: z.string().min(1).max(100) });

/**
 * The login popup's start: where the popup goes (the provider's authorize URL), and the same
 * request with `prompt=none` to try first (null when the provider's config names a prompt, and
 * for the SCAL2 credential round).
 */
export const providerLoginSchema = z.object({
  authorizeUrl: z.string(),
  silentUrl: z.string().nullable(),
});

/** The SCAL2 round's start (`credentialRefs/{id}/credentialLogin`): the hashes it binds. */
export const credentialRoundSchema = z
  .object({ hashes: z.array(z.string().max(200)).min(1).max(50) })
  .strict();

/**
 * The extproviders proxy's token answer (`/openid/token`): the provider's token is kept on
 * Signet's server (decision 035), so the answer says only that and for how long.
 */
export const proxiedTokenSchema = z.object({
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
  scope: z.string(),
});

/** What the proxy takes at `/openid/token`: the popup's code and state (no secret, no verifier). */
export const proxiedTokenRequestSchema = z.object({
  grant_type: z.literal('authorization_code'),
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(200),
  redirect_uri: z.string().max(2000).optional(),
});

/** Where the popup came back: the code and state the provider's redirect carried. */
export const providerCallbackSchema = z
  .object({
    code: z.string().min(1).max(2000),
    state: z.string().min(1).max(200),
  })
  .strict();
export type ProviderCallback = z.infer<typeof providerCallbackSchema>;

/** One credential at the provider, for the import list (disabled keys are left out). */
export const providerCredentialSchema = z.object({
  credentialId: z.string(),
  description: z.string(),
  subjectName: z.string(),
  keyAlg: z.string(),
  authMode: z.string(),
  /** Already imported by this user. */
  imported: z.boolean(),
});
export type ProviderCredential = z.infer<typeof providerCredentialSchema>;
export const providerCredentialListSchema = z.object({
  credentials: z.array(providerCredentialSchema),
});

/** `POST credentialRefs` (P§7: provider, credentialId, authentication). */
export const importCredentialRefSchema = z
  .object({
    provider: z.string().min(1).max(100),
    credentialId: z.string().min(1).max(255),
    authentication: z.string().max(4096).optional(),
  })
  .strict();
export type ImportCredentialRef = z.infer<typeof importCredentialRefSchema>;

/** An imported credential ref (D§2: id, description, provider, credentialId, cert, authMode). */
export const credentialRefSchema = z.object({
  id: z.string().uuid(),
  userId: z.string().uuid(),
  /** The owner's address (the admin's list shows whose it is). */
  userEmail: z.string(),
  description: z.string(),
  provider: z.string(),
  providerName: z.string(),
  providerBaseURL: z.string(),
  credentialId: z.string(),
  /** The provider's authorisation: explicit (a PIN) or implicit (its own approval). */
  authMode: z.enum(['EXPLICIT', 'IMPLICIT', 'OAUTH2CODE']),
  keyAlg: z.string(),
  subjectName: z.string(),
  /** PEM certificates, end-entity first. */
  cert: z.object({ certificates: z.array(z.string()) }),
  /** The provider's SCAL: '2' signs after the credential round (scope=credential, the hashes). */
  scal: z.enum(['1', '2']),
  createdAt: z.string(),
});
export type CredentialRef = z.infer<typeof credentialRefSchema>;

export const credentialRefSortFields = ['createdAt', 'description'] as const;
export const credentialRefListQuerySchema = pageQuerySchema(credentialRefSortFields, 'createdAt');
export type CredentialRefListQuery = z.infer<typeof credentialRefListQuerySchema>;
export const credentialRefPageSchema = pageSchema(credentialRefSchema);
export type CredentialRefPage = z.infer<typeof credentialRefPageSchema>;

/**
 * The provider's SAD for exactly these hashes (base64, the sign call's returnHashes answer):
 * Signet's server asks the provider's `credentials/authorize` with the user's provider session.
 */
export const credentialRefAuthorizeSchema = z
  .object({
    hashes: z.array(z.string().max(200)).min(1).max(50),
    PIN: z.string().min(1).max(255).optional(),
    description: z.string().max(255).optional(),
  })
  .strict();
export type CredentialRefAuthorize = z.infer<typeof credentialRefAuthorizeSchema>;
export const credentialRefSadSchema = z.object({ sad: z.string(), expiresIn: z.number() });
