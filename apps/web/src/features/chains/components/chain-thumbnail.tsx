import DescriptionIcon from '@mui/icons-material/Description';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Chain } from '@signet/contracts/chains';
import { useThumbnail } from '../api/document-files';
import { chainFileName, leadDocumentId, shortTitle } from '../chain-view';

/** Page 1 of a document as the server rendered it, or an icon while it loads or if it cannot. */
export function DocumentPreview({
  documentId,
  alt,
  height = 160,
}: {
  documentId: string;
  alt: string;
  height?: number;
}) {
  const thumbnail = useThumbnail(documentId);
  return (
    <Box
      sx={{
        height,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'action.hover',
        overflow: 'hidden',
      }}
    >
      {thumbnail.data ? (
        <Box
          component="img"
          src={thumbnail.data}
          alt={alt}
          sx={{ maxWidth: '100%', maxHeight: '100%' }}
          data-testid="chain-thumbnail-image"
        />
      ) : (
        <DescriptionIcon color="disabled" sx={{ fontSize: 64 }} />
      )}
    </Box>
  );
}

interface ChainThumbnailProps {
  chain: Chain;
  chip: ReactNode;
  actions: ReactNode;
  selection?: { selectable: boolean; selected: boolean; toggle: () => void };
}

/** A chain as a card: preview, chip, a title cut at 16 characters and the row's buttons. */
export function ChainThumbnail({ chain, chip, actions, selection }: ChainThumbnailProps) {
  const { t } = useTranslation('chains');
  const name = chainFileName(chain);
  return (
    <Card variant="outlined" data-testid="chain-thumbnail" data-chain-id={chain.id}>
      <DocumentPreview documentId={leadDocumentId(chain)} alt={name} />
      <Stack direction="row" spacing={1} sx={{ px: 1.5, pt: 1, alignItems: 'center', minWidth: 0 }}>
        {selection?.selectable && (
          <Checkbox
            size="small"
            checked={selection.selected}
            onChange={selection.toggle}
            slotProps={{ input: { 'aria-label': t('actions.select', { name }) } }}
          />
        )}
        <Typography variant="subtitle2" title={name} noWrap sx={{ flex: 1, minWidth: 0 }}>
          {shortTitle(name)}
        </Typography>
        {chip}
      </Stack>
      <CardActions sx={{ justifyContent: 'flex-end' }}>{actions}</CardActions>
    </Card>
  );
}
