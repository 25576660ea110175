import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { AppContext } from '#infra/app-context';
import { AppError } from '#infra/app-error';
import { unwrapWithKek, wrapWithKek } from '#infra/keys';
import { providerCredentialTokens, providerLogins, providerSessions } from './credential-ref-table';
import { exchangeCode } from './csc-provider-client';
import type { ExternalProviderConfig, ProviderEndpoints } from './external-providers';

/**
 * A user's login at an external provider (P§2 login popup, OAuth 2.0 code with PKCE): the
 * popup's state and verifier are kept here (verifier wrapped with the KEK), the provider's access
 * token after the exchange too (wrapped, bound to the user and the provider), never in a log.
 */
type Ctx = Pick<AppContext, 'database' | 'keyRing' | 'config'>;

const loginTtlMs = 10 * 60_000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const sessionAad = (userId: string, providerId: string) =>
  `provider-session:${userId}:${providerId}`;

/** Where the provider sends the popup back: the web app's callback page. */
export const callbackUrl = (ctx: Ctx) => `${ctx.config.publicUrl}/csc-callback`;

/** The SCAL2 round (scope=credential): the credential and exactly the hashes it will sign. */
export interface CredentialRound {
  credentialId: string;
  /** SHA-256 hashes, base64. */
  hashes: string[];
}

const sha256Oid = '2.16.840.1.101.3.4.2.1';

/**
 * A login popup's start: the provider's authorize URL, and for a service login without a
 * configured prompt the same request with `prompt=none` (`silentUrl`, tried first: no page when
 * the user is signed in there and granted Signet before).
 */
export async function startLogin(
  ctx: Ctx,
  input: {
    userId: string;
    provider: ExternalProviderConfig;
    endpoints: ProviderEndpoints;
    round?: CredentialRound | undefined;
  },
): Promise<{ authorizeUrl: string; silentUrl: string | null }> {
  const { provider, round } = input;
  const state = randomBytes(24).toString('base64url');
  const verifier = randomBytes(32).toString('base64url');
  const db = ctx.database.db;
  await db.delete(providerLogins).where(lt(providerLogins.expiresAt, new Date()));
  await db.insert(providerLogins).values({
    stateHash: sha256(state),
    userId: input.userId,
    providerId: provider.id,
    verifier: wrapWithKek(ctx.keyRing, Buffer.from(verifier), `provider-login:${sha256(state)}`),
    credentialId: round?.credentialId ?? null,
    expiresAt: new Date(Date.now() + loginTtlMs),
  });
  const url = new URL(input.endpoints.authorization);
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: provider.clientId,
    redirect_uri: callbackUrl(ctx),
    scope: round ? 'credential' : provider.scope,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state,
  });
  if (round) {
    // CSC v2 §8.3.2: the hashes base64url, comma-separated, with their number and algorithm.
    params.set('credentialID', round.credentialId);
    params.set('numSignatures', String(round.hashes.length));
    params.set(
      'hashes',
      round.hashes.map((h) => Buffer.from(h, 'base64').toString('base64url')).join(','),
    );
    params.set('hashAlgorithmOID', sha256Oid);
  }
  if (provider.prompt) params.set('prompt', provider.prompt);
  url.search = params.toString();
  const authorizeUrl = url.toString();
  if (round || provider.prompt) return { authorizeUrl, silentUrl: null };
  params.set('prompt', 'none');
  url.search = params.toString();
  return { authorizeUrl, silentUrl: url.toString() };
}

/** The popup came back: the code for the provider's token, kept for this user and provider. */
export async function finishLogin(
  ctx: Ctx,
  input: {
    userId: string;
    provider: ExternalProviderConfig;
    endpoints: ProviderEndpoints;
    code: string;
    state: string;
  },
): Promise<{ scope: string; expiresIn: number }> {
  const stateHash = sha256(input.state);
  const db = ctx.database.db;
  const [login] = await db
    .delete(providerLogins)
    .where(
      and(
        eq(providerLogins.stateHash, stateHash),
        eq(providerLogins.userId, input.userId),
        eq(providerLogins.providerId, input.provider.id),
      ),
    )
    .returning();
  if (!login || login.expiresAt < new Date()) {
    throw new AppError('INVALID_REQUEST', 'The login at the provider expired; sign in again');
  }
  const verifier = unwrapWithKek(ctx.keyRing, login.verifier, `provider-login:${stateHash}`);
  const token = await exchangeCode(input.provider, input.endpoints, {
    code: input.code,
    verifier: verifier.toString(),
    redirectUri: callbackUrl(ctx),
  });
  const expiresAt = new Date(Date.now() + (token.expires_in ?? 3_600) * 1000);
  if (login.credentialId !== null) {
    await keepCredentialToken(ctx, {
      userId: input.userId,
      providerId: input.provider.id,
      credentialId: login.credentialId,
      token: token.access_token,
      expiresAt,
    });
    return { scope: 'credential', expiresIn: token.expires_in ?? 3_600 };
  }
  const wrapped = wrapWithKek(
    ctx.keyRing,
    Buffer.from(token.access_token),
    sessionAad(input.userId, input.provider.id),
  );
  await db
    .insert(providerSessions)
    .values({
      userId: input.userId,
      providerId: input.provider.id,
      accessToken: wrapped,
      expiresAt,
    })
    .onConflictDoUpdate({
      target: [providerSessions.userId, providerSessions.providerId],
      set: { accessToken: wrapped, expiresAt },
    });
  return { scope: input.provider.scope, expiresIn: token.expires_in ?? 3_600 };
}

const credentialAad = (userId: string, providerId: string, credentialId: string) =>
  `provider-credential:${userId}:${providerId}:${credentialId}`;

async function keepCredentialToken(
  ctx: Ctx,
  input: {
    userId: string;
    providerId: string;
    credentialId: string;
    token: string;
    expiresAt: Date;
  },
): Promise<void> {
  const { userId, providerId, credentialId, expiresAt } = input;
  const accessToken = wrapWithKek(
    ctx.keyRing,
    Buffer.from(input.token),
    credentialAad(userId, providerId, credentialId),
  );
  await ctx.database.db
    .insert(providerCredentialTokens)
    .values({ userId, providerId, credentialId, accessToken, expiresAt })
    .onConflictDoUpdate({
      target: [
        providerCredentialTokens.userId,
        providerCredentialTokens.providerId,
        providerCredentialTokens.credentialId,
      ],
      set: { accessToken, expiresAt },
    });
}

/** The SCAL2 round's token for this credential (null: none, or expired). */
export async function credentialToken(
  ctx: Ctx,
  input: { userId: string; providerId: string; credentialId: string },
): Promise<string | null> {
  const [row] = await ctx.database.db
    .select()
    .from(providerCredentialTokens)
    .where(credentialTokenKey(input));
  if (!row || row.expiresAt <= new Date()) return null;
  return unwrapWithKek(
    ctx.keyRing,
    row.accessToken,
    credentialAad(input.userId, input.providerId, input.credentialId),
  ).toString();
}

/** A SCAL2 round's token signs once: gone after its signature (or a refusal). */
export async function dropCredentialToken(
  ctx: Ctx,
  input: { userId: string; providerId: string; credentialId: string },
): Promise<void> {
  await ctx.database.db.delete(providerCredentialTokens).where(credentialTokenKey(input));
}

const credentialTokenKey = (input: { userId: string; providerId: string; credentialId: string }) =>
  and(
    eq(providerCredentialTokens.userId, input.userId),
    eq(providerCredentialTokens.providerId, input.providerId),
    eq(providerCredentialTokens.credentialId, input.credentialId),
  );

/** The user's provider token, or null when they are not signed in there (or it expired). */
export async function sessionToken(
  ctx: Ctx,
  userId: string,
  providerId: string,
): Promise<string | null> {
  const [row] = await ctx.database.db
    .select()
    .from(providerSessions)
    .where(and(eq(providerSessions.userId, userId), eq(providerSessions.providerId, providerId)));
  if (!row || row.expiresAt <= new Date()) return null;
  return unwrapWithKek(ctx.keyRing, row.accessToken, sessionAad(userId, providerId)).toString();
}

export async function signedInProviders(ctx: Ctx, userId: string): Promise<Set<string>> {
  const rows = await ctx.database.db
    .select({ providerId: providerSessions.providerId, expiresAt: providerSessions.expiresAt })
    .from(providerSessions)
    .where(eq(providerSessions.userId, userId));
  const now = new Date();
  return new Set(rows.filter((r) => r.expiresAt > now).map((r) => r.providerId));
}

/** The token, or UNAUTHORIZED telling the web app to open the login popup first (D§4). */
export async function requireSession(
  ctx: Ctx,
  userId: string,
  provider: ExternalProviderConfig,
): Promise<string> {
  const token = await sessionToken(ctx, userId, provider.id);
  if (!token) {
    throw new AppError('AUTHORIZATION_EXPIRED', `Sign in to ${provider.name} first`, {
      provider: provider.id,
    });
  }
  return token;
}

export async function endSession(ctx: Ctx, userId: string, providerId: string): Promise<void> {
  await ctx.database.db
    .delete(providerSessions)
    .where(and(eq(providerSessions.userId, userId), eq(providerSessions.providerId, providerId)));
  await ctx.database.db
    .delete(providerCredentialTokens)
    .where(
      and(
        eq(providerCredentialTokens.userId, userId),
        eq(providerCredentialTokens.providerId, providerId),
      ),
    );
}
