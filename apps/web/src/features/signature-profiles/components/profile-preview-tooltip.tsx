import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useProfileImage } from '../api/get-profile-image';

/** The profile's image, fetched when the tooltip first opens. */
function PreviewImage({ id }: { id: string }) {
  const { t } = useTranslation('signatureProfiles');
  const image = useProfileImage(id);
  if (image.data) {
    return (
      <Box
        component="img"
        src={image.data}
        alt={t('actions.preview')}
        data-testid="profile-preview-image"
        sx={{ display: 'block', width: 300, maxWidth: '80vw', bgcolor: '#fff', borderRadius: 0.5 }}
      />
    );
  }
  return (
    <Typography variant="caption">
      {image.isError ? t('previewError') : t('previewLoading')}
    </Typography>
  );
}

/** The preview action of a row: the profile's image on hover (or focus). */
export function ProfilePreviewTooltip({ id }: { id: string }) {
  const { t } = useTranslation('signatureProfiles');
  return (
    <Tooltip
      title={<PreviewImage id={id} />}
      placement="left"
      slotProps={{ tooltip: { sx: { maxWidth: 'none', p: 1 } } }}
    >
      <IconButton
        size="small"
        aria-label={t('actions.preview')}
        data-testid="profile-preview-button"
      >
        <ImageOutlinedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
