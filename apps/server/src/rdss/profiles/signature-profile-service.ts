import { randomUUID } from 'node:crypto';
import {
  maxProfilesByUser,
  signatureProfileMessages,
  white,
  type SignatureProfile,
  type SignatureProfileInput,
  type SignatureProfileListQuery,
  type SignatureProfilePage,
  type SignatureProfileSummary,
  type VisibleSignatureAdminProps,
} from '@signet/contracts/signature-profiles';
import type { CombineImage } from '@signet/contracts/signatures';
import type { AppContext } from '#infra/app-context';
import { AppError, notFound } from '#infra/app-error';
import type { AuthUser } from '#infra/auth-types';
import { ownsCredentialRef } from '#platform/public';
import { findCredentialOwnership } from '#rssp/public';
import type { StoredImage } from './image-pixels';
import { readImageDataUrl, storedImage, toDataUrl } from './profile-image';
import * as store from './signature-profile-store';
import type { SignatureProfileRow } from './signature-profile-table';
import { combineImageWithName, composeOnBackground } from './visible-signature-image';

export type ProfileContext = Pick<AppContext, 'config' | 'database'>;

const profileNotFound = () => notFound('Signature profile');

/** True when `error` (or the driver error Drizzle wraps) is a unique-constraint violation. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const alreadyExists = (name: string) =>
  new AppError('ALREADY_EXISTS', `${name} already exists`, { name: `${name} already exists` });

function summaryOf(row: store.ProfileSummaryRow): SignatureProfileSummary {
  return {
    id: row.id,
    name: row.name,
    credentialId: row.credentialId,
    credentialRefId: row.credentialRefId,
    hasImage: row.hasImage,
    textParams: row.textParams,
    savedSignatureFieldParameters: row.savedField,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function viewOf(row: SignatureProfileRow): SignatureProfile {
  const source = storedImage(row.sourceImage, row.sourceImageType);
  const rendered = storedImage(row.renderedImage, row.renderedImageType);
  return {
    ...summaryOf({ ...row, hasImage: Boolean(source ?? rendered) }),
    sourceImageDataUrl: source ? toDataUrl(source) : null,
    renderedImageDataUrl: rendered ? toDataUrl(rendered) : null,
  };
}

/**
 * The profile's credential must be the caller's own: an rSSP signing credential, or an imported
 * credential (D§3 credentialRefId) of theirs (ownership, D§5).
 */
async function checkCredential(ctx: ProfileContext, actor: AuthUser, input: SignatureProfileInput) {
  if (input.credentialRefId !== undefined) {
    if (!(await ownsCredentialRef(ctx.database.db, actor.id, input.credentialRefId))) {
      const message = signatureProfileMessages.notYourCredential;
      throw new AppError('VALIDATION_FAILED', message, { credentialRefId: message });
    }
    return;
  }
  const credentialId = input.credentialId ?? '';
  const credential = await findCredentialOwnership(ctx.database.db, credentialId);
  if (
    !credential ||
    credential.userId !== actor.id ||
    credential.keyPurpose !== 'ASYMMETRIC_SIGN'
  ) {
    const message = signatureProfileMessages.notYourCredential;
    throw new AppError('VALIDATION_FAILED', message, { credentialId: message });
  }
}

/** The checked image columns of an input: each image's real bytes, type and size. */
async function imageColumns(ctx: ProfileContext, input: SignatureProfileInput) {
  const max = ctx.config.MAX_SIGNATURE_PROFILE_IMAGE_BYTES;
  const source = input.sourceImageDataUrl
    ? await readImageDataUrl(input.sourceImageDataUrl, 'sourceImageDataUrl', max)
    : null;
  const rendered = input.renderedImageDataUrl
    ? await readImageDataUrl(input.renderedImageDataUrl, 'renderedImageDataUrl', max)
    : null;
  return {
    sourceImage: source?.bytes ?? null,
    sourceImageType: source?.type ?? null,
    renderedImage: rendered?.bytes ?? null,
    renderedImageType: rendered?.type ?? null,
  };
}

async function checkNameFree(ctx: ProfileContext, actor: AuthUser, name: string, id?: string) {
  const taken = await store.findProfileByName(ctx.database.db, actor.id, name);
  if (taken && taken.id !== id) throw alreadyExists(name);
}

export async function createProfile(options: {
  ctx: ProfileContext;
  actor: AuthUser;
  input: SignatureProfileInput;
}): Promise<SignatureProfile> {
  const { ctx, actor, input } = options;
  await checkCredential(ctx, actor, input);
  await checkNameFree(ctx, actor, input.name);
  const images = await imageColumns(ctx, input);
  const id = randomUUID();
  try {
    await ctx.database.db.transaction(async (tx) => {
      await store.insertProfile(tx, {
        id,
        ownerId: actor.id,
        name: input.name,
        credentialId: input.credentialId ?? null,
        credentialRefId: input.credentialRefId ?? null,
        ...images,
        textParams: input.textParams,
        savedField: input.savedSignatureFieldParameters,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyExists(input.name);
    throw error;
  }
  return getProfile({ ctx, actor, id });
}

export async function updateProfile(options: {
  ctx: ProfileContext;
  actor: AuthUser;
  id: string;
  input: SignatureProfileInput;
}): Promise<SignatureProfile> {
  const { ctx, actor, id, input } = options;
  if (!(await store.findOwnProfile(ctx.database.db, actor.id, id))) throw profileNotFound();
  await checkCredential(ctx, actor, input);
  await checkNameFree(ctx, actor, input.name, id);
  const images = await imageColumns(ctx, input);
  try {
    await ctx.database.db.transaction(async (tx) => {
      await store.updateProfile(tx, id, {
        name: input.name,
        credentialId: input.credentialId ?? null,
        credentialRefId: input.credentialRefId ?? null,
        ...images,
        textParams: input.textParams,
        savedField: input.savedSignatureFieldParameters,
        updatedAt: new Date(),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyExists(input.name);
    throw error;
  }
  return getProfile({ ctx, actor, id });
}

export async function getProfile(options: {
  ctx: ProfileContext;
  actor: AuthUser;
  id: string;
}): Promise<SignatureProfile> {
  const row = await store.findOwnProfile(options.ctx.database.db, options.actor.id, options.id);
  if (!row) throw profileNotFound();
  return viewOf(row);
}

export async function deleteProfile(options: {
  ctx: ProfileContext;
  actor: AuthUser;
  id: string;
}): Promise<void> {
  const { ctx, actor, id } = options;
  await ctx.database.db.transaction(async (tx) => {
    if (!(await store.findOwnProfile(tx, actor.id, id))) throw profileNotFound();
    await store.deleteProfile(tx, id);
  });
}

export async function listProfiles(options: {
  ctx: ProfileContext;
  actor: AuthUser;
  query: SignatureProfileListQuery;
}): Promise<SignatureProfilePage> {
  const { rows, total } = await store.listOwnProfiles(
    options.ctx.database.db,
    options.actor.id,
    options.query,
  );
  return { content: rows.map(summaryOf), total };
}

/** Every profile of the caller, by name (`GET users/self/signatureProfiles/by-user`). */
export async function listProfilesByUser(options: {
  ctx: ProfileContext;
  actor: AuthUser;
}): Promise<SignatureProfilePage> {
  const rows = await store.listAllOwnProfiles(
    options.ctx.database.db,
    options.actor.id,
    maxProfilesByUser,
  );
  return { content: rows.map(summaryOf), total: rows.length };
}

/** The profile's own picture: its rendered image, else its source image (null for text only). */
export function profilePicture(row: SignatureProfileRow): StoredImage | null {
  return (
    storedImage(row.renderedImage, row.renderedImageType) ??
    storedImage(row.sourceImage, row.sourceImageType)
  );
}

/** `GET signatures/visibleSignature/profileImage/{id}`: the profile's preview image. */
export async function profileImage(options: {
  ctx: ProfileContext;
  actor: AuthUser;
  id: string;
}): Promise<{ imageDataUrl: string }> {
  const row = await store.findOwnProfile(options.ctx.database.db, options.actor.id, options.id);
  if (!row) throw profileNotFound();
  const picture = profilePicture(row);
  if (picture) return { imageDataUrl: toDataUrl(picture) };
  // A text-only profile without a rendered image: its look on the background.
  return {
    imageDataUrl: toDataUrl(await composeOnBackground({ color: white, image: null }, null)),
  };
}

/** The admin's background (white and no image until an admin sets one). */
export async function readBackground(
  ctx: ProfileContext,
): Promise<{ color: VisibleSignatureAdminProps['bgColor']; image: StoredImage | null }> {
  const row = await store.findVisibleSignatureSettings(ctx.database.db);
  return {
    color: row?.bgColor ?? white,
    image: row ? storedImage(row.bgImage, row.bgImageType) : null,
  };
}

/** `GET signatures/visibleSignature/{id}`: the profile's picture on the admin's background. */
export async function visibleSignatureImage(options: {
  ctx: ProfileContext;
  actor: AuthUser;
  id: string;
}): Promise<{ imageDataUrl: string }> {
  const row = await store.findOwnProfile(options.ctx.database.db, options.actor.id, options.id);
  if (!row) throw profileNotFound();
  const composed = await composeOnBackground(
    await readBackground(options.ctx),
    profilePicture(row),
  );
  return { imageDataUrl: toDataUrl(composed) };
}

/** `POST signatures/visibleSignature/combineImage`: the clerk's drawing with the client's name. */
export async function combineImage(options: {
  ctx: ProfileContext;
  input: CombineImage;
}): Promise<{ imageDataUrl: string }> {
  const image = await readImageDataUrl(
    options.input.userImageDataUrl,
    'userImageDataUrl',
    options.ctx.config.MAX_SIGNATURE_PROFILE_IMAGE_BYTES,
  );
  const combined = await combineImageWithName(image, options.input.subsignerName);
  return { imageDataUrl: toDataUrl(combined) };
}

export async function getAdminProps(ctx: ProfileContext): Promise<VisibleSignatureAdminProps> {
  const background = await readBackground(ctx);
  return {
    bgColor: background.color,
    bgImageDataUrl: background.image ? toDataUrl(background.image) : null,
  };
}

export async function saveAdminProps(options: {
  ctx: ProfileContext;
  actor: AuthUser;
  input: VisibleSignatureAdminProps;
}): Promise<VisibleSignatureAdminProps> {
  const { ctx, actor, input } = options;
  const image = input.bgImageDataUrl
    ? await readImageDataUrl(
        input.bgImageDataUrl,
        'bgImageDataUrl',
        ctx.config.MAX_SIGNATURE_PROFILE_IMAGE_BYTES,
      )
    : null;
  await ctx.database.db.transaction(async (tx) => {
    await store.saveVisibleSignatureSettings(tx, {
      bgColor: input.bgColor,
      bgImage: image?.bytes ?? null,
      bgImageType: image?.type ?? null,
      updatedBy: actor.id,
      updatedAt: new Date(),
    });
  });
  return getAdminProps(ctx);
}
