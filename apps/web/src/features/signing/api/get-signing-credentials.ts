import { useQuery } from '@tanstack/react-query';
import { activatedCredentialsSchema, credentialPageSchema } from '@signet/contracts/credentials';
import { useApiClient } from '../../../shared/api/api-client-context';
import { importedSigningCredentials } from '../imported-signing';
import { signingCredentials } from '../sign-rules';
import { signingKeys } from './signing-keys';

/**
 * GET users/self/credentials/activated, kept to those that can sign a PDF (ASYMMETRIC_SIGN with a
 * certificate chain, D§7), and the imported credentials of external providers.
 */
export function useSigningCredentials() {
  const client = useApiClient();
  return useQuery({
    queryKey: signingKeys.activatedCredentials,
    queryFn: async ({ signal }) => {
      const [answer, imported] = await Promise.all([
        client.get('/rssp/v1/users/self/credentials/activated', {
          schema: activatedCredentialsSchema,
          signal,
        }),
        // Imported credentials (D§4 OAUTH2CODE) sign too: the provider holds their keys.
        importedSigningCredentials(client, signal),
      ]);
      return [...signingCredentials(answer.items), ...imported];
    },
  });
}

/** Every own credential (first page of 50), for the blue note about unusable ones. */
export function useOwnCredentials() {
  const client = useApiClient();
  return useQuery({
    queryKey: signingKeys.ownCredentials,
    queryFn: async ({ signal }) => {
      const page = await client.get('/rssp/v1/credentials/self', {
        query: { 'page-num': 1, 'page-size': 50 },
        schema: credentialPageSchema,
        signal,
      });
      return page.content;
    },
  });
}
