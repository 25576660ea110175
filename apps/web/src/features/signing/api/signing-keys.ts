import { queryKeys } from '../../../shared/api/query-keys';

/** Query keys of the signing screens, under the roots that chain and credential events refresh. */
export const signingKeys = {
  chain: (id: string) => [...queryKeys.signatureChains, 'one', id] as const,
  activatedCredentials: [...queryKeys.credentials, 'activated'] as const,
  ownCredentials: [...queryKeys.credentials, 'self', 'signing-note'] as const,
};
