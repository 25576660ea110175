import EditIcon from '@mui/icons-material/Edit';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Credential } from '@signet/contracts/credentials';
import type { CredentialActions } from '../credential-permissions';
import type { KeyAction } from './key-action-dialogs';

export type RowAction = KeyAction | 'update' | 'certificates' | 'clearPreauthorization' | 'delete';

interface CredentialRowActionsProps {
  credential: Credential;
  actions: CredentialActions;
  /** `anchor` is the more-menu button, for the confirmation popover of delete and clear. */
  onAction: (action: RowAction, credential: Credential, anchor: HTMLElement) => void;
}

const menuActions = [
  'changePassword',
  'unlock',
  'changePuk',
  'clearPreauthorization',
  'delete',
] as const;

/** Activate, update, certificates and the more menu, each only where it applies. */
export function CredentialRowActions({ credential, actions, onAction }: CredentialRowActionsProps) {
  const { t } = useTranslation('credentials');
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const visibleMenuActions = menuActions.filter((action) => actions[action]);

  const button = (
    action: 'activate' | 'update' | 'certificates',
    icon: ReactNode,
    isVisible: boolean,
  ) =>
    isVisible ? (
      <Tooltip title={t(`actions.${action}`)}>
        <IconButton
          size="small"
          aria-label={t(`actions.${action}`)}
          data-testid={`credential-${action}`}
          onClick={(event) => onAction(action, credential, event.currentTarget)}
        >
          {icon}
        </IconButton>
      </Tooltip>
    ) : (
      // Keeps the buttons of every row in the same columns.
      <span style={{ display: 'inline-block', width: 34 }} aria-hidden />
    );

  return (
    <Stack direction="row" spacing={0.25} sx={{ justifyContent: 'flex-end' }}>
      {button('activate', <PowerSettingsNewIcon fontSize="small" />, actions.activate)}
      {button('update', <EditIcon fontSize="small" />, actions.update)}
      {button('certificates', <WorkspacePremiumIcon fontSize="small" />, actions.showCertificates)}
      {visibleMenuActions.length > 0 ? (
        <>
          <Tooltip title={t('actions.more')}>
            <IconButton
              size="small"
              aria-label={t('actions.more')}
              aria-haspopup="menu"
              data-testid="credential-more"
              onClick={(event) => setMenuAnchor(event.currentTarget)}
            >
              <MoreVertIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Menu
            anchorEl={menuAnchor}
            open={Boolean(menuAnchor)}
            onClose={() => setMenuAnchor(null)}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          >
            {visibleMenuActions.map((action) => (
              <MenuItem
                key={action}
                data-testid={`credential-${action}`}
                onClick={() => {
                  const anchor = menuAnchor;
                  setMenuAnchor(null);
                  if (anchor) onAction(action, credential, anchor);
                }}
                sx={action === 'delete' ? { color: 'error.main' } : undefined}
              >
                <ListItemText>{t(`actions.${action}`)}</ListItemText>
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : (
        <span style={{ display: 'inline-block', width: 34 }} aria-hidden />
      )}
    </Stack>
  );
}
