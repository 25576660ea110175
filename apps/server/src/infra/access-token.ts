import type { VerifyAccessToken } from './auth-types';
import type { Config } from './config';
import type { Database } from './database';
import { AppError } from './app-error';

/**
 * Builds the bearer-token verifier: for the embedded provider from its signing keys in the
 * database, for an external issuer from its JWKS (discovery).
 */
export async function createAccessTokenVerifier(_deps: {
  config: Config;
  database: Database;
}): Promise<VerifyAccessToken> {
  return async () => {
    throw new AppError('UNAUTHORIZED', 'Not implemented yet');
  };
}
