import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '@signet/contracts/users';
import { hasCookie, rememberInCookie } from '../../../shared/cookies/cookies';
import { useRemoteConfig } from '../../../shared/hooks/use-remote-config';
import { useSetupProgress } from '../api/get-setup-progress';

/** Set when the user has seen the ready-to-sign banner (documents §2, one year). */
const tutorialCookie = 'tutorial-finished';

type Banner = 'verification' | 'noCredential' | 'noActivatedCredential' | 'ready';

const targets: Record<Banner, string> = {
  verification: '/user/profile',
  noCredential: '/credentials/add',
  noActivatedCredential: '/credentials',
  ready: '/signatureChains/list/TODO',
};

/**
 * The first onboarding step the user has not done, in the order of documents §2 (verification,
 * a credential, an activated one, then ready to sign). Hidden for admins and once the tutorial is
 * finished. The profile and device steps join with their features.
 */
export function OnboardingBanner({ user }: { user: User }) {
  const { t } = useTranslation('chains');
  const config = useRemoteConfig();
  const [finished, setFinished] = useState(() => hasCookie(tutorialCookie));
  const isAdmin = user.roles.includes('admin');
  const progress = useSetupProgress(!isAdmin && !finished);
  if (isAdmin || finished || !progress.data) return null;

  const banner: Banner =
    config.userVerificationEnabled && user.verificationMandatory && !user.verified
      ? 'verification'
      : progress.data.credentials === 0
        ? 'noCredential'
        : progress.data.activated === 0
          ? 'noActivatedCredential'
          : 'ready';
  const finish = () => {
    rememberInCookie(tutorialCookie);
    setFinished(true);
  };

  return (
    <Alert
      severity={banner === 'ready' ? 'success' : 'info'}
      data-testid={`onboarding-${banner}`}
      onClose={banner === 'ready' ? finish : undefined}
      action={
        <Button
          component={Link}
          to={targets[banner]}
          color="inherit"
          size="small"
          onClick={banner === 'ready' ? finish : undefined}
        >
          {t(`dashboard.banners.${banner}.action`)}
        </Button>
      }
    >
      {t(`dashboard.banners.${banner}.text`)}
    </Alert>
  );
}
