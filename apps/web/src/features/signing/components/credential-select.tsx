import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Credential } from '@signet/contracts/credentials';
import { useTranslation } from 'react-i18next';

const none = '';

/** A credential as the selects name it: its description and algorithm. */
export function credentialLabel(credential: Credential): string {
  const size = credential.rsaKeySize ?? credential.ecCurveName;
  return `${credential.description} (${credential.keyAlg.toUpperCase()}${size ? ` ${size}` : ''})`;
}

interface CredentialSelectProps {
  credentials: readonly Credential[];
  value: string | null;
  onChange: (credentialId: string | null) => void;
  required?: boolean;
}

/** The signing credential to use, by its label; an empty list says there is none. */
export function CredentialSelect({
  credentials,
  value,
  onChange,
  required = false,
}: CredentialSelectProps) {
  const { t } = useTranslation('signing');
  return (
    <TextField
      select
      fullWidth
      required={required}
      label={t('options.credential')}
      value={value ?? none}
      onChange={(event) => onChange(event.target.value || null)}
      slotProps={{ htmlInput: { 'data-testid': 'credential-select' } }}
    >
      {credentials.length === 0 && (
        <MenuItem value={none} disabled>
          {t('options.noCredentials')}
        </MenuItem>
      )}
      {credentials.map((c) => (
        <MenuItem key={c.id} value={c.id} data-testid="credential-option">
          {credentialLabel(c)}
        </MenuItem>
      ))}
    </TextField>
  );
}
