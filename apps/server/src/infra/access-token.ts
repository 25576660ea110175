import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
  type JWTVerifyOptions,
} from 'jose';
import { findAccountById } from '#idp/account-store';
import { apiResource, loadIdpPublicJwks } from '#idp/idp-keys';
import type { AccessTokenClaims, VerifyAccessToken } from './auth-types';
import type { Config } from './config';
import type { Database } from './database';
import type { KeyRing } from './kek';
import { AppError } from './app-error';

const algorithms = [
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
const requiredClaims = ['exp'];
/** An unknown key id reloads the embedded provider's keys at most this often. */
const reloadCooldownMs = 5_000;

const unauthorized = () => new AppError('UNAUTHORIZED', 'The access token is not valid');

type KeySource = () => Promise<{
  getKey: JWTVerifyGetKey;
  options: JWTVerifyOptions;
  /** Checks a verified token against its account; throws when the account no longer takes it. */
  checkAccount?: (payload: JWTPayload) => Promise<void>;
}>;

/** Keys of the embedded provider, read from the idp schema; reloaded when a token names a new kid. */
function embeddedKeySource(config: Config, database: Database, keyRing: KeyRing) {
  let local: JWTVerifyGetKey | undefined;
  let loadedAt = 0;
  const load = async () => {
    const jwks = await loadIdpPublicJwks(database.db, keyRing);
    loadedAt = Date.now();
    local = jwks.keys.length > 0 ? createLocalJWKSet(jwks) : undefined;
  };
  const getKey: JWTVerifyGetKey = async (header, token) => {
    if (!local) await load();
    try {
      if (!local) throw new joseErrors.JWKSNoMatchingKey();
      return await local(header, token);
    } catch (error) {
      if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw error;
      if (Date.now() - loadedAt < reloadCooldownMs && local) throw error;
      await load();
      if (!local) throw error;
      return local(header, token);
    }
  };
  const options: JWTVerifyOptions = {
    issuer: config.oidcIssuer,
    audience: apiResource,
    typ: 'at+jwt',
    algorithms,
    requiredClaims,
  };
  // A token is only as good as its account: deleted, or its sessions ended (password change,
  // deletion by an admin) since the token was issued, and it is refused.
  const checkAccount = async (payload: JWTPayload) => {
    const account = payload.sub ? await findAccountById(database.db, payload.sub) : null;
    if (!account || payload.ver !== account.tokenVersion) throw unauthorized();
  };
  return async () => ({ getKey, options, checkAccount });
}

interface DiscoveryDocument {
  issuer: string;
  jwks_uri: string;
}

/** Keys of an external issuer: discovery once (retried after a failure), then its JWKS. */
function externalKeySource(config: Config): KeySource {
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
  };
}

/**
 * Builds the bearer-token verifier: for the embedded provider from its signing keys in the
 * database, for an external issuer from its JWKS (discovery). Every failure — bad signature,
 * wrong issuer or audience, expiry, unreachable issuer — is the same UNAUTHORIZED.
 */
export async function createAccessTokenVerifier(deps: {
  config: Config;
  database: Database;
  keyRing: KeyRing;
}): Promise<VerifyAccessToken> {
  const { config, database, keyRing } = deps;
  const keys: KeySource = config.embeddedIdp
    ? embeddedKeySource(config, database, keyRing)
    : externalKeySource(config);
  return async (token) => {
    try {
      const { getKey, options, checkAccount } = await keys();
      const { payload } = await jwtVerify(token, getKey, options);
      await checkAccount?.(payload);
      return toAccessTokenClaims(payload);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw unauthorized();
    }
  };
}
