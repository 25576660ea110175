import { useChainSignatures } from './get-chain-signatures';

/**
 * How many pages of the chain's document as it stands are its own: an attached signing trail's
 * pages follow them, and a visible signature may not go there (the engine refuses it). Read from
 * the signatures check the screens make anyway (the same query, asked once); undefined until it
 * answers, or when the PDF is locked.
 */
export function useOwnPageCount(chainId: string, revisionId: string | undefined) {
  const { data } = useChainSignatures(chainId, revisionId);
  if (data?.state !== 'CHECKED' || data.pageCount === 0) return undefined;
  return data.pageCount - data.trailPageCount;
}
