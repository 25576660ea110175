import {
  createLocalJWKSet,
  errors as joseErrors,
  type JWTPayload,
  type JWTVerifyGetKey,
  type JWTVerifyOptions,
} from 'jose';
import { algorithms, requiredClaims, unauthorized, type KeySource } from '#infra/http';
import type { Config } from '#infra/config';
import type { Database } from '#infra/database';
import type { KeyRing } from '#infra/keys';
import { findAccountById } from '../accounts';
import { apiResource, loadIdpPublicJwks } from '../store';

/** An unknown key id reloads the embedded provider's keys at most this often. */
const reloadCooldownMs = 5_000;

/** Keys of the embedded provider, read from the idp schema; reloaded when a token names a new kid. */
export function embeddedKeySource(config: Config, database: Database, keyRing: KeyRing): KeySource {
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
  // deletion by an admin) since the token was issued, and it is refused. Whether the address is
  // confirmed is read from the account too: a token issued before the owner opened the mailed
  // link would otherwise deny it until renewed (docs/decisions/020-confirmed-addresses.md).
  const checkAccount = async (payload: JWTPayload) => {
    const account = payload.sub ? await findAccountById(database.db, payload.sub) : null;
    if (!account || payload.ver !== account.tokenVersion) throw unauthorized();
    return { email_verified: account.emailVerifiedAt !== null };
  };
  return async () => ({ getKey, options, checkAccount });
}
