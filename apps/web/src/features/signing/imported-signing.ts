import type { Credential } from '@signet/contracts/credentials';
import {
  credentialRefPageSchema,
  credentialRefSadSchema,
  providerLoginSchema,
  type CredentialRef,
} from '@signet/contracts/credential-refs';
import {
  signResultSchema,
  type SignRequestInput,
  type SignResult,
} from '@signet/contracts/signatures';
import type { ApiClient } from '../../shared/api/api-client';
import { isApiError } from '../../shared/api/api-error';
import { loginInPopup } from '../credential-refs/provider-login';

/**
 * Signing with an imported credential (D§4 OAUTH2CODE): the refs are offered beside the own
 * credentials (authMode OAUTH2CODE); a press signs in three calls — the sign call with
 * `returnHashes`, the provider's SAD for exactly those hashes (Signet's server asks the
 * provider's credentials/authorize with the user's provider session; without one the login
 * popup opens first), and the sign call with the SAD and each chain's hash.
 */
const refs = new Map<string, CredentialRef>();

/** The ref behind a credential of the signing list, when it is an imported one. */
export const importedRef = (credential: Credential | undefined): CredentialRef | undefined =>
  credential?.authMode === 'OAUTH2CODE' ? refs.get(credential.id) : undefined;

/** A ref as the signing screens list credentials. */
function asCredential(ref: CredentialRef): Credential {
  return {
    id: ref.id,
    description: `${ref.description} · ${ref.providerName}`,
    keyPurpose: 'ASYMMETRIC_SIGN',
    keyAlg: ref.keyAlg === 'ec' ? 'ec' : 'rsa',
    rsaKeySize: null,
    ecCurveName: null,
    authMode: 'OAUTH2CODE',
    certificateEnrollmentMode: 'MANUAL',
    status: 'ACTIVATED',
    createdAt: ref.createdAt,
    userId: ref.userId,
    user: { id: ref.userId, name: ref.userEmail, email: ref.userEmail },
    certChain: [],
    p10: null,
    preauthQuantity: null,
    preauthUntil: null,
    xkblMode: false,
    certificateSerialNumber: null,
    distinguishedName: { commonName: ref.subjectName.slice(0, 64) || 'x', customFields: [] },
    keyBlocked: false,
    pukBlocked: false,
  };
}

/** The own imported credentials as signing credentials (none when the list cannot load). */
export async function importedSigningCredentials(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<Credential[]> {
  try {
    const page = await client.get('/api/v1/credentialRefs', {
      query: { 'page-num': 1, 'page-size': 50 },
      schema: credentialRefPageSchema,
      ...(signal ? { signal } : {}),
    });
    for (const ref of page.content) refs.set(ref.id, ref);
    return page.content.map(asCredential);
  } catch {
    return [];
  }
}

async function providerSad(
  client: ApiClient,
  ref: CredentialRef,
  body: { hashes: string[]; PIN?: string },
) {
  const url = `/api/v1/credentialRefs/${ref.id}/authorize`;
  try {
    return await client.post(url, body, { schema: credentialRefSadSchema, timeoutMs: 5 * 60_000 });
  } catch (error) {
    if (!isApiError(error, 'AUTHORIZATION_EXPIRED')) throw error;
    // No (or an expired) session at the provider: its login popup first, then again.
    const base = `/api/v1/credentialRefs/providers/${encodeURIComponent(ref.provider)}`;
    const { authorizeUrl } = await client.post(`${base}/login`, undefined, {
      schema: providerLoginSchema,
    });
    await client.post(`${base}/callback`, await loginInPopup(authorizeUrl));
    return client.post(url, body, { schema: credentialRefSadSchema, timeoutMs: 5 * 60_000 });
  }
}

/** The three calls of one press (the PIN is the provider's, for an EXPLICIT ref). */
export async function signWithImported(
  client: ApiClient,
  options: { ref: CredentialRef; request: SignRequestInput; PIN?: string | undefined },
): Promise<SignResult> {
  const { ref, PIN } = options;
  const { idempotencyKey: _unused, credentialOptions: _own, ...rest } = options.request;
  const sign = (body: SignRequestInput) =>
    client.post('/rdss/v1/signatures/sign', body, {
      schema: signResultSchema,
      timeoutMs: 10 * 60_000,
    });
  const hashed = await sign({
    ...rest,
    credentialOptions: { credentialRefId: ref.id },
    returnHashes: true,
  });
  const perItem = hashed.map((item) => item.docHashes ?? [item.docHash ?? '']);
  const hashes = perItem.flat();
  const { sad } = await providerSad(client, ref, { hashes, ...(PIN ? { PIN } : {}) });
  return sign({
    ...rest,
    credentialOptions: { credentialRefId: ref.id },
    sad,
    signatures: rest.signatures.map((item, i) => ({ ...item, docHashes: perItem[i] ?? [] })),
  });
}
