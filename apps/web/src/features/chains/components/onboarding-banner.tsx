import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '@signet/contracts/users';
import { hasCookie, rememberInCookie } from '../../../shared/cookies/cookies';
import { useRemoteConfig } from '../../../shared/hooks/use-remote-config';
import { useProfileCount } from '../api/get-profile-count';
import { useSetupProgress } from '../api/get-setup-progress';

/** Set when the user has seen the ready-to-sign banner (documents §2, one year). */
const tutorialCookie = 'tutorial-finished';
/** Set when the user dismisses the signature profile banner (documents §2, one year). */
const profileBannerCookie = 'signature-profile-banner-dismissed';

type Banner =
  'verification' | 'noCredential' | 'noSignatureProfile' | 'noActivatedCredential' | 'ready';

const targets: Record<Banner, string> = {
  verification: '/user/profile',
  noCredential: '/credentials/add',
  noSignatureProfile: '/signatureProfiles/add',
  noActivatedCredential: '/credentials',
  ready: '/signatureChains/list/TODO',
};

/**
 * The first onboarding step the user has not done, in the order of documents §2 (verification,
 * a credential, a signature profile — dismissable, remembered a year —, an activated credential,
 * then ready to sign). Hidden for admins and once the tutorial is finished. The device step joins
 * with its feature.
 */
export function OnboardingBanner({ user }: { user: User }) {
  const { t } = useTranslation('chains');
  const config = useRemoteConfig();
  const [finished, setFinished] = useState(() => hasCookie(tutorialCookie));
  const [profileDismissed, setProfileDismissed] = useState(() => hasCookie(profileBannerCookie));
  const isAdmin = user.roles.includes('admin');
  const progress = useSetupProgress(!isAdmin && !finished);
  const asksForProfile = !isAdmin && !finished && !profileDismissed;
  const profiles = useProfileCount(asksForProfile && (progress.data?.credentials ?? 0) > 0);
  if (isAdmin || finished || !progress.data) return null;
  const needsProfile = asksForProfile && progress.data.credentials > 0;
  // Wait for the count rather than flash a later step.
  if (needsProfile && profiles.data === undefined && !profiles.isError) return null;

  const banner: Banner =
    config.userVerificationEnabled && user.verificationMandatory && !user.verified
      ? 'verification'
      : progress.data.credentials === 0
        ? 'noCredential'
        : needsProfile && profiles.data === 0
          ? 'noSignatureProfile'
          : progress.data.activated === 0
            ? 'noActivatedCredential'
            : 'ready';
  const finish = () => {
    rememberInCookie(tutorialCookie);
    setFinished(true);
  };
  const dismissProfile = () => {
    rememberInCookie(profileBannerCookie);
    setProfileDismissed(true);
  };
  const onClose =
    banner === 'ready' ? finish : banner === 'noSignatureProfile' ? dismissProfile : undefined;

  return (
    <Alert
      severity={banner === 'ready' ? 'success' : 'info'}
      data-testid={`onboarding-${banner}`}
      onClose={onClose}
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
