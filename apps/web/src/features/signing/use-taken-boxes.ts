import { useMemo } from 'react';
import { useChainSignatures } from '../../shared/document-view/get-chain-signatures';
import { takenBoxes, type FieldBox } from './signature-field';

/**
 * Where the earlier signatures of the chain's document as it stands are, for the signature box
 * to start beside them (issue 38 §2): from the signatures check the screen makes anyway (the same
 * query). Null until it answers; none when it failed or the PDF is locked.
 */
export function useTakenBoxes(chainId: string, revisionId: string | undefined) {
  const { data, isError } = useChainSignatures(chainId, revisionId);
  return useMemo((): FieldBox[] | null => {
    if (isError) return [];
    return data ? takenBoxes(data.signatures) : null;
  }, [data, isError]);
}
