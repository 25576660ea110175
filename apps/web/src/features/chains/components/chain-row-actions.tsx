import CancelIcon from '@mui/icons-material/Cancel';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import DrawIcon from '@mui/icons-material/Draw';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import GroupIcon from '@mui/icons-material/Group';
import InfoIcon from '@mui/icons-material/Info';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import UndoIcon from '@mui/icons-material/Undo';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  canApprove,
  canDecline,
  canDelete,
  canSign,
  canWithdraw,
} from '@signet/contracts/chain-rules';
import type { Chain } from '@signet/contracts/chains';
import { ConfirmPopover } from '../../../shared/components/confirm-popover';
import { DownloadModeMenu } from '../../../shared/downloads/download-mode-menu';
import { actionRoute, chainRoutes, ownEntry } from '../chain-view';
import { ruleChainOf } from '@signet/contracts/chain-view-rules';
import type { ChainCommands } from '../use-chain-commands';
import { ChainStatusChip } from './chain-status-chip';

export type ChainDialogKind = 'participants' | 'info' | 'decline' | 'withdraw';

interface ChainRowActionsProps {
  chain: Chain;
  userId: string;
  commands: ChainCommands;
  onOpen: (kind: ChainDialogKind, chain: Chain) => void;
}

/**
 * A row's buttons (documents §2): a view-only or in-progress chip, or sign / approve, withdraw and
 * decline as the rules allow; participants, download, open in a new tab, delete (disabled with
 * the reason) and info in the row's menu.
 */
export function ChainRowActions({ chain, userId, commands, onOpen }: ChainRowActionsProps) {
  const { t } = useTranslation('chains');
  const navigate = useNavigate();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [confirm, setConfirm] = useState<{ anchor: HTMLElement; run: () => void } | null>(null);
  const [modes, setModes] = useState<{ anchor: HTMLElement; purpose: 'download' | 'open' } | null>(
    null,
  );
  const rules = ruleChainOf(chain);
  const own = ownEntry(chain, userId);
  const isCreator = rules.createdById === userId;
  const isViewerOnly = !isCreator && !own && rules.viewerIds.includes(userId);
  const entry = chain.signatures.find((s) => s.id === chain.currentSignatureId);
  const deletable = canDelete(rules, userId);
  const deleteReason = isCreator ? t('deleteDisabled.open') : t('deleteDisabled.notCreator');

  const closeMenu = () => setMenuAnchor(null);
  const menuItem = (
    key: string,
    icon: ReactNode,
    label: string,
    onClick: (anchor: HTMLElement) => void,
    disabled = false,
  ) => (
    <MenuItem
      key={key}
      disabled={disabled}
      data-testid={`chain-menu-${key}`}
      onClick={(event) => {
        const anchor = menuAnchor ?? event.currentTarget;
        closeMenu();
        onClick(anchor);
      }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );

  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
      {isViewerOnly && <ChainStatusChip chip="viewOnly" />}
      {own?.status === 'IN_PROGRESS' && <ChainStatusChip chip="inProgress" />}
      {entry && canSign(rules, userId) && (
        <Button
          size="small"
          variant="contained"
          startIcon={<DrawIcon />}
          onClick={() => void navigate(actionRoute(chain, entry))}
          data-testid="chain-sign"
        >
          {t('actions.sign')}
        </Button>
      )}
      {entry && canApprove(rules, userId) && (
        <Button
          size="small"
          variant="contained"
          startIcon={<ThumbUpIcon />}
          onClick={() => void navigate(actionRoute(chain, entry))}
          data-testid="chain-approve"
        >
          {t('actions.approve')}
        </Button>
      )}
      {canDecline(rules, userId) && (
        <Tooltip title={t('actions.decline')} disableInteractive>
          <IconButton
            size="small"
            color="error"
            aria-label={t('actions.decline')}
            onClick={() => onOpen('decline', chain)}
            data-testid="chain-decline"
          >
            <CancelIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canWithdraw(rules, userId) && (
        <Tooltip title={t('actions.withdraw')} disableInteractive>
          <IconButton
            size="small"
            aria-label={t('actions.withdraw')}
            onClick={() => onOpen('withdraw', chain)}
            data-testid="chain-withdraw"
          >
            <UndoIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={t('actions.more')} disableInteractive>
        <IconButton
          size="small"
          aria-label={t('actions.more')}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
          data-testid="chain-more"
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={closeMenu}>
        {menuItem('participants', <GroupIcon fontSize="small" />, t('actions.participants'), () =>
          onOpen('participants', chain),
        )}
        {menuItem('download', <DownloadIcon fontSize="small" />, t('actions.download'), (anchor) =>
          setModes({ anchor, purpose: 'download' }),
        )}
        {menuItem('open', <OpenInNewIcon fontSize="small" />, t('actions.openInNewTab'), (anchor) =>
          setModes({ anchor, purpose: 'open' }),
        )}
        {menuItem(
          'validate',
          <FactCheckIcon fontSize="small" />,
          t('actions.validate'),
          () => void navigate(chainRoutes.validate(chain)),
        )}
        {menuItem(
          'delete',
          <DeleteIcon fontSize="small" />,
          deletable ? t('actions.delete') : `${t('actions.delete')} — ${deleteReason}`,
          (anchor) => setConfirm({ anchor, run: () => void commands.softDelete(chain) }),
          !deletable,
        )}
        {menuItem('info', <InfoIcon fontSize="small" />, t('actions.info'), () =>
          onOpen('info', chain),
        )}
      </Menu>
      <DownloadModeMenu
        chain={chain}
        purpose={modes?.purpose ?? 'download'}
        anchorEl={modes?.anchor ?? null}
        onClose={() => setModes(null)}
      />
      <ConfirmPopover
        anchorEl={confirm?.anchor ?? null}
        onClose={() => setConfirm(null)}
        onAgree={() => confirm?.run()}
      />
    </Stack>
  );
}
