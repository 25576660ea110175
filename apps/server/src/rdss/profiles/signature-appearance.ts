import type { AppearanceOptions, SignatureFieldParameters } from '@signet/pades';
import type { Rgb } from '@signet/contracts/signature-profiles';
import { notFound } from '#infra/app-error';
import type { Db, Tx } from '#infra/database';
import { readImageDataUrl, storedImage } from './profile-image';
import { profilePicture } from './signature-profile-service';
import { findOwnProfile, findVisibleSignatureSettings } from './signature-profile-store';
import type { VisibleSignatureSettingsRow } from './signature-profile-table';

/** What an appearance takes of the admin's visible signature settings. */
export type AppearanceSettings = Pick<
  VisibleSignatureSettingsRow,
  'bgColor' | 'bgImage' | 'bgImageType'
>;

/** Where a visible signature's picture comes from (D§3 sign payload, D§4 sign modes). */
export type AppearanceSource =
  /** A saved signature profile of the signer (`signatureProfileId`). */
  | { kind: 'profile'; profileId: string }
  /** A signature drawn in the drawer (`userImageDataUrl`). */
  | { kind: 'drawn'; imageDataUrl: string }
  /** A clerk signing for a walk-in client: the client's drawing and name. */
  | { kind: 'clerk'; imageDataUrl: string; subsignerName: string }
  /** No picture: the text lines alone. */
  | { kind: 'text' };

/** What the appearance shows, without where: `AppearanceOptions` less the field parameters. */
export type AppearanceContent = Omit<AppearanceOptions, keyof SignatureFieldParameters>;

export interface SignatureAppearance {
  content: AppearanceContent;
  /** The profile's saved position (save position to profile), or null. */
  savedPosition: SignatureFieldParameters | null;
  /** The credential the profile signs with, or null when the source is not a profile. */
  profileCredentialId: string | null;
  /** The imported credential the profile signs with (D§3 credentialRefId), or null. */
  profileCredentialRefId: string | null;
}

export interface SignatureAppearanceRequest {
  /** The database, or the sign call's transaction. */
  db: Db | Tx;
  /** MAX_SIGNATURE_PROFILE_IMAGE_BYTES: a drawn image above it is refused. */
  maxImageBytes: number;
  /** The signer (the clerk in clerk mode): the profile's owner, the name on the first line. */
  signer: { id: string; name: string };
  source: AppearanceSource;
  signedAt: Date;
  /** The signer's comment, shown as the last line. */
  comment?: string | null;
  /** The admin's settings when the caller read them already (null: none saved); else read. */
  settings?: AppearanceSettings | null;
}

const rgb01 = (c: Rgb): [number, number, number] => [c.red / 255, c.green / 255, c.blue / 255];

/** `2026.11.25 08:05:09 UTC`: the app's date format (platform §9), in UTC for every reader. */
export function formatSigningTime(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getUTCFullYear()}.${p(date.getUTCMonth() + 1)}.${p(date.getUTCDate())} ` +
    `${p(date.getUTCHours())}:${p(date.getUTCMinutes())}:${p(date.getUTCSeconds())} UTC`
  );
}

/**
 * The visible signature of one signing, for `packages/pades` `AppearanceOptions`: the picture
 * (the profile's rendered image, its source image, or the drawing), the text lines (the client's
 * name in clerk mode, the signer's name, the time, the comment), the profile's text colour, the
 * admin's background colour and image behind (none until an admin sets them: the page shows
 * through), and the profile's saved position.
 * A profile that is not the signer's answers NOT_FOUND; a drawing that is not a PNG or JPEG (by
 * its bytes) or too large answers VALIDATION_FAILED on `userImageDataUrl`.
 *
 * ```ts
 * const { content, savedPosition } = await signatureAppearance({ db: tx, maxImageBytes, signer,
 *   source: { kind: 'profile', profileId }, signedAt: new Date(), comment });
 * const appearance: AppearanceOptions = { ...(field ?? savedPosition ?? defaultField), ...content };
 * ```
 */
export async function signatureAppearance(
  request: SignatureAppearanceRequest,
): Promise<SignatureAppearance> {
  const { db, signer, source } = request;
  const settings =
    request.settings !== undefined ? request.settings : await findVisibleSignatureSettings(db);
  const backgroundImage = settings ? storedImage(settings.bgImage, settings.bgImageType) : null;
  const trailing = [
    signer.name,
    formatSigningTime(request.signedAt),
    ...(request.comment?.trim() ? [request.comment.trim()] : []),
  ];
  const content: AppearanceContent = {
    // Transparent until an admin sets a background (issue 26 §6): the page shows through.
    ...(settings ? { backgroundColor: rgb01(settings.bgColor) } : {}),
    ...(backgroundImage ? { backgroundImage: backgroundImage.bytes } : {}),
    textLines: trailing,
  };
  let savedPosition: SignatureFieldParameters | null = null;
  let profileCredentialId: string | null = null;
  let profileCredentialRefId: string | null = null;

  if (source.kind === 'profile') {
    const profile = await findOwnProfile(db, signer.id, source.profileId);
    if (!profile) throw notFound('Signature profile');
    const picture = profilePicture(profile);
    if (picture) content.image = picture.bytes;
    // Without a rendered image the profile's text is a line of its own.
    if (!profile.renderedImage && profile.textParams.text) {
      content.textLines = [profile.textParams.text, ...trailing];
    }
    content.textColor = rgb01(profile.textParams.textColor);
    savedPosition = profile.savedField;
    profileCredentialId = profile.credentialId;
    profileCredentialRefId = profile.credentialRefId;
  } else if (source.kind === 'drawn' || source.kind === 'clerk') {
    const image = await readImageDataUrl(
      source.imageDataUrl,
      'userImageDataUrl',
      request.maxImageBytes,
    );
    content.image = image.bytes;
    if (source.kind === 'clerk') content.textLines = [source.subsignerName.trim(), ...trailing];
  }
  return { content, savedPosition, profileCredentialId, profileCredentialRefId };
}
