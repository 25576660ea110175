import type { AdminChainListQuery, OwnChainListQuery } from '@signet/contracts/chains';
import { queryKeys } from '../../../shared/api/query-keys';

/** Query keys of the chains feature, under the roots that chain events invalidate. */
export const chainKeys = {
  own: (query: OwnChainListQuery) => [...queryKeys.signatureChains, 'self', query] as const,
  admin: (query: AdminChainListQuery) => [...queryKeys.signatureChains, 'admin', query] as const,
  one: (id: string) => [...queryKeys.signatureChains, 'one', id] as const,
  history: (id: string) => [...queryKeys.signatureChains, 'history', id] as const,
  document: (documentId: string) => [...queryKeys.documents, 'one', documentId] as const,
  thumbnail: (documentId: string) => [...queryKeys.documents, 'thumbnail', documentId] as const,
  recipients: (q: string) => [...queryKeys.users, 'recipients', q] as const,
};
