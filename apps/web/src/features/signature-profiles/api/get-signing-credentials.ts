import { useQuery } from '@tanstack/react-query';
import { activatedCredentialsSchema } from '@signet/contracts/credentials';
import type { Credential } from '@signet/contracts/credentials';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { importedSigningCredentials } from '../../signing/imported-signing';
import { profileKeys } from './profile-keys';

/**
 * GET users/self/credentials/activated, kept to those that sign with a certificate (D§7:
 * ASYMMETRIC_SIGN with a non-empty chain), and the imported credentials (D§3 credentialRefId):
 * what a profile may sign with.
 */
export async function getSigningCredentials(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<Credential[]> {
  const [{ items }, imported] = await Promise.all([
    client.get('/rssp/v1/users/self/credentials/activated', {
      schema: activatedCredentialsSchema,
      signal,
    }),
    importedSigningCredentials(client, signal),
  ]);
  const own = items.filter((c) => c.keyPurpose === 'ASYMMETRIC_SIGN' && c.certChain.length > 0);
  return [...own, ...imported];
}

export function useSigningCredentials() {
  const client = useApiClient();
  return useQuery({
    queryKey: profileKeys.activatedCredentials,
    queryFn: ({ signal }) => getSigningCredentials(client, signal),
  });
}
