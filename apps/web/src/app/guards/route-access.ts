import type { Role, User } from '@signet/contracts/users';

export type AccessDecision = 'allowed' | 'suspended' | 'notAllowed';

/**
 * The router's check (spec platform §6): a suspended user gets nowhere; otherwise one of the
 * user's roles must be among the route's allowed roles.
 */
export function decideAccess(
  user: Pick<User, 'roles' | 'status'>,
  allowed: readonly Role[],
): AccessDecision {
  if (user.status === 'SUSPENDED') return 'suspended';
  return user.roles.some((role) => allowed.includes(role)) ? 'allowed' : 'notAllowed';
}
