import type { Credential } from '@signet/contracts/credentials';
import type { Role } from '@signet/contracts/users';
import type { FieldBox } from './signature-field';

/**
 * The rules of the signing screens (documents §5) as pure functions: which credentials may sign,
 * which one a choice signs with, why Sign is not enabled yet, and when the blue note shows.
 */

/** What the screens read of a signature profile. */
export interface ProfileChoice {
  id: string;
  name: string;
  credentialId: string | null;
  savedSignatureFieldParameters: FieldBox | null;
}

/** What the signer has chosen on the screen. */
export interface SignChoice {
  visible: boolean;
  /** The drawer's PNG, when the signer drew one. */
  drawnImage: string | null;
  profileId: string | null;
  useDifferentCredential: boolean;
  credentialId: string | null;
}

export const emptyChoice: SignChoice = {
  visible: true,
  drawnImage: null,
  profileId: null,
  useDifferentCredential: false,
  credentialId: null,
};

/** Own credentials that can sign a PDF: activated, for signing, with a certificate (D§7). */
export function signingCredentials(credentials: readonly Credential[]): Credential[] {
  return credentials.filter(
    (c) => c.status === 'ACTIVATED' && c.keyPurpose === 'ASYMMETRIC_SIGN' && c.certChain.length > 0,
  );
}

/**
 * What the screen starts with once the signer's profiles and signing credentials are known
 * (issue 26 §6): their only profile, and their only activated credential, chosen for them. What
 * the signer chose already stays.
 */
export function preselectedChoice(
  choice: SignChoice,
  profiles: readonly ProfileChoice[],
  credentials: readonly Pick<Credential, 'id'>[],
): SignChoice {
  const [onlyProfile] = profiles.length === 1 ? profiles : [];
  const [onlyCredential] = credentials.length === 1 ? credentials : [];
  return {
    ...choice,
    profileId: choice.profileId ?? onlyProfile?.id ?? null,
    credentialId: choice.credentialId ?? onlyCredential?.id ?? null,
  };
}

/** The chosen profile, if it is among the signer's profiles. */
export function chosenProfile(
  choice: SignChoice,
  profiles: readonly ProfileChoice[],
): ProfileChoice | null {
  return profiles.find((p) => p.id === choice.profileId) ?? null;
}

/**
 * The credential the signature is made with: the profile's, unless the signer switched to a
 * different one (or chose no profile), then the one selected.
 */
export function effectiveCredentialId(
  choice: SignChoice,
  profiles: readonly ProfileChoice[],
): string | null {
  const profile = chosenProfile(choice, profiles);
  if (profile && !choice.useDifferentCredential) return profile.credentialId;
  return choice.credentialId;
}

/** Why Sign is not enabled yet (the first reason is shown beside it); empty: it is. */
export type SignBlocker =
  | 'noSignerRole'
  | 'noCredential'
  | 'credentialIsDead'
  | 'needsDrawing'
  | 'noDifferentCredential'
  | 'noDevice';

export interface SignContext {
  roles: readonly Role[];
  /** The signer's signing credentials (`signingCredentials`). */
  credentials: readonly Credential[];
  profiles: readonly ProfileChoice[];
  /** Enabled devices for implicit authorisation; undefined while unknown (not built yet). */
  enabledDeviceCount: number | undefined;
}

export function signBlockers(choice: SignChoice, context: SignContext): SignBlocker[] {
  const blockers: SignBlocker[] = [];
  // The signer role, checked case-insensitively (D§6).
  if (!context.roles.some((role) => role.toLowerCase() === 'signer')) blockers.push('noSignerRole');
  const profile = chosenProfile(choice, context.profiles);
  if (choice.useDifferentCredential && profile && !choice.credentialId) {
    blockers.push('noDifferentCredential');
  }
  const credentialId = effectiveCredentialId(choice, context.profiles);
  const credential = context.credentials.find((c) => c.id === credentialId);
  if (!credentialId) {
    if (!blockers.includes('noDifferentCredential')) blockers.push('noCredential');
  } else if (!credential) {
    // A profile whose credential is gone, or no longer activated.
    blockers.push('credentialIsDead');
  }
  if (choice.visible && !profile && !choice.drawnImage) blockers.push('needsDrawing');
  if (credential?.authMode === 'IMPLICIT' && context.enabledDeviceCount === 0) {
    blockers.push('noDevice');
  }
  return blockers;
}

/**
 * The blue note (D§2): some own credential is not activated or has no certificate, or an implicit
 * one has no enabled device to approve on.
 */
export function needsCredentialNote(
  allCredentials: readonly Credential[],
  enabledDeviceCount: number | undefined,
): boolean {
  return allCredentials.some(
    (c) =>
      c.status !== 'ACTIVATED' ||
      c.certChain.length === 0 ||
      (c.authMode === 'IMPLICIT' && enabledDeviceCount === 0),
  );
}

/** The warning dialog a signer meets first, if any (D§2 warnings). */
export type SignWarning = 'noActivatedCredential' | 'notVerified' | 'noActivatedDevice';

export function signWarning(options: {
  signingCredentialCount: number;
  verificationEnabled: boolean;
  verificationMandatory: boolean;
  verified: boolean;
  /** The chosen credential is approved on a device, and the signer has no enabled one. */
  chosenNeedsDevice?: boolean;
}): SignWarning | null {
  if (options.verificationEnabled && options.verificationMandatory && !options.verified) {
    return 'notVerified';
  }
  if (options.signingCredentialCount === 0) return 'noActivatedCredential';
  if (options.chosenNeedsDevice) return 'noActivatedDevice';
  return null;
}
