import { useTranslation } from 'react-i18next';
import type { Chain } from '@signet/contracts/chains';
import { isApiError } from '../../shared/api/api-error';
import { useToast } from '../../shared/components/toast';
import { chainActions, useChainAction } from './api/chain-actions';

/** The chain commands every list offers, each with its toast (documents §2 rows, §8). */
export function useChainCommands() {
  const { t } = useTranslation('chains');
  const toast = useToast();
  const withdraw = useChainAction(chainActions.withdraw);
  const softDelete = useChainAction(chainActions.softDelete);
  const deleteForGood = useChainAction(chainActions.delete);
  const decline = useChainAction(chainActions.decline);

  const run = async (work: () => Promise<unknown>, success: string): Promise<boolean> => {
    try {
      await work();
      toast.success(success);
      return true;
    } catch (error) {
      toast.error(error);
      return false;
    }
  };

  return {
    isBusy:
      withdraw.isPending || softDelete.isPending || deleteForGood.isPending || decline.isPending,
    withdraw: (chain: Chain, reason = '') =>
      run(() => withdraw.mutateAsync([chain.id, reason ? { reason } : {}]), t('toast.withdrawn')),
    softDelete: async (chain: Chain) => {
      try {
        await softDelete.mutateAsync([chain.id]);
        toast.success(t('toast.deleted'));
      } catch (error) {
        // The server refuses a chain that is not completed: say so in words (documents §8).
        toast.error(isApiError(error, 'INVALID_REQUEST') ? t('toast.notCompleted') : error);
      }
    },
    deleteForGood: (chain: Chain) =>
      run(() => deleteForGood.mutateAsync([chain.id]), t('toast.deleted')),
    decline: (chain: Chain, comment: string) =>
      run(
        () =>
          decline.mutateAsync([
            chain.id,
            { currentSignatureId: chain.currentSignatureId ?? '', comment: comment || undefined },
          ]),
        t('toast.declined'),
      ),
  };
}

export type ChainCommands = ReturnType<typeof useChainCommands>;
