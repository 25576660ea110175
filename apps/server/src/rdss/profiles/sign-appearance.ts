import type { AppearanceOptions } from '@signet/pades';
import {
  defaultSignatureField,
  type SignItem,
  type SignRequest,
} from '@signet/contracts/signatures';
import type { Db, Tx } from '#infra/database';
import {
  signatureAppearance,
  type AppearanceSettings,
  type AppearanceSource,
} from './signature-appearance';

/**
 * The visible signature of one chain's signing (D§2, D§3): where it goes (the signer's
 * placement, else the profile's saved position, else the default) and what it shows, from the
 * signature profiles' `signatureAppearance` (profile, drawing, or the clerk's client; text lines,
 * colours and the admin background).
 */
export interface AppearanceInput {
  db: Db | Tx;
  maxImageBytes: number;
  request: Pick<SignRequest, 'userImageDataUrl' | 'signatureProfileId'>;
  item: SignItem;
  signer: { id: string; name: string };
  signedAt: Date;
  /** Clerk mode: the walk-in client signed for. */
  subsignerName: string | null;
  /** The admin's settings, when read with the chain (null: none saved). */
  settings?: AppearanceSettings | null;
}

function sourceOf(input: AppearanceInput): AppearanceSource {
  const { request, subsignerName } = input;
  const image = request.userImageDataUrl;
  if (subsignerName !== null && image !== undefined) {
    return { kind: 'clerk', imageDataUrl: image, subsignerName };
  }
  if (request.signatureProfileId !== undefined) {
    return { kind: 'profile', profileId: request.signatureProfileId };
  }
  if (image !== undefined) return { kind: 'drawn', imageDataUrl: image };
  return { kind: 'text' };
}

/**
 * The credential a signature profile signs with, when the call names a profile but no
 * credential (null otherwise): an rSSP credential or an imported one (D§3 credentialRefId). A
 * profile that is not the signer's is NOT_FOUND.
 */
export async function profileSigningCredential(
  input: Pick<AppearanceInput, 'db' | 'maxImageBytes' | 'request' | 'signer'>,
): Promise<{ credentialId: string | null; credentialRefId: string | null } | null> {
  const profileId = input.request.signatureProfileId;
  if (profileId === undefined) return null;
  const { profileCredentialId, profileCredentialRefId } = await signatureAppearance({
    db: input.db,
    maxImageBytes: input.maxImageBytes,
    signer: input.signer,
    source: { kind: 'profile', profileId },
    signedAt: new Date(),
  });
  return { credentialId: profileCredentialId, credentialRefId: profileCredentialRefId };
}

/** The rSSP credential of `profileSigningCredential` (null without one). */
export async function profileCredential(
  input: Pick<AppearanceInput, 'db' | 'maxImageBytes' | 'request' | 'signer'>,
): Promise<string | null> {
  return (await profileSigningCredential(input))?.credentialId ?? null;
}

/**
 * The appearance, or undefined for an invisible signature: a signature is visible when the signer
 * placed it, drew an image, chose a profile, or signs as a clerk (whose client's drawing shows).
 */
export async function chainSignatureAppearance(
  input: AppearanceInput,
): Promise<AppearanceOptions | undefined> {
  const { request, item } = input;
  const visible =
    item.signatureFieldParameters !== undefined ||
    request.userImageDataUrl !== undefined ||
    request.signatureProfileId !== undefined ||
    input.subsignerName !== null;
  if (!visible) return undefined;
  const { content, savedPosition } = await signatureAppearance({
    db: input.db,
    maxImageBytes: input.maxImageBytes,
    signer: input.signer,
    source: sourceOf(input),
    signedAt: input.signedAt,
    comment: item.comment ?? null,
    ...(input.settings === undefined ? {} : { settings: input.settings }),
  });
  const field = item.signatureFieldParameters ?? savedPosition ?? defaultSignatureField;
  return { ...field, ...content };
}
