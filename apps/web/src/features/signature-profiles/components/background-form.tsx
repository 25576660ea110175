import SaveIcon from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hexOfRgb, profilePreview, rgbOfHex } from '@signet/contracts/signature-profiles';
import type { VisibleSignatureAdminProps } from '@signet/contracts/signature-profiles';
import { useToast } from '../../../shared/components/toast';
import { useRemoteConfig } from '../../../shared/hooks/use-remote-config';
import { useSaveAdminProps } from '../api/admin-props';
import { loadImageElement } from '../image-file';
import { coveringRect } from '../profile-rendering';
import { ImageInput } from './image-input';

const { width, height } = profilePreview;

/** The background as every visible signature shows it: the colour, the image covering it. */
function BackgroundPreview({
  color,
  image,
  label,
}: {
  color: string;
  image: string | null;
  label: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let current = true;
    const target = canvas.current;
    if (!target) return;
    void (image ? loadImageElement(image).catch(() => null) : Promise.resolve(null)).then(
      (element) => {
        const ctx = target.getContext('2d');
        if (!current || !ctx) return;
        ctx.fillStyle = color;
        ctx.fillRect(0, 0, width, height);
        if (element && element.naturalWidth > 0) {
          const r = coveringRect(
            { width: element.naturalWidth, height: element.naturalHeight },
            { x: 0, y: 0, w: width, h: height },
          );
          ctx.drawImage(element, r.x, r.y, r.w, r.h);
        }
      },
    );
    return () => {
      current = false;
    };
  }, [color, image]);
  return (
    <canvas
      ref={canvas}
      width={width}
      height={height}
      role="img"
      aria-label={label}
      data-testid="background-preview"
      style={{
        display: 'block',
        width: '100%',
        maxWidth: width,
        aspectRatio: `${width} / ${height}`,
        border: '1px solid rgba(128,128,128,0.4)',
        borderRadius: 4,
      }}
    />
  );
}

/** `/signature-background` (D§2, admin): upload an image, choose the colour, preview, save. */
export function BackgroundForm({ saved }: { saved: VisibleSignatureAdminProps }) {
  const { t } = useTranslation('signatureProfiles');
  const toast = useToast();
  const config = useRemoteConfig();
  const save = useSaveAdminProps();
  const [image, setImage] = useState<string | null>(saved.bgImageDataUrl);
  const [color, setColor] = useState(hexOfRgb(saved.bgColor));

  const submit = async () => {
    try {
      await save.mutateAsync({ bgImageDataUrl: image, bgColor: rgbOfHex(color) });
      toast.success(t('background.saved'));
    } catch (error) {
      toast.error(error);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2.5}>
        <Typography color="text.secondary">{t('background.intro')}</Typography>
        <ImageInput
          label={t('background.image')}
          value={image}
          onChange={setImage}
          maxBytes={config.maxSignatureProfileImageBytes}
          dropText={t('background.dropImage')}
          chooseLabel={t('background.chooseImage')}
          removeLabel={t('background.removeImage')}
          testId="background-image"
        />
        <TextField
          type="color"
          label={t('background.color')}
          value={color}
          onChange={(event) => setColor(event.target.value)}
          sx={{ width: 160 }}
          slotProps={{ htmlInput: { 'data-testid': 'background-color' } }}
        />
        <Stack spacing={1}>
          <Typography variant="subtitle2">{t('background.preview')}</Typography>
          <BackgroundPreview color={color} image={image} label={t('background.previewLabel')} />
        </Stack>
        <Box>
          <Button
            variant="contained"
            startIcon={<SaveIcon />}
            disabled={save.isPending}
            onClick={() => void submit()}
            data-testid="background-save"
          >
            {t('background.save')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
