import {
  createRemoteJWKSet,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
  type JWTVerifyOptions,
} from 'jose';
import type { AccessTokenClaims, VerifyAccessToken } from '../auth-types';
import type { Config } from '../config';
import { AppError } from '../app-error';

export const algorithms = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
];
/** A token that never expires would outlive a deleted or suspended account's sessions. */
export const requiredClaims = ['exp'];
export const unauthorized = () => new AppError('UNAUTHORIZED', 'The access token is not valid');

/** Where verification keys come from: the embedded provider (idp) or an external issuer's JWKS. */
export type KeySource = () => Promise<{
  getKey: JWTVerifyGetKey;
  options: JWTVerifyOptions;
  /**
   * Checks a verified token against its account; throws when the account no longer takes it.
   * May answer claims that are newer than the token's (the account's `email_verified`).
   */
  checkAccount?: (payload: JWTPayload) => Promise<JWTPayload | void>;
}>;

interface DiscoveryDocument {
  issuer: string;
  jwks_uri: string;
}

/** Keys of an external issuer: discovery once (retried after a failure), then its JWKS. */
export function externalKeySource(config: Config): KeySource {
  let pending: Promise<{ getKey: JWTVerifyGetKey; options: JWTVerifyOptions }> | undefined;
  const discover = async () => {
    const base = config.oidcIssuer.replace(/\/$/, '');
    const response = await fetch(`${base}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`discovery answered ${response.status}`);
    const doc = (await response.json()) as Partial<DiscoveryDocument>;
    if (typeof doc.issuer !== 'string' || typeof doc.jwks_uri !== 'string') {
      throw new Error('discovery document lacks issuer or jwks_uri');
    }
    return {
      getKey: createRemoteJWKSet(new URL(doc.jwks_uri)),
      options: {
        issuer: doc.issuer,
        algorithms,
        requiredClaims,
        ...(config.OIDC_AUDIENCE ? { audience: config.OIDC_AUDIENCE } : {}),
      },
    };
  };
  return () => {
    pending ??= discover().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

function optionalString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Maps verified JWT claims to Signet's claims; a token without subject or e-mail is refused. */
export function toAccessTokenClaims(payload: JWTPayload): AccessTokenClaims {
  const email = optionalString(payload.email);
  if (!payload.iss || !payload.sub || !email) throw unauthorized();
  return {
    issuer: payload.iss,
    subject: payload.sub,
    email,
    emailVerified: payload.email_verified === true,
    givenName: optionalString(payload.given_name),
    familyName: optionalString(payload.family_name),
    ...(typeof payload.exp === 'number' ? { expiresAt: payload.exp * 1000 } : {}),
  };
}

/** How long a token's checked signature and claims are kept: at most this, never past `exp`. */
const verifiedTokenMs = 60_000;
/** At most this many tokens are kept; past it the oldest goes. */
const maxVerifiedTokens = 10_000;

/**
 * Builds the bearer-token verifier over a key source: the embedded provider's signing keys
 * (`#idp/public`) or an external issuer's JWKS (`externalKeySource`). Every failure — bad
 * signature, wrong issuer or audience, expiry, unreachable issuer — is the same UNAUTHORIZED.
 *
 * A session sends the same token with every call: its signature and claims are checked on its
 * first call and kept for a minute (never past its expiry), where WebCrypto's verification cost
 * a tenth of a list request's CPU. The account behind it is checked on every call.
 */
export function createAccessTokenVerifier(
  keys: KeySource,
  now: () => number = Date.now,
): VerifyAccessToken {
  const verified = new Map<string, { payload: JWTPayload; until: number }>();
  const verifiedPayload = async (
    token: string,
    getKey: JWTVerifyGetKey,
    options: JWTVerifyOptions,
  ): Promise<JWTPayload> => {
    const at = now();
    const kept = verified.get(token);
    if (kept && at < kept.until) return kept.payload;
    verified.delete(token);
    const { payload } = await jwtVerify(token, getKey, { ...options, currentDate: new Date(at) });
    if (verified.size >= maxVerifiedTokens) verified.delete(verified.keys().next().value!);
    // `exp` is a required claim (requiredClaims).
    verified.set(token, { payload, until: Math.min(payload.exp! * 1000, at + verifiedTokenMs) });
    return payload;
  };
  return async (token) => {
    try {
      const { getKey, options, checkAccount } = await keys();
      const payload = await verifiedPayload(token, getKey, options);
      const current = await checkAccount?.(payload);
      return toAccessTokenClaims(current ? { ...payload, ...current } : payload);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw unauthorized();
    }
  };
}
