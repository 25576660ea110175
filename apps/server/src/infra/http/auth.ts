import type { onRequestAsyncHookHandler } from 'fastify';
import type { Role } from '@signet/contracts/users';
import type { AppContext } from '../app-context';
import { AppError } from '../app-error';

/** Reads the bearer token of the Authorization header; null when there is none. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * Authentication hook for a route tree: verifies the `Authorization: Bearer` access token
 * (UNAUTHORIZED when missing or invalid), resolves it to the user row (created on first sight),
 * refuses SUSPENDED users with USER_SUSPENDED, answers a user over API_CALLS_PER_SECOND with
 * TOO_MANY_REQUESTS and Retry-After, and sets `request.authUser`.
 *
 * @example
 * ```ts
 * export const rsspPlugin: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
 *   app.addHook('onRequest', authenticate(context));
 *   app.get('/credentials/self', async (request) => listOwnCredentials(request.authUser.id));
 *   await app.register(async (admin) => {
 *     admin.addHook('onRequest', requireRole('admin'));
 *     admin.get('/credentials', ...);
 *   });
 * };
 * ```
 */
export function authenticate(
  context: Pick<AppContext, 'verifyAccessToken' | 'users' | 'callLimiter'>,
) {
  const hook: onRequestAsyncHookHandler = async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError('UNAUTHORIZED', 'A bearer access token is required');
    const claims = await context.verifyAccessToken(token);
    const user = await context.users.resolve(claims);
    if (user.status === 'SUSPENDED') {
      throw new AppError('USER_SUSPENDED', 'The account is suspended');
    }
    const retryAfterSeconds = context.callLimiter.take(user.id);
    if (retryAfterSeconds !== null) {
      throw new AppError('TOO_MANY_REQUESTS', 'Too many requests; try again later', undefined, {
        retryAfterSeconds,
      });
    }
    request.authUser = user;
    request.tokenExpiresAt = claims.expiresAt;
    request.tokenClaims = claims;
  };
  return hook;
}

/**
 * Authentication without the user row, for the one call that binds a row to the account
 * (accepting an invitation): verifies the bearer token and sets `request.tokenClaims`.
 */
export function authenticateToken(context: Pick<AppContext, 'verifyAccessToken'>) {
  const hook: onRequestAsyncHookHandler = async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError('UNAUTHORIZED', 'A bearer access token is required');
    request.tokenClaims = await context.verifyAccessToken(token);
  };
  return hook;
}

/**
 * Role check for a route tree; add it after `authenticate`. FORBIDDEN when the signed-in user
 * lacks the role. See `authenticate` for an example.
 */
export function requireRole(role: Role) {
  const hook: onRequestAsyncHookHandler = async (request) => {
    if (!(request.authUser as typeof request.authUser | undefined)?.roles.includes(role)) {
      throw new AppError('FORBIDDEN', 'Forbidden');
    }
  };
  return hook;
}
