import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Chain } from '@signet/contracts/chains';
import { formatDateTime } from '../../../shared/format/format-date-time';
import { chainDocuments, chainFileName } from '../chain-view';

/** The info dialog of a row: id and creation time (documents §2). */
export function ChainInfoDialog({ chain, onClose }: { chain: Chain; onClose: () => void }) {
  const { t } = useTranslation('chains');
  const totalSize = chainDocuments(chain).reduce((sum, d) => sum + d.fileSize, 0);
  const rows = [
    [t('info.id'), chain.id],
    [t('info.createdAt'), formatDateTime(chain.createdAt)],
    [t('info.fileSize'), `${(totalSize / 1024).toFixed(1)} KB`],
    ...(chain.dueAt ? [[t('info.dueAt'), formatDateTime(chain.dueAt)] as const] : []),
  ] as const;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{chainFileName(chain)}</DialogTitle>
      <DialogContent data-testid="chain-info">
        {rows.map(([label, value]) => (
          <Typography key={label} sx={{ overflowWrap: 'anywhere' }}>
            <strong>{label}:</strong> {value}
          </Typography>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
