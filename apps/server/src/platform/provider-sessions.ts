import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { AppContext } from '#infra/app-context';
import { AppError } from '#infra/app-error';
import { unwrapWithKek, wrapWithKek } from '#infra/key-wrap';
import { providerLogins, providerSessions } from './credential-ref-table';
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

export async function startLogin(
  ctx: Ctx,
  input: { userId: string; provider: ExternalProviderConfig; endpoints: ProviderEndpoints },
): Promise<string> {
  const { provider } = input;
  const state = randomBytes(24).toString('base64url');
  const verifier = randomBytes(32).toString('base64url');
  const db = ctx.database.db;
  await db.delete(providerLogins).where(lt(providerLogins.expiresAt, new Date()));
  await db.insert(providerLogins).values({
    stateHash: sha256(state),
    userId: input.userId,
    providerId: provider.id,
    verifier: wrapWithKek(ctx.keyRing, Buffer.from(verifier), `provider-login:${sha256(state)}`),
    expiresAt: new Date(Date.now() + loginTtlMs),
  });
  const url = new URL(input.endpoints.authorization);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: provider.clientId,
    redirect_uri: callbackUrl(ctx),
    scope: provider.scope,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state,
  }).toString();
  return url.toString();
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
): Promise<void> {
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
}

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
}
