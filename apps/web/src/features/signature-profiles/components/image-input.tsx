import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import GestureIcon from '@mui/icons-material/Gesture';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '../../../shared/components/file-drop-zone';
import { SignatureDrawer } from '../../../shared/signature-drawer/signature-drawer';
import { imageFileProblem, profileImageTypes, readAsDataUrl } from '../image-file';

interface ImageInputProps {
  label: string;
  value: string | null;
  onChange: (dataUrl: string | null) => void;
  /** The remote config's maxSignatureProfileImageBytes. */
  maxBytes: number;
  dropText: string;
  chooseLabel: string;
  removeLabel: string;
  /** Offer the signature drawer beside the drop zone. */
  drawLabel?: string;
  /** A message under the field (validation). */
  error?: string;
  testId: string;
}

/**
 * A PNG or JPEG image by drag and drop, by choosing a file, or (profiles) drawn in the signature
 * drawer; shows the image with a remove button. Wrong types and files over the limit are refused
 * here with the D§5 messages.
 */
export function ImageInput({
  label,
  value,
  onChange,
  maxBytes,
  dropText,
  chooseLabel,
  removeLabel,
  drawLabel,
  error,
  testId,
}: ImageInputProps) {
  const { t } = useTranslation('signatureProfiles');
  const [problem, setProblem] = useState<string | null>(null);
  const [drawing, setDrawing] = useState(false);

  const take = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    const found = imageFileProblem(file, maxBytes);
    if (found) {
      setProblem(
        found.kind === 'format'
          ? t('validation.invalidFormat')
          : t('validation.fileTooLarge', { size: found.megabytes }),
      );
      return;
    }
    setProblem(null);
    onChange(await readAsDataUrl(file));
  };

  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{label}</Typography>
      {value ? (
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          <Box
            component="img"
            src={value}
            alt={label}
            data-testid={`${testId}-image`}
            sx={{
              maxWidth: 240,
              maxHeight: 100,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              objectFit: 'contain',
            }}
          />
          <Button
            startIcon={<DeleteOutlineIcon />}
            onClick={() => onChange(null)}
            data-testid={`${testId}-remove`}
          >
            {removeLabel}
          </Button>
        </Stack>
      ) : (
        <FileDropZone
          accept={profileImageTypes}
          onFiles={(files) => void take(files)}
          text={dropText}
          chooseLabel={chooseLabel}
          testId={`${testId}-drop`}
        />
      )}
      {drawLabel && (
        <Box>
          <Button
            variant="outlined"
            startIcon={<GestureIcon />}
            onClick={() => setDrawing(true)}
            data-testid={`${testId}-draw`}
          >
            {drawLabel}
          </Button>
        </Box>
      )}
      {problem && (
        <Alert severity="error" onClose={() => setProblem(null)} data-testid={`${testId}-problem`}>
          {problem}
        </Alert>
      )}
      {error && <FormHelperText error>{error}</FormHelperText>}
      {drawLabel && (
        <SignatureDrawer
          open={drawing}
          onClose={() => setDrawing(false)}
          onConfirm={(image) => {
            setProblem(null);
            onChange(image);
            setDrawing(false);
          }}
        />
      )}
    </Stack>
  );
}
