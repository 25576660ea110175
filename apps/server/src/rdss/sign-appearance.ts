import type { AppearanceOptions } from '@signet/pades';
import { AppError } from '#infra/app-error';
import {
  defaultSignatureField,
  type SignItem,
  type SignRequest,
} from '@signet/contracts/signatures';

/**
 * The visible signature of one chain's signing (D§2, D§3): where it goes, the image and the text
 * lines (name, date, then the comment, or in clerk mode the sub-signer). Kept in one place so the
 * signature profiles (their image, text, saved position and the admin background) join here.
 */
export interface AppearanceInput {
  request: Pick<SignRequest, 'userImageDataUrl' | 'signatureProfileId'>;
  item: SignItem;
  /** The signer as the certificate names them. */
  signerName: string;
  signedAt: Date;
  /** Clerk mode: the walk-in client signed for. */
  subsignerName: string | null;
}

const dataUrlPrefix = /^data:image\/(png|jpeg);base64,/;

/** The bytes of a PNG or JPEG data URL. */
export function imageBytes(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.replace(dataUrlPrefix, ''), 'base64');
}

/** `2026-11-25 09:14 UTC`. */
export function signingDateLine(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * The appearance, or undefined for an invisible signature: a signature is visible when the signer
 * placed it, drew an image, or signs as a clerk (whose client's drawn signature must show).
 */
export function signatureAppearance(input: AppearanceInput): AppearanceOptions | undefined {
  const { request, item } = input;
  if (request.signatureProfileId !== undefined) {
    throw new AppError('INVALID_REQUEST', 'Signature profiles are not available yet');
  }
  const image = request.userImageDataUrl;
  const visible =
    item.signatureFieldParameters !== undefined ||
    image !== undefined ||
    input.subsignerName !== null;
  if (!visible) return undefined;
  const field = item.signatureFieldParameters ?? defaultSignatureField;
  const third =
    input.subsignerName !== null
      ? `For: ${input.subsignerName}`
      : item.comment?.trim()
        ? item.comment.trim()
        : undefined;
  return {
    page: field.page,
    originX: field.originX,
    originY: field.originY,
    width: field.width,
    height: field.height,
    ...(image === undefined ? {} : { image: imageBytes(image) }),
    textLines: [input.signerName, signingDateLine(input.signedAt), ...(third ? [third] : [])],
  };
}
