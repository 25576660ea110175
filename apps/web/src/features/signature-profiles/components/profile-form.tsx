import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Credential } from '@signet/contracts/credentials';
import {
  black,
  defaultProfileFont,
  hexOfRgb,
  profileFonts,
  rgbOfHex,
  signatureProfileInputSchema,
  textRatioLimits,
} from '@signet/contracts/signature-profiles';
import type {
  SignatureProfile,
  SignatureProfileInput,
  SignatureProfileInputValues,
} from '@signet/contracts/signature-profiles';
import { isApiError } from '../../../shared/api/api-error';
import { useToast } from '../../../shared/components/toast';
import { useRemoteConfig } from '../../../shared/hooks/use-remote-config';
import { useSaveProfile } from '../api/save-profile';
import { imageFileProblem, readAsDataUrl } from '../image-file';
import { renderProfileImage } from '../render-profile-image';
import { fieldMessage } from '../validation-message';
import { ImageInput } from './image-input';
import { ProfilePreview } from './profile-preview';

interface ProfileFormProps {
  /** Update mode: the profile as stored. */
  profile?: SignatureProfile;
  credentials: Credential[];
  /** An image dropped on the dashboard (D§2): it becomes the profile's image. */
  initialFile?: File;
  onDone: () => void;
}

function defaultsOf(
  profile: SignatureProfile | undefined,
  credentials: Credential[],
): SignatureProfileInputValues {
  const credentialIds = new Set(credentials.map((c) => c.id));
  // The select holds either kind: an own credential or an imported one (D§3 credentialRefId).
  const stored = profile?.credentialId ?? profile?.credentialRefId;
  const credentialId =
    stored && credentialIds.has(stored)
      ? stored
      : credentials.length === 1
        ? (credentials[0]?.id ?? '')
        : '';
  return {
    name: profile?.name ?? '',
    credentialId,
    sourceImageDataUrl: profile?.sourceImageDataUrl ?? null,
    textParams: {
      text: profile?.textParams.text ?? '',
      size: profile?.textParams.size ?? textRatioLimits.default,
      font: profile?.textParams.font ?? defaultProfileFont,
      textColor: profile?.textParams.textColor ?? black,
      backgroundColor: profile?.textParams.backgroundColor ?? null,
    },
    savedSignatureFieldParameters: profile?.savedSignatureFieldParameters ?? null,
  };
}

/**
 * The signature profile form (D§2, §5): name, credential, image (drop, choose or draw), image
 * text, text size 1–100, font, text colour and the live preview; the rendered preview is saved
 * with the profile as its image.
 */
export function ProfileForm({ profile, credentials, initialFile, onDone }: ProfileFormProps) {
  const { t } = useTranslation('signatureProfiles');
  const toast = useToast();
  const config = useRemoteConfig();
  const saveProfile = useSaveProfile();
  const isUpdate = profile !== undefined;
  const {
    control,
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm<SignatureProfileInputValues, unknown, SignatureProfileInput>({
    resolver: zodResolver(signatureProfileInputSchema),
    mode: 'onChange',
    defaultValues: defaultsOf(profile, credentials),
  });
  const image = useWatch({ control, name: 'sourceImageDataUrl' }) ?? null;
  const text = useWatch({ control, name: 'textParams.text' }) ?? '';
  const ratio = useWatch({ control, name: 'textParams.size' }) ?? textRatioLimits.default;
  const font = useWatch({ control, name: 'textParams.font' }) ?? defaultProfileFont;
  const color = hexOfRgb(useWatch({ control, name: 'textParams.textColor' }) ?? black);

  // A PNG or JPEG dropped on the dashboard arrives here as the image.
  useEffect(() => {
    if (!initialFile) return;
    const problem = imageFileProblem(initialFile, config.maxSignatureProfileImageBytes);
    if (problem) {
      setError('sourceImageDataUrl', {
        type: 'client',
        message:
          problem.kind === 'format'
            ? t('validation.invalidFormat')
            : t('validation.fileTooLarge', { size: problem.megabytes }),
      });
      return;
    }
    void readAsDataUrl(initialFile).then((url) =>
      setValue('sourceImageDataUrl', url, { shouldValidate: true, shouldDirty: true }),
    );
  }, [initialFile, config.maxSignatureProfileImageBytes, setError, setValue, t]);

  const submit = handleSubmit(async (values) => {
    const hasLook = Boolean(values.sourceImageDataUrl) || values.textParams.text !== '';
    const renderedImageDataUrl = hasLook
      ? await renderProfileImage({
          imageDataUrl: values.sourceImageDataUrl,
          text: values.textParams.text,
          ratio: values.textParams.size,
          font: values.textParams.font,
          color: hexOfRgb(values.textParams.textColor),
        })
      : null;
    try {
      const { credentialId, credentialRefId: _either, ...rest } = values;
      const imported = credentials.some(
        (c) => c.id === credentialId && c.authMode === 'OAUTH2CODE',
      );
      await saveProfile.mutateAsync({
        id: profile?.id,
        input: {
          ...rest,
          ...(imported ? { credentialRefId: credentialId } : { credentialId }),
          renderedImageDataUrl,
        },
      });
      toast.success(isUpdate ? t('toast.updated') : t('toast.created'));
      onDone();
    } catch (error) {
      if (isApiError(error, 'ALREADY_EXISTS')) {
        setError('name', {
          type: 'server',
          message: t('validation.alreadyExists', { name: values.name }),
        });
        return;
      }
      if (isApiError(error, 'VALIDATION_FAILED') && Object.keys(error.fields).length > 0) {
        for (const [field, message] of Object.entries(error.fields)) {
          setError(field as FieldPath<SignatureProfileInputValues>, { type: 'server', message });
        }
        return;
      }
      // Any other failure closes the dialog with the error (D§8).
      toast.error(error);
      onDone();
    }
  });

  const shown = (error: { message?: string; type?: string } | undefined) => fieldMessage(t, error);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate style={{ display: 'contents' }}>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <TextField
            label={t('dialog.name')}
            required
            fullWidth
            autoFocus={!isUpdate}
            {...register('name')}
            error={Boolean(errors.name)}
            helperText={shown(errors.name) ?? ' '}
            slotProps={{ htmlInput: { 'data-testid': 'profile-name', maxLength: 255 } }}
          />
          <Controller
            control={control}
            name="credentialId"
            render={({ field, fieldState }) => (
              <TextField
                select
                required
                fullWidth
                label={t('dialog.credential')}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                error={Boolean(fieldState.error)}
                helperText={
                  (field.value
                    ? shown(fieldState.error)
                    : fieldState.error && t('validation.required')) ?? ' '
                }
                slotProps={{ htmlInput: { 'data-testid': 'profile-credential' } }}
              >
                {credentials.map((credential) => (
                  <MenuItem
                    key={credential.id}
                    value={credential.id}
                    data-testid={`profile-credential-${credential.id}`}
                  >
                    {credential.description}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="sourceImageDataUrl"
            render={({ field, fieldState }) => (
              <ImageInput
                label={t('dialog.image')}
                value={field.value ?? null}
                onChange={(url) => field.onChange(url)}
                maxBytes={config.maxSignatureProfileImageBytes}
                dropText={t('dialog.dropImage')}
                chooseLabel={t('dialog.chooseImage')}
                removeLabel={t('dialog.removeImage')}
                drawLabel={t('dialog.draw')}
                error={shown(fieldState.error)}
                testId="profile-image"
              />
            )}
          />
          <TextField
            label={t('dialog.imageText')}
            fullWidth
            {...register('textParams.text')}
            error={Boolean(errors.textParams?.text)}
            helperText={shown(errors.textParams?.text) ?? ' '}
            slotProps={{ htmlInput: { 'data-testid': 'profile-text', maxLength: 255 } }}
          />
          <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap alignItems="center">
            <Controller
              control={control}
              name="textParams.size"
              render={({ field }) => (
                <Stack sx={{ flex: '1 1 200px', minWidth: 180 }}>
                  <Typography variant="caption" id="profile-ratio-label">
                    {t('dialog.textRatio')}: {field.value ?? textRatioLimits.default}
                  </Typography>
                  <Slider
                    size="small"
                    min={textRatioLimits.min}
                    max={textRatioLimits.max}
                    step={1}
                    value={field.value ?? textRatioLimits.default}
                    onChange={(_, value) => field.onChange(Number(value))}
                    aria-labelledby="profile-ratio-label"
                    data-testid="profile-ratio"
                  />
                </Stack>
              )}
            />
            <Controller
              control={control}
              name="textParams.font"
              render={({ field }) => (
                <TextField
                  select
                  label={t('dialog.font')}
                  value={field.value ?? defaultProfileFont}
                  onChange={(event) => field.onChange(event.target.value)}
                  sx={{ flex: '1 1 180px', minWidth: 160 }}
                  slotProps={{ htmlInput: { 'data-testid': 'profile-font' } }}
                >
                  {profileFonts.map((name) => (
                    <MenuItem key={name} value={name} sx={{ fontFamily: `"${name}", cursive` }}>
                      {name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="textParams.textColor"
              render={({ field }) => (
                <TextField
                  type="color"
                  label={t('dialog.textColor')}
                  value={hexOfRgb(field.value ?? black)}
                  onChange={(event) => field.onChange(rgbOfHex(event.target.value))}
                  sx={{ width: 120 }}
                  slotProps={{ htmlInput: { 'data-testid': 'profile-text-color' } }}
                />
              )}
            />
          </Stack>
          <Stack spacing={1}>
            <Typography variant="subtitle2">{t('dialog.preview')}</Typography>
            <ProfilePreview
              label={t('dialog.previewLabel')}
              look={{ imageDataUrl: image, text, ratio, font, color }}
            />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onDone} disabled={isSubmitting} data-testid="profile-cancel">
          {t('common:actions.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!isValid || isSubmitting}
          data-testid="profile-submit"
        >
          {isUpdate ? t('common:actions.update') : t('common:actions.create')}
        </Button>
      </DialogActions>
    </form>
  );
}
