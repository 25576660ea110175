import type { Role } from '@signet/contracts/users';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useCurrentUser } from '../../shared/hooks/use-current-user';
import { permissionDeniedPath } from '../paths';
import { FullPageSpinner } from '../providers/remote-config-gate';
import { decideAccess } from './route-access';

/** Renders the route only for the allowed roles (inside RequireUser). */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { data: user } = useCurrentUser();
  const location = useLocation();
  if (!user) return <FullPageSpinner />;
  const decision = decideAccess(user, roles);
  if (decision === 'allowed') return children;
  return (
    <Navigate to={permissionDeniedPath(decision, location.pathname + location.search)} replace />
  );
}
