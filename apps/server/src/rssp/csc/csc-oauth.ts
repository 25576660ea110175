import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, count, eq, gt, isNull, lt } from 'drizzle-orm';
import type { CscConsentRequest } from '@signet/contracts/csc';
import { AppError } from '#infra/app-error';
import type { Db } from '#infra/database';
import { addressBudgetKey, bearerToken } from '#infra/http';
import type { UserDirectory } from '#infra/auth-types';
import { findCredential } from '../records';
import { hashOfOid } from './csc-algorithms';
import { secretMatches, type ClientRegistry, type RegisteredClient } from './csc-clients';
import { CscError, invalidClient, invalidGrant, invalidRequest, invalidToken } from './csc-errors';
import { cscRequests, cscTokens, type CscRequestRow, type CscTokenRow } from './csc-table';
import { hashesDigest } from '../custody';
import { revokeTokensOfUsedCode } from './csc-token-store';

/** How long the user has to sign in and consent, and how long a code lives. */
const requestTtlMs = 10 * 60 * 1000;
const codeTtlMs = 60 * 1000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Decodes base64 or base64url (CSC clients send either). */
export function decodeHash(text: string, field: string): Buffer {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) throw invalidRequest(`Invalid parameter ${field}`);
  return Buffer.from(text.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
}

export interface CscOAuthDeps {
  db: Db;
  clients: ClientRegistry;
  users: Pick<UserDirectory, 'find'>;
  publicUrl: string;
  tokenTtlSecs: number;
  /** API_CALLS_PER_SECOND per user, as on Signet's own API. */
  callLimiter: { take(userId: string): number | null };
  /** oauth2/authorize calls per client address (`authorizeBudget`): anyone may make them. */
  authorizeLimiter: { take(address: string): number | null };
  /**
   * Users looked up in the last second. Their tokens need no cache to end: every end of a
   * user's sessions (suspension and deletion too) revokes them in their rows (decision 052).
   */
  recentUsers: Map<string, { ok: boolean; until: number }>;
}

/**
 * oauth2/authorize per client address: a browser's sign-in makes one; an office behind one
 * address makes more, seldom a burst of twenty (decision 053).
 */
export const authorizeBudget = { rate: 1, burst: 20 };

/**
 * Requests one client address may have waiting for consent, across clients. Anyone can start
 * one, so the places are the address's own: strangers elsewhere cannot take a client's users'.
 */
export const waitingPerAddress = 100;

export type AuthorizeParams = Record<string, string | undefined>;

/** A redirect to the client's registered URI with these parameters (the code or the error). */
function redirectWith(uri: string, params: Record<string, string | null | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined) url.searchParams.set(key, value);
  }
  return url.toString();
}

/**
 * oauth2/authorize: the client and its redirect URI are checked first (an unknown client or an
 * unregistered redirect URI is answered here and nothing goes to that URI); the request is kept
 * and the browser goes to the consent page of the web app, where the user signs in as usual.
 * Answers where the browser goes next.
 */
export async function startAuthorization(
  deps: CscOAuthDeps,
  q: AuthorizeParams,
  /** `request.ip`: the budget and the waiting places are counted per address. */
  clientAddress: string,
): Promise<string> {
  const address = addressBudgetKey(clientAddress);
  const retryAfterSeconds = deps.authorizeLimiter.take(address);
  if (retryAfterSeconds !== null) {
    throw new AppError('TOO_MANY_REQUESTS', 'Too many authorization requests', undefined, {
      retryAfterSeconds,
    });
  }
  const client = q.client_id ? await deps.clients.find(q.client_id) : undefined;
  if (!client) throw invalidRequest('Invalid parameter client_id');
  const redirectUri =
    q.redirect_uri ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
    throw invalidRequest('Invalid parameter redirect_uri (not registered for this client)');
  }
  const fail = (error: string, description: string) =>
    redirectWith(redirectUri, { error, error_description: description, state: q.state });
  if (q.response_type !== 'code') return fail('unsupported_response_type', 'response_type=code');
  if (
    !q.code_challenge ||
    q.code_challenge_method !== 'S256' ||
    !/^[A-Za-z0-9_-]{43}$/.test(q.code_challenge)
  ) {
    return fail('invalid_request', 'PKCE with code_challenge_method=S256 is required');
  }
  const scope = q.scope ?? 'service';
  if (scope !== 'service' && scope !== 'credential')
    return fail('invalid_scope', 'service or credential');
  let binding: Pick<
    CscRequestRow,
    'credentialId' | 'numSignatures' | 'hashAlgorithm' | 'hashesDigest'
  > = {
    credentialId: null,
    numSignatures: null,
    hashAlgorithm: null,
    hashesDigest: null,
  };
  if (scope === 'credential') {
    try {
      binding = credentialBinding(q);
    } catch (error) {
      if (error instanceof CscError) return fail(error.error, error.message);
      throw error;
    }
  }
  const [waiting] = await deps.db
    .select({ n: count() })
    .from(cscRequests)
    .where(
      and(
        eq(cscRequests.clientAddress, address),
        isNull(cscRequests.userId),
        gt(cscRequests.expiresAt, new Date()),
      ),
    );
  if ((waiting?.n ?? 0) >= waitingPerAddress) {
    return fail('temporarily_unavailable', 'Too many authorization requests are waiting');
  }
  const id = randomUUID();
  await deps.db.insert(cscRequests).values({
    id,
    clientId: client.id,
    redirectUri,
    state: q.state ?? null,
    codeChallenge: q.code_challenge,
    scope,
    ...binding,
    clientAddress: address,
    expiresAt: new Date(Date.now() + requestTtlMs),
  });
  if (Math.random() < 1 / 32) {
    await deps.db.delete(cscRequests).where(lt(cscRequests.expiresAt, new Date()));
  }
  const page = new URLSearchParams();
  if (q.lang === 'hu') page.set('lang', 'hu');
  // prompt=none (OpenID Connect): the page answers at once, a code when the user is signed in
  // and granted this client before, else login_required or consent_required (decision 043).
  if (q.prompt === 'none' && scope === 'service') page.set('prompt', 'none');
  const search = page.size > 0 ? `?${page.toString()}` : '';
  return `${deps.publicUrl}/csc-consent/${id}${search}`;
}

/** scope=credential: the credential, the number of signatures and (SCAL2) the hashes. */
function credentialBinding(q: AuthorizeParams) {
  const credentialId = q.credentialID ?? '';
  if (!/^[0-9a-f-]{36}$/i.test(credentialId))
    throw invalidRequest('Invalid parameter credentialID');
  const numSignatures = Number(q.numSignatures ?? '1');
  if (!Number.isInteger(numSignatures) || numSignatures < 1 || numSignatures > 100) {
    throw invalidRequest('Invalid parameter numSignatures');
  }
  const hashText = q.hashes ?? q.hash;
  if (!hashText) return { credentialId, numSignatures, hashAlgorithm: null, hashesDigest: null };
  const hashAlgorithm = hashOfOid(q.hashAlgorithmOID);
  const hashes = hashText.split(',').map((h) => decodeHash(h, 'hashes'));
  if (hashes.length !== numSignatures) throw invalidRequest('numSignatures must match the hashes');
  return {
    credentialId,
    numSignatures,
    hashAlgorithm,
    hashesDigest: hashesDigest(hashAlgorithm, hashes),
  };
}

async function pendingRequest(deps: CscOAuthDeps, requestId: string) {
  const [row] = await deps.db
    .select()
    .from(cscRequests)
    .where(
      and(
        eq(cscRequests.id, requestId),
        gt(cscRequests.expiresAt, new Date()),
        isNull(cscRequests.userId),
      ),
    );
  const client = row ? await deps.clients.find(row.clientId) : undefined;
  if (!row || !client)
    throw new CscError(404, 'invalid_request', 'The authorization request has expired');
  return { row, client };
}

async function ownCredential(deps: CscOAuthDeps, row: CscRequestRow, userId: string) {
  if (!row.credentialId) return null;
  const credential = await findCredential(deps.db, row.credentialId);
  return credential && credential.userId === userId ? credential : undefined;
}

/** The pending request as the consent page shows it to the signed-in user. */
export async function consentRequest(
  deps: CscOAuthDeps,
  requestId: string,
  userId: string,
): Promise<CscConsentRequest> {
  const { row, client } = await pendingRequest(deps, requestId);
  const credential = await ownCredential(deps, row, userId);
  return {
    id: row.id,
    clientName: client.name,
    clientRegistration: client.registeredFrom === null ? 'administrator' : 'dynamic',
    redirectOrigin: new URL(row.redirectUri).origin,
    scope: row.scope === 'credential' ? 'credential' : 'service',
    credential: credential ? { id: credential.id, description: credential.description } : null,
    numSignatures: row.numSignatures,
  };
}

/**
 * The user's answer: a code bound to the user (once, for a minute) or access_denied, sent to the
 * request's registered redirect URI only. Someone else's credential is refused like a denial.
 */
export async function decideConsent(
  deps: CscOAuthDeps,
  requestId: string,
  userId: string,
  allow: boolean,
  /** prompt=none: allowed only when the user granted this client before (a live token). */
  silent = false,
): Promise<string> {
  const { row } = await pendingRequest(deps, requestId);
  const credential = await ownCredential(deps, row, userId);
  const code = randomBytes(32).toString('base64url');
  const unseen = silent && !(row.scope === 'service' && (await hasLiveGrant(deps, row, userId)));
  const granted = allow && credential !== undefined && !unseen;
  const taken = await deps.db
    .update(cscRequests)
    .set(
      granted
        ? { userId, codeHash: sha256(code), expiresAt: new Date(Date.now() + codeTtlMs) }
        : { userId, expiresAt: new Date() },
    )
    .where(and(eq(cscRequests.id, row.id), isNull(cscRequests.userId)))
    .returning({ id: cscRequests.id });
  if (taken.length === 0)
    throw new CscError(404, 'invalid_request', 'The authorization request has expired');
  if (unseen) {
    return redirectWith(row.redirectUri, {
      error: 'consent_required',
      error_description: 'The user has not granted this client yet',
      state: row.state,
    });
  }
  if (!granted) {
    const description = allow ? 'Invalid parameter credentialID' : 'The user refused';
    return redirectWith(row.redirectUri, {
      error: 'access_denied',
      error_description: description,
      state: row.state,
    });
  }
  return redirectWith(row.redirectUri, { code, state: row.state });
}

/** A grant the user gave this client before: a live (unexpired, unrevoked) service token. */
async function hasLiveGrant(deps: CscOAuthDeps, row: CscRequestRow, userId: string) {
  const [live] = await deps.db
    .select({ at: cscTokens.createdAt })
    .from(cscTokens)
    .where(
      and(
        eq(cscTokens.clientId, row.clientId),
        eq(cscTokens.userId, userId),
        eq(cscTokens.scope, 'service'),
        isNull(cscTokens.revokedAt),
        gt(cscTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return live !== undefined;
}

/**
 * prompt=none without a signed-in user: the request ends and the client hears login_required
 * (at its registered redirect URI only), so it can open the interactive page instead.
 */
export async function loginRequired(deps: CscOAuthDeps, requestId: string): Promise<string> {
  const { row } = await pendingRequest(deps, requestId);
  await deps.db
    .update(cscRequests)
    .set({ expiresAt: new Date() })
    .where(and(eq(cscRequests.id, row.id), isNull(cscRequests.userId)));
  return redirectWith(row.redirectUri, {
    error: 'login_required',
    error_description: 'The user is not signed in',
    state: row.state,
  });
}

export type TokenParams = Record<string, string | undefined>;

/** The client of a token or revoke call: a confidential one must authenticate (Basic or post). */
async function authenticatedClient(
  deps: CscOAuthDeps,
  params: TokenParams,
  authorization: string | undefined,
): Promise<RegisteredClient> {
  let clientId = params.client_id;
  let secret = params.client_secret;
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization ?? '');
  if (basic?.[1]) {
    const [id = '', pass = ''] = Buffer.from(basic[1], 'base64').toString().split(':');
    clientId = decodeURIComponent(id);
    secret = decodeURIComponent(pass);
  }
  const client = clientId ? await deps.clients.find(clientId) : undefined;
  if (!client) throw invalidClient();
  if (client.confidential && !secretMatches(client, secret)) throw invalidClient();
  return client;
}

/** oauth2/token, grant_type=authorization_code with the PKCE verifier. */
export async function exchangeCode(
  deps: CscOAuthDeps,
  params: TokenParams,
  authorization: string | undefined,
) {
  if (params.grant_type !== 'authorization_code') {
    throw new CscError(400, 'unsupported_grant_type', 'grant_type=authorization_code');
  }
  const client = await authenticatedClient(deps, params, authorization);
  if (!params.code || !params.code_verifier)
    throw invalidRequest('code and code_verifier are required');
  const codeHash = sha256(params.code);
  const verifier = params.code_verifier;
  const expiresAt = new Date(Date.now() + deps.tokenTtlSecs * 1000);
  const accessToken = randomBytes(32).toString('base64url');
  // The code is spent by any try, right or wrong; a token is issued only for a right one, in the
  // same transaction, so a second use of the code (revoking it) cannot miss it.
  const issued = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(cscRequests)
      // The request is kept while its token may live: a reuse of the code still finds it.
      .set({ codeUsedAt: new Date(), expiresAt })
      .where(
        and(
          eq(cscRequests.codeHash, codeHash),
          isNull(cscRequests.codeUsedAt),
          gt(cscRequests.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!row) {
      await revokeTokensOfUsedCode(tx, codeHash);
      return invalidGrant('Invalid code');
    }
    if (!row.userId || row.clientId !== client.id) return invalidGrant('Invalid code');
    if (params.redirect_uri !== undefined && params.redirect_uri !== row.redirectUri) {
      return invalidGrant('redirect_uri does not match');
    }
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (challenge !== row.codeChallenge) return invalidGrant('Invalid code_verifier');
    await tx.insert(cscTokens).values({
      tokenHash: sha256(accessToken),
      clientId: client.id,
      userId: row.userId,
      scope: row.scope,
      credentialId: row.credentialId,
      numSignatures: row.numSignatures,
      hashAlgorithm: row.hashAlgorithm,
      hashesDigest: row.hashesDigest,
      requestId: row.id,
      expiresAt,
    });
    return row;
  });
  if (issued instanceof CscError) throw issued;
  const row = issued;
  if (Math.random() < 1 / 32) {
    await deps.db.delete(cscTokens).where(lt(cscTokens.expiresAt, new Date()));
  }
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: deps.tokenTtlSecs,
    scope: row.scope,
    ...(row.credentialId ? { credentialID: row.credentialId } : {}),
  };
}

/** oauth2/revoke (RFC 7009): the client's own token ends; an unknown token is no error. */
export async function revokeToken(
  deps: CscOAuthDeps,
  params: TokenParams,
  authorization: string | undefined,
): Promise<void> {
  const client = await authenticatedClient(deps, params, authorization);
  if (!params.token) throw invalidRequest('Missing parameter token');
  await deps.db
    .update(cscTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(cscTokens.tokenHash, sha256(params.token)), eq(cscTokens.clientId, client.id)));
}

const userCacheMs = 1_000;

async function userMayCall(deps: CscOAuthDeps, userId: string): Promise<boolean> {
  const now = Date.now();
  const cached = deps.recentUsers.get(userId);
  if (cached && cached.until > now) return cached.ok;
  const user = await deps.users.find(userId);
  const ok = user !== null && user.status !== 'SUSPENDED';
  if (deps.recentUsers.size > 10_000) deps.recentUsers.clear();
  deps.recentUsers.set(userId, { ok, until: now + userCacheMs });
  return ok;
}

/** The access token of a CSC call: unexpired, unrevoked, its user present and not suspended. */
export async function verifyCscToken(
  deps: CscOAuthDeps,
  authorization: string | undefined,
  /** Counts toward API_CALLS_PER_SECOND (signHash does not: each spends a SAD). */
  limited = true,
): Promise<CscTokenRow> {
  const token = bearerToken(authorization);
  if (!token) throw invalidToken('A bearer access token is required');
  const [row] = await deps.db
    .select()
    .from(cscTokens)
    .where(
      and(
        eq(cscTokens.tokenHash, sha256(token)),
        isNull(cscTokens.revokedAt),
        gt(cscTokens.expiresAt, new Date()),
      ),
    );
  if (!row) throw invalidToken();
  if (!(await userMayCall(deps, row.userId))) throw invalidToken();
  const retryAfterSeconds = limited ? deps.callLimiter.take(row.userId) : null;
  if (retryAfterSeconds !== null) {
    throw new AppError('TOO_MANY_REQUESTS', 'Too many requests; try again later', undefined, {
      retryAfterSeconds,
    });
  }
  return row;
}
