import { z } from 'zod';
import { AppError } from '#infra/app-error';
import type { ExternalProviderConfig, ProviderEndpoints } from './external-providers';

/**
 * The CSC calls Signet makes to an external provider (P§7; CSC API v2.0 names): the token
 * exchange of the login popup, credentials/list and /info, credentials/authorize and
 * signatures/signHash. Each call has a time budget; the provider's error text is kept, its
 * tokens never are in an error or a log line.
 */
const callTimeoutMs = 30_000;

/** A provider answered an error (or not at all): the signer sees its text. */
function providerFailure(provider: ExternalProviderConfig, status: number, text: string): AppError {
  const detail = z
    .object({ error: z.string(), error_description: z.string().optional() })
    .safeParse(safeJson(text));
  const what = detail.success
    ? `${detail.data.error}${detail.data.error_description ? `: ${detail.data.error_description}` : ''}`
    : `HTTP ${status}`;
  if (status === 401) {
    return new AppError('AUTHORIZATION_EXPIRED', `Sign in to ${provider.name} again (${what})`);
  }
  return new AppError('INVALID_REQUEST', `${provider.name} refused: ${what}`);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function call<T extends z.ZodType>(
  provider: ExternalProviderConfig,
  url: string,
  init: RequestInit,
  schema: T,
): Promise<z.infer<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      signal: init.signal ?? AbortSignal.timeout(callTimeoutMs),
    });
  } catch (error) {
    throw new AppError('SERVICE_UNAVAILABLE', `${provider.name} does not answer`, undefined, {
      cause: error,
    });
  }
  const text = await response.text();
  if (!response.ok) throw providerFailure(provider, response.status, text);
  const parsed = schema.safeParse(safeJson(text));
  if (!parsed.success) {
    throw new AppError('SERVICE_UNAVAILABLE', `${provider.name} answered something unexpected`);
  }
  return parsed.data;
}

const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().optional(),
});

/** The authorization code and PKCE verifier for the provider's access token. */
export function exchangeCode(
  provider: ExternalProviderConfig,
  endpoints: ProviderEndpoints,
  input: { code: string; verifier: string; redirectUri: string },
) {
  return call(
    provider,
    endpoints.token,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: input.code,
        code_verifier: input.verifier,
        redirect_uri: input.redirectUri,
        client_id: provider.clientId,
        ...(provider.clientSecret ? { client_secret: provider.clientSecret } : {}),
      }).toString(),
    },
    tokenSchema,
  );
}

const post = (token: string, body: unknown): RequestInit => ({
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export const providerCredentialInfoSchema = z.object({
  description: z.string().optional(),
  key: z.object({ status: z.string(), algo: z.array(z.string()).optional() }),
  cert: z.object({
    certificates: z.array(z.string()).optional(),
    subjectDN: z.string().optional(),
  }),
  authMode: z.string().optional(),
  SCAL: z.string().optional(),
});
export type ProviderCredentialInfo = z.infer<typeof providerCredentialInfoSchema>;

/** credentials/list with each credential's info (at most 100). */
export async function listCredentials(provider: ExternalProviderConfig, token: string) {
  const body = await call(
    provider,
    `${provider.apiBaseUrl}/credentials/list`,
    post(token, { credentialInfo: true, certificates: 'single', certInfo: true, maxResults: 100 }),
    z.object({
      credentialIDs: z.array(z.string()).max(1000),
      credentialInfos: z
        .array(providerCredentialInfoSchema.extend({ credentialID: z.string() }))
        .optional(),
    }),
  );
  if (body.credentialInfos) return body.credentialInfos;
  const infos = [];
  for (const id of body.credentialIDs.slice(0, 100)) {
    infos.push({ ...(await credentialInfo(provider, token, id, 'single')), credentialID: id });
  }
  return infos;
}

export function credentialInfo(
  provider: ExternalProviderConfig,
  token: string,
  credentialId: string,
  certificates: 'single' | 'chain' = 'chain',
) {
  return call(
    provider,
    `${provider.apiBaseUrl}/credentials/info`,
    post(token, { credentialID: credentialId, certificates, certInfo: true, authInfo: true }),
    providerCredentialInfoSchema,
  );
}

const sha256Oid = '2.16.840.1.101.3.4.2.1';

/** credentials/authorize for exactly these SHA-256 hashes (base64): the provider's SAD. */
export function authorizeHashes(
  provider: ExternalProviderConfig,
  token: string,
  input: { credentialId: string; hashes: string[]; pin?: string | undefined; description?: string },
) {
  return call(
    provider,
    `${provider.apiBaseUrl}/credentials/authorize`,
    {
      ...post(token, {
        credentialID: input.credentialId,
        numSignatures: input.hashes.length,
        hashes: input.hashes,
        hashAlgorithmOID: sha256Oid,
        ...(input.pin ? { authData: [{ id: 'PIN', value: input.pin }] } : {}),
        ...(input.description ? { description: input.description } : {}),
      }),
      signal: AbortSignal.timeout(provider.authorizationTimeoutSecs * 1000 + 5_000),
    },
    z.object({ SAD: z.string().min(1), expiresIn: z.number().optional() }),
  );
}

/** signatures/signHash: the signatures (DER or raw, base64) of the hashes the SAD covers. */
export function signHashes(
  provider: ExternalProviderConfig,
  token: string,
  input: { credentialId: string; sad: string; hashes: string[]; signAlgo: string },
) {
  return call(
    provider,
    `${provider.apiBaseUrl}/signatures/signHash`,
    post(token, {
      credentialID: input.credentialId,
      SAD: input.sad,
      hashes: input.hashes,
      hashAlgorithmOID: sha256Oid,
      signAlgo: input.signAlgo,
    }),
    z.object({ signatures: z.array(z.string()) }),
  );
}
