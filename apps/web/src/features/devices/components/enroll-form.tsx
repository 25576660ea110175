import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { startRegistration } from '@simplewebauthn/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  enrollmentChallengeText,
  friendlyNameSchema,
  type EnrollmentLink,
} from '@signet/contracts/devices';
import { describeError } from '../../../shared/api/error-message';
import { challengeOf, enrollDevice, type AuthenticatorDevice } from '../api/authenticator-api';

function randomUserId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Enrolls this phone from the add-device link: a passkey (user verification required) is made
 * for Signet with the challenge derived from the one-time code, and its public key registered.
 */
export function EnrollForm({
  link,
  onEnrolled,
}: {
  link: EnrollmentLink;
  onEnrolled: (device: AuthenticatorDevice) => void;
}) {
  const { t } = useTranslation('devices');
  const [name, setName] = useState(() => t('authenticator.defaultName'));
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const valid = friendlyNameSchema.safeParse(name);

  const enroll = async () => {
    if (!valid.success) return;
    setBusy(true);
    setError(null);
    try {
      const rpId = window.location.hostname;
      const registration = await startRegistration({
        optionsJSON: {
          challenge: await challengeOf(enrollmentChallengeText(link.code)),
          rp: { name: 'Signet', id: rpId },
          user: { id: randomUserId(), name: valid.data, displayName: valid.data },
          pubKeyCredParams: [
            { alg: -7, type: 'public-key' },
            { alg: -257, type: 'public-key' },
          ],
          authenticatorSelection: { userVerification: 'required', residentKey: 'preferred' },
          attestation: 'none',
          timeout: 120_000,
        },
      });
      const enrolled = await enrollDevice(link.rsspApiUrl, {
        kind: 'WEBAUTHN',
        code: link.code,
        friendlyName: valid.data,
        registration: registration as unknown as Record<string, unknown>,
      });
      onEnrolled({
        rsspApiUrl: link.rsspApiUrl,
        deviceId: enrolled.device.id,
        friendlyName: enrolled.device.friendlyName,
        deviceToken: enrolled.deviceToken,
        credentialId: enrolled.webauthnCredentialId ?? registration.id,
        rpId: enrolled.rpId,
      });
    } catch (caught) {
      setError(
        caught instanceof Error && caught.name === 'NotAllowedError'
          ? t('authenticator.passkeyCancelled')
          : describeError(caught, t),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Typography>{t('authenticator.enrollText')}</Typography>
      <TextField
        label={t('authenticator.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={!valid.success}
        helperText={valid.success ? ' ' : t('authenticator.nameSize')}
        slotProps={{ htmlInput: { maxLength: 255, 'data-testid': 'authenticator-name' } }}
      />
      {error && <Alert severity="error">{error}</Alert>}
      <Button
        variant="contained"
        size="large"
        disabled={!valid.success || isBusy}
        onClick={() => void enroll()}
        data-testid="authenticator-enroll"
      >
        {t('authenticator.enroll')}
      </Button>
    </Stack>
  );
}
