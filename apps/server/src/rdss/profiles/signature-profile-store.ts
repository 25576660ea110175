import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { SignatureProfileListQuery } from '@signet/contracts/signature-profiles';
import { pageOffset } from '@signet/contracts/paging';
import { type Db, type Tx, containing } from '#infra/database';
import {
  signatureProfiles,
  visibleSignatureSettings,
  type NewSignatureProfileRow,
  type SignatureProfileRow,
  type VisibleSignatureSettingsRow,
} from './signature-profile-table';

type Handle = Db | Tx;

/** A profile row without its image bytes (lists), and whether it has an image. */
export type ProfileSummaryRow = Omit<SignatureProfileRow, 'sourceImage' | 'renderedImage'> & {
  hasImage: boolean;
};

const summaryColumns = {
  id: signatureProfiles.id,
  ownerId: signatureProfiles.ownerId,
  name: signatureProfiles.name,
  credentialId: signatureProfiles.credentialId,
  credentialRefId: signatureProfiles.credentialRefId,
  sourceImageType: signatureProfiles.sourceImageType,
  renderedImageType: signatureProfiles.renderedImageType,
  textParams: signatureProfiles.textParams,
  savedField: signatureProfiles.savedField,
  createdAt: signatureProfiles.createdAt,
  updatedAt: signatureProfiles.updatedAt,
  hasImage: sql<boolean>`(${signatureProfiles.sourceImage} is not null or ${signatureProfiles.renderedImage} is not null)`,
};

const sortColumns = {
  name: sql`lower(${signatureProfiles.name})`,
  createdAt: signatureProfiles.createdAt,
  updatedAt: signatureProfiles.updatedAt,
} as const;

export async function insertProfile(tx: Tx, row: NewSignatureProfileRow): Promise<void> {
  await tx.insert(signatureProfiles).values(row);
}

export async function updateProfile(
  tx: Tx,
  id: string,
  values: Partial<NewSignatureProfileRow>,
): Promise<void> {
  await tx.update(signatureProfiles).set(values).where(eq(signatureProfiles.id, id));
}

export async function deleteProfile(tx: Tx, id: string): Promise<void> {
  await tx.delete(signatureProfiles).where(eq(signatureProfiles.id, id));
}

/** The owner's profile with this id (images included), or undefined. */
export async function findOwnProfile(
  db: Handle,
  ownerId: string,
  id: string,
): Promise<SignatureProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(signatureProfiles)
    .where(and(eq(signatureProfiles.id, id), eq(signatureProfiles.ownerId, ownerId)));
  return row;
}

/** Another profile of the owner with this name (any case), or undefined. */
export async function findProfileByName(
  db: Handle,
  ownerId: string,
  name: string,
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: signatureProfiles.id })
    .from(signatureProfiles)
    .where(
      and(
        eq(signatureProfiles.ownerId, ownerId),
        sql`lower(${signatureProfiles.name}) = lower(${name})`,
      ),
    );
  return row;
}

/** A page of the owner's profiles; `page-size` 0 counts only. */
export async function listOwnProfiles(
  db: Handle,
  ownerId: string,
  query: SignatureProfileListQuery,
): Promise<{ rows: ProfileSummaryRow[]; total: number }> {
  const conditions: SQL[] = [eq(signatureProfiles.ownerId, ownerId)];
  if (query.q?.trim()) conditions.push(ilike(signatureProfiles.name, containing(query.q.trim())));
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(signatureProfiles).where(where);
  if (query['page-size'] === 0) return { rows: [], total: total?.n ?? 0 };
  const column = sortColumns[query['sort-field']];
  const rows = await db
    .select(summaryColumns)
    .from(signatureProfiles)
    .where(where)
    .orderBy(query['sort-order'] === 'desc' ? desc(column) : asc(column), asc(signatureProfiles.id))
    .offset(pageOffset(query))
    .limit(query['page-size']);
  return { rows, total: total?.n ?? 0 };
}

/** Every profile of the owner by name (the signing screens' select). */
export async function listAllOwnProfiles(
  db: Handle,
  ownerId: string,
  limit: number,
): Promise<ProfileSummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(signatureProfiles)
    .where(eq(signatureProfiles.ownerId, ownerId))
    .orderBy(asc(sql`lower(${signatureProfiles.name})`), asc(signatureProfiles.id))
    .limit(limit);
}

export async function deleteProfilesOfUser(db: Handle, ownerId: string): Promise<void> {
  await db.delete(signatureProfiles).where(eq(signatureProfiles.ownerId, ownerId));
}

export async function findVisibleSignatureSettings(
  db: Handle,
): Promise<VisibleSignatureSettingsRow | undefined> {
  const [row] = await db.select().from(visibleSignatureSettings);
  return row;
}

export async function saveVisibleSignatureSettings(
  tx: Tx,
  values: Omit<VisibleSignatureSettingsRow, 'id'>,
): Promise<void> {
  await tx
    .insert(visibleSignatureSettings)
    .values({ id: true, ...values })
    .onConflictDoUpdate({ target: visibleSignatureSettings.id, set: values });
}
