import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { queryKeys } from '../../shared/api/query-keys';
import { useAuth } from '../../shared/auth/use-auth';

/**
 * When an account's session ends (sign-out, "sign in again", or a switch of account), drops every
 * cached answer of that account, so the next one never sees its user or lists. The remote config
 * stays.
 */
export function ResetOnUserChange() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const subject = user?.profile.sub ?? null;
  const previous = useRef<string | null>(subject);

  useEffect(() => {
    const before = previous.current;
    previous.current = subject;
    // Signing in from nobody has nothing stale to drop (and must not disturb the first queries).
    if (before === subject || before === null) return;
    queryClient.removeQueries({
      predicate: (query) =>
        JSON.stringify(query.queryKey) !== JSON.stringify(queryKeys.remoteConfig),
    });
  }, [subject, queryClient]);

  return null;
}
