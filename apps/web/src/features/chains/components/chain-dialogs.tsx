import { useCallback, useState } from 'react';
import type { Chain } from '@signet/contracts/chains';
import { chainFileName } from '../chain-view';
import type { ChainCommands } from '../use-chain-commands';
import { ChainInfoDialog } from './chain-info-dialog';
import type { ChainDialogKind } from './chain-row-actions';
import { DeclineDialog } from '../../../shared/components/decline-dialog';
import { ParticipantsDialog } from './participants-dialog';

/** The one dialog a chain list has open at a time, and the function that opens one. */
export function useChainDialogs(userId: string, commands: ChainCommands, live = true) {
  const [open, setOpen] = useState<{ kind: ChainDialogKind; chain: Chain } | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const openDialog = useCallback(
    (kind: ChainDialogKind, chain: Chain) => setOpen({ kind, chain }),
    [],
  );

  const dialog =
    open?.kind === 'participants' ? (
      <ParticipantsDialog chain={open.chain} userId={userId} onClose={close} live={live} />
    ) : open?.kind === 'info' ? (
      <ChainInfoDialog chain={open.chain} onClose={close} />
    ) : open?.kind === 'decline' ? (
      <DeclineDialog
        fileName={chainFileName(open.chain)}
        onDecline={(reason) => commands.decline(open.chain, reason)}
        onClose={close}
      />
    ) : open?.kind === 'withdraw' ? (
      <DeclineDialog
        kind="withdraw"
        fileName={chainFileName(open.chain)}
        onDecline={(reason) => commands.withdraw(open.chain, reason)}
        onClose={close}
      />
    ) : null;

  return { openDialog, dialog };
}
