import { providerLoginSchema, proxiedTokenSchema } from '@signet/contracts/credential-refs';
import type { ApiClient } from '../../shared/api/api-client';
import { loginInPopup } from './provider-login';

/**
 * The login popup at an external provider and the code's exchange (P§2, P§7): a provider with
 * its own endpoints (`proxied`) is reached through Signet's extproviders proxy
 * (`/rdss/v1/extproviders/{id}/openid/token`, the client secret added there), any other through
 * `credentialRefs/providers/{id}/callback`. Either way the provider's token stays on the server.
 */
export interface ProviderTarget {
  id: string;
  proxied: boolean;
}

export async function exchangeCode(
  client: ApiClient,
  provider: ProviderTarget,
  answer: { code: string; state: string },
): Promise<void> {
  const id = encodeURIComponent(provider.id);
  if (provider.proxied) {
    await client.post(
      `/rdss/v1/extproviders/${id}/openid/token`,
      { grant_type: 'authorization_code', ...answer },
      { schema: proxiedTokenSchema },
    );
  } else {
    await client.post(`/api/v1/credentialRefs/providers/${id}/callback`, answer);
  }
}

/** The service login: silent first when the provider allows (prompt=none), then exchanged. */
export async function loginAtProvider(client: ApiClient, provider: ProviderTarget): Promise<void> {
  const { authorizeUrl, silentUrl } = await client.post(
    `/api/v1/credentialRefs/providers/${encodeURIComponent(provider.id)}/login`,
    undefined,
    { schema: providerLoginSchema },
  );
  await exchangeCode(client, provider, await loginInPopup(authorizeUrl, silentUrl));
}

/** The SCAL2 round of a sign: scope=credential for exactly these hashes, in the popup. */
export async function credentialRound(
  client: ApiClient,
  provider: ProviderTarget,
  refId: string,
  hashes: string[],
): Promise<void> {
  const { authorizeUrl } = await client.post(
    `/api/v1/credentialRefs/${encodeURIComponent(refId)}/credentialLogin`,
    { hashes },
    { schema: providerLoginSchema },
  );
  await exchangeCode(client, provider, await loginInPopup(authorizeUrl));
}
