import BrushIcon from '@mui/icons-material/Brush';
import ClearIcon from '@mui/icons-material/Clear';
import SaveIcon from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { Credential } from '@signet/contracts/credentials';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SignatureDrawer } from '../../../shared/signature-drawer/signature-drawer';
import { chosenProfile } from '../sign-rules';
import type { ProfileChoice, SignChoice } from '../sign-rules';
import { CredentialSelect } from './credential-select';

export interface SignatureOptionsProps {
  choice: SignChoice;
  onChange: (choice: SignChoice) => void;
  profiles: readonly ProfileChoice[];
  credentials: readonly Credential[];
  /** Save position to the profile: enabled only when the box moved off the saved one (D§5). */
  savePosition?: { enabled: boolean; busy: boolean; onSave: () => void };
}

const none = '';

/**
 * What the signer chooses on the single and batch screens (D§2): visible signature, drawing or a
 * profile, save position, a different credential than the profile's, and the credential.
 */
export function SignatureOptions({
  choice,
  onChange,
  profiles,
  credentials,
  savePosition,
}: SignatureOptionsProps) {
  const { t } = useTranslation('signing');
  const [isDrawing, setDrawing] = useState(false);
  const profile = chosenProfile(choice, profiles);
  const showsCredential = !profile || choice.useDifferentCredential;

  return (
    <Stack spacing={2}>
      <FormControlLabel
        control={
          <Switch
            checked={choice.visible}
            onChange={(event) => onChange({ ...choice, visible: event.target.checked })}
            slotProps={{ input: { 'data-testid': 'visible-switch' } as object }}
          />
        }
        label={t('options.visible')}
      />
      {choice.visible && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<BrushIcon />}
            onClick={() => setDrawing(true)}
            data-testid="draw-signature"
          >
            {t('options.draw')}
          </Button>
          {choice.drawnImage && (
            <Button
              startIcon={<ClearIcon />}
              onClick={() => onChange({ ...choice, drawnImage: null })}
              data-testid="clear-drawing"
            >
              {t('options.clearDrawing')}
            </Button>
          )}
        </Box>
      )}
      {profiles.length > 0 && (
        <TextField
          select
          fullWidth
          label={t('options.profile')}
          value={choice.profileId ?? none}
          onChange={(event) =>
            onChange({
              ...choice,
              profileId: event.target.value || null,
              // A profile brings its own image: a drawing would compete with it.
              drawnImage: event.target.value ? null : choice.drawnImage,
            })
          }
          slotProps={{ htmlInput: { 'data-testid': 'profile-select' } }}
        >
          <MenuItem value={none}>
            <em>{t('options.noProfile')}</em>
          </MenuItem>
          {profiles.map((p) => (
            <MenuItem key={p.id} value={p.id} data-testid="profile-option">
              {p.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {profile && choice.visible && savePosition && (
        <Box>
          <Button
            startIcon={<SaveIcon />}
            disabled={!savePosition.enabled || savePosition.busy}
            onClick={savePosition.onSave}
            data-testid="save-position"
          >
            {t('options.savePosition')}
          </Button>
        </Box>
      )}
      {profile && (
        <FormControlLabel
          control={
            <Switch
              checked={choice.useDifferentCredential}
              onChange={(event) =>
                onChange({ ...choice, useDifferentCredential: event.target.checked })
              }
              slotProps={{ input: { 'data-testid': 'different-credential' } as object }}
            />
          }
          label={t('options.differentCredential')}
        />
      )}
      {showsCredential && (
        <CredentialSelect
          required
          credentials={credentials}
          value={choice.credentialId}
          onChange={(credentialId) => onChange({ ...choice, credentialId })}
        />
      )}
      <SignatureDrawer
        open={isDrawing}
        onClose={() => setDrawing(false)}
        onConfirm={(image) => {
          setDrawing(false);
          // A drawing is the visible signature: it replaces the profile's image.
          onChange({ ...choice, drawnImage: image, profileId: null, visible: true });
        }}
      />
    </Stack>
  );
}
