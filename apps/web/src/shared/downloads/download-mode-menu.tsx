import DownloadIcon from '@mui/icons-material/Download';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadModes, modeLabelKey, type DownloadableChain } from './chain-files';
import { useChainDownload } from './use-chain-download';

interface DownloadModeMenuProps {
  chain: DownloadableChain;
  /** Download the file, or open it in a new tab (no zip there). */
  purpose: 'download' | 'open';
  anchorEl: HTMLElement | null;
  onClose: () => void;
}

/**
 * The download-mode menu (D§2): the document as it stands, the upload as it was, the signing
 * trail and the full zip (only for a chain with a trail; never in a new tab).
 */
export function DownloadModeMenu({ chain, purpose, anchorEl, onClose }: DownloadModeMenuProps) {
  const { t } = useTranslation('common');
  const downloads = useChainDownload();
  return (
    <Menu
      anchorEl={anchorEl}
      open={Boolean(anchorEl)}
      onClose={onClose}
      slotProps={{ list: { 'aria-label': t(`download.${purpose}`) } }}
    >
      {downloadModes(chain, purpose).map((mode) => (
        <MenuItem
          key={mode}
          data-testid={`download-mode-${mode}`}
          onClick={() => {
            onClose();
            void (purpose === 'open'
              ? downloads.openInNewTab(chain, mode)
              : downloads.download(chain, mode));
          }}
        >
          {t(modeLabelKey(chain, mode, purpose))}
        </MenuItem>
      ))}
    </Menu>
  );
}

/** "Download" and "Open in a new tab" buttons, each with its mode menu (signing screens, dialogs). */
export function ChainDownloadButtons({ chain }: { chain: DownloadableChain }) {
  const { t } = useTranslation('common');
  const [menu, setMenu] = useState<{ anchor: HTMLElement; purpose: 'download' | 'open' } | null>(
    null,
  );
  return (
    <>
      <Button
        size="small"
        startIcon={<DownloadIcon />}
        onClick={(event) => setMenu({ anchor: event.currentTarget, purpose: 'download' })}
        data-testid="chain-download"
      >
        {t('download.download')}
      </Button>
      <Button
        size="small"
        startIcon={<OpenInNewIcon />}
        onClick={(event) => setMenu({ anchor: event.currentTarget, purpose: 'open' })}
        data-testid="chain-open"
      >
        {t('download.open')}
      </Button>
      <DownloadModeMenu
        chain={chain}
        purpose={menu?.purpose ?? 'download'}
        anchorEl={menu?.anchor ?? null}
        onClose={() => setMenu(null)}
      />
    </>
  );
}
