import { assignableRoles } from '@signet/contracts/users';
import type { Role } from '@signet/contracts/users';

export type AssignableRole = (typeof assignableRoles)[number];

/** What the roles column shows: a user with none of the assignable roles is a spectator. */
export type DisplayedRole = AssignableRole | 'spectator';

export function isAssignableRole(role: Role): role is AssignableRole {
  return (assignableRoles as readonly string[]).includes(role);
}

/**
 * The roles an admin assigns, in the dialog's order; `user` (which every user holds) is left out.
 */
export function toAssignableRoles(roles: readonly Role[]): AssignableRole[] {
  return assignableRoles.filter((role) => roles.includes(role));
}

export function toDisplayedRoles(roles: readonly Role[]): DisplayedRole[] {
  const assigned = toAssignableRoles(roles);
  return assigned.length > 0 ? assigned : ['spectator'];
}
