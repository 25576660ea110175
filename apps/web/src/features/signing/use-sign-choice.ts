import { useState } from 'react';
import { useCurrentUser } from '../../shared/hooks/use-current-user';
import { useRemoteConfig } from '../../shared/hooks/use-remote-config';
import { useOwnCredentials, useSigningCredentials } from './api/get-signing-credentials';
import { useProfileImage, useSigningProfiles } from './api/signing-profiles';
import type { SignatureOptionsProps } from './components/signature-options';
import { useEnabledDeviceCount } from './implicit-devices';
import {
  chosenProfile,
  effectiveCredentialId,
  emptyChoice,
  needsCredentialNote,
  preselectedChoice,
  signBlockers,
  signWarning,
} from './sign-rules';
import type { SignChoice } from './sign-rules';
import { defaultFieldBox } from './signature-field';
import type { FieldBox } from './signature-field';
import { useSavePosition } from './use-save-position';

/**
 * What the single and the batch signing screens choose alike (D§5): the visible signature (drawn
 * or a profile), the credential, and what follows from them — the blockers of Sign, the warning
 * dialog, the credential note, the save-position option and the image shown. `box` is the
 * position a profile's saved one replaces when a new profile is chosen.
 */
export function useSignChoice(box: FieldBox, setBox: (box: FieldBox) => void) {
  const config = useRemoteConfig();
  const user = useCurrentUser().data;
  const credentials = useSigningCredentials();
  const ownCredentials = useOwnCredentials();
  const profiles = useSigningProfiles();
  const enabledDeviceCount = useEnabledDeviceCount();
  const [choice, setChoice] = useState<SignChoice>(emptyChoice);
  const [isPreselected, setPreselected] = useState(false);

  const profileList = profiles.data ?? [];
  const credentialList = credentials.data ?? [];
  const profile = chosenProfile(choice, profileList);
  const savePosition = useSavePosition(profile, box);
  const profileImage = useProfileImage(choice.visible ? (profile?.id ?? null) : null);
  const credentialId = effectiveCredentialId(choice, profileList);
  const credential = credentialList.find((c) => c.id === credentialId);
  const blockers = signBlockers(choice, {
    roles: user?.roles ?? [],
    credentials: credentialList,
    profiles: profileList,
    enabledDeviceCount,
  });
  const warning =
    credentials.isSuccess && user
      ? signWarning({
          signingCredentialCount: credentialList.length,
          verificationEnabled: config.userVerificationEnabled,
          verificationMandatory: user.verificationMandatory,
          verified: user.verified,
          chosenNeedsDevice: credential?.authMode === 'IMPLICIT' && enabledDeviceCount === 0,
        })
      : null;

  const changeChoice = (next: SignChoice) => {
    const nextProfile = chosenProfile(next, profileList);
    // A newly chosen profile places the box where it was saved.
    if (nextProfile && nextProfile.id !== profile?.id) {
      setBox(nextProfile.savedSignatureFieldParameters ?? defaultFieldBox);
    }
    setChoice(next);
  };

  // Once both lists are known, the only profile and the only credential are chosen, once (set
  // while rendering, as React advises for state that follows from props; the box is this
  // component's state too).
  if (profiles.isSuccess && credentials.isSuccess && !isPreselected) {
    setPreselected(true);
    changeChoice(preselectedChoice(choice, profileList, credentialList));
  }

  const optionProps: SignatureOptionsProps = {
    choice,
    onChange: changeChoice,
    profiles: profileList,
    credentials: credentialList,
    savePosition,
  };

  return {
    user,
    choice,
    credentialList,
    credential,
    blockers,
    warning,
    /** SignatureOptions' props: this choice, its lists and its change. */
    optionProps,
    /**
     * The request's fields for a visible signature's image: the profile (only its image; its
     * credential comes as credentialId), or the drawing.
     */
    imageRequest: {
      signatureProfileId: choice.visible && profile ? profile.id : undefined,
      userImageDataUrl: choice.visible && !profile ? (choice.drawnImage ?? undefined) : undefined,
    },
    showCredentialNote:
      ownCredentials.data !== undefined &&
      needsCredentialNote(ownCredentials.data, enabledDeviceCount),
    /** The visible signature's image: the profile's, or the drawing; null when invisible. */
    image: choice.visible ? (profile ? (profileImage.data ?? null) : choice.drawnImage) : null,
    changeChoice,
  };
}
