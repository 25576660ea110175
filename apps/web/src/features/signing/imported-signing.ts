import type { Credential } from '@signet/contracts/credentials';
import { z } from 'zod';
import {
  credentialRefPageSchema,
  credentialRefSadSchema,
  externalProviderListSchema,
  type CredentialRef,
} from '@signet/contracts/credential-refs';
import {
  signResultSchema,
  type SignRequestInput,
  type SignResult,
} from '@signet/contracts/signatures';
import type { ApiClient } from '../../shared/api/api-client';
import { isApiError } from '../../shared/api/api-error';
import {
  credentialRound,
  loginAtProvider,
  type ProviderTarget,
} from '../credential-refs/provider-calls';

/**
 * Signing with an imported credential (D§4 OAUTH2CODE): the refs are offered beside the own
 * credentials (authMode OAUTH2CODE); a press signs in three calls — the sign call with
 * `returnHashes`, the provider's SAD for exactly those hashes (Signet's server asks the
 * provider's credentials/authorize with the user's provider session; without one the login
 * popup opens first), and the sign call with the SAD and each chain's hash. A SCAL2 credential
 * first has the provider bind exactly those hashes (the credential round, scope=credential, in
 * the popup); a provider with its own endpoints is asked through the extproviders proxy (P§7).
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

/** The ref's provider as the calls need it (is it reached through the proxy?). */
async function providerOf(client: ApiClient, ref: CredentialRef): Promise<ProviderTarget> {
  const { providers } = await client.get('/api/v1/credentialRefs/providers/web', {
    schema: externalProviderListSchema,
  });
  const found = providers.find((p) => p.id === ref.provider);
  return { id: ref.provider, proxied: found?.proxied ?? false };
}

const cscSadSchema = z.object({ SAD: z.string(), expiresIn: z.number().optional() });
const sha256Oid = '2.16.840.1.101.3.4.2.1';

/** The provider's SAD for the hashes: its credentials/authorize through the proxy or the ref. */
async function askSad(
  client: ApiClient,
  provider: ProviderTarget,
  ref: CredentialRef,
  body: { hashes: string[]; PIN?: string },
): Promise<string> {
  const timeoutMs = 5 * 60_000;
  if (provider.proxied) {
    const answer = await client.post(
      `/rdss/v1/extproviders/${encodeURIComponent(provider.id)}/credentials/authorize`,
      {
        credentialID: ref.credentialId,
        numSignatures: body.hashes.length,
        hashes: body.hashes,
        hashAlgorithmOID: sha256Oid,
        ...(body.PIN ? { authData: [{ id: 'PIN', value: body.PIN }] } : {}),
      },
      { schema: cscSadSchema, timeoutMs },
    );
    return answer.SAD;
  }
  const url = `/api/v1/credentialRefs/${ref.id}/authorize`;
  return (await client.post(url, body, { schema: credentialRefSadSchema, timeoutMs })).sad;
}

async function providerSad(
  client: ApiClient,
  ref: CredentialRef,
  body: { hashes: string[]; PIN?: string },
): Promise<string> {
  const provider = await providerOf(client, ref);
  if (ref.scal === '2') {
    // SCAL2: the provider binds exactly these hashes in its popup first (scope=credential).
    await credentialRound(client, provider, ref.id, body.hashes);
    return askSad(client, provider, ref, body);
  }
  try {
    return await askSad(client, provider, ref, body);
  } catch (error) {
    if (!isApiError(error, 'AUTHORIZATION_EXPIRED')) throw error;
    // No (or an expired) session at the provider: its login popup first, then again.
    await loginAtProvider(client, provider);
    return askSad(client, provider, ref, body);
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
  const sad = await providerSad(client, ref, { hashes, ...(PIN ? { PIN } : {}) });
  return sign({
    ...rest,
    credentialOptions: { credentialRefId: ref.id },
    sad,
    signatures: rest.signatures.map((item, i) => ({ ...item, docHashes: perItem[i] ?? [] })),
  });
}
