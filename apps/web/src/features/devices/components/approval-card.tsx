import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { startAuthentication } from '@simplewebauthn/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  approvalPayload,
  type ApprovalDecisionName,
  type ApprovalRequest,
} from '@signet/contracts/devices';
import { describeError } from '../../../shared/api/error-message';
import { formatDateTime } from '../../../shared/format/format-date-time';
import { challengeOf, decideApproval, type AuthenticatorDevice } from '../api/authenticator-api';

/**
 * One request for approval: who asks, which credential, how many signatures, which documents.
 * Approve and Deny each ask the passkey (user verification) to sign exactly this request.
 */
export function ApprovalCard({
  device,
  request,
  onDecided,
}: {
  device: AuthenticatorDevice;
  request: ApprovalRequest;
  onDecided: (id: string, decision: ApprovalDecisionName) => void;
}) {
  const { t } = useTranslation('devices');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  const decide = async (decision: ApprovalDecisionName) => {
    setBusy(true);
    setError(null);
    try {
      const assertion = await startAuthentication({
        optionsJSON: {
          challenge: await challengeOf(approvalPayload(request, decision)),
          rpId: device.rpId,
          allowCredentials: [{ id: device.credentialId, type: 'public-key' }],
          userVerification: 'required',
          timeout: 120_000,
        },
      });
      await decideApproval(device, {
        approvalId: request.id,
        decision,
        assertion: assertion as unknown as Record<string, unknown>,
      });
      onDecided(request.id, decision);
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

  const signatures = request.hashes.length;
  return (
    <Card variant="outlined" data-testid="approval-request">
      <CardContent>
        <Stack spacing={1}>
          <Typography variant="h6" component="h2">
            {request.purpose === 'ACTIVATE'
              ? t('authenticator.activateTitle')
              : t('authenticator.signTitle', { count: signatures })}
          </Typography>
          <Typography>
            {t('authenticator.who', {
              name: request.requestedBy.name,
              email: request.requestedBy.email,
            })}
          </Typography>
          <Typography sx={{ wordBreak: 'break-word' }}>
            {t('authenticator.credential', { description: request.credentialDescription })}
          </Typography>
          {request.purpose === 'SIGN' && (
            <Typography>{t('authenticator.signatures', { count: signatures })}</Typography>
          )}
          {request.documents.length > 0 && (
            <Typography sx={{ wordBreak: 'break-word' }}>
              {t('authenticator.documents', { names: request.documents.join(', ') })}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {t('authenticator.expires', { time: formatDateTime(request.expiresAt) })}
          </Typography>
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end' }}>
        <Button
          color="error"
          disabled={isBusy}
          onClick={() => void decide('DENY')}
          data-testid="approval-deny"
        >
          {t('authenticator.deny')}
        </Button>
        <Button
          variant="contained"
          disabled={isBusy}
          onClick={() => void decide('APPROVE')}
          data-testid="approval-approve"
        >
          {t('authenticator.approve')}
        </Button>
      </CardActions>
    </Card>
  );
}
