import { eq } from 'drizzle-orm';
import { pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '#infra/database';

/**
 * `rdss.thumbnail_failures` (migrations/016-thumbnail-failures.sql): documents whose page 1 did
 * not render, answered with a placeholder from then on by every instance.
 */
export const thumbnailFailures = pgSchema('rdss').table('thumbnail_failures', {
  documentId: uuid('document_id').primaryKey(),
  reason: text('reason').notNull(),
  failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
});

export async function hasThumbnailFailed(db: Db | Tx, documentId: string): Promise<boolean> {
  const [row] = await db
    .select({ documentId: thumbnailFailures.documentId })
    .from(thumbnailFailures)
    .where(eq(thumbnailFailures.documentId, documentId));
  return row !== undefined;
}

/** Remembers that the document did not render (the first reason is kept). */
export async function recordThumbnailFailure(
  db: Db | Tx,
  documentId: string,
  reason: string,
): Promise<void> {
  await db
    .insert(thumbnailFailures)
    .values({ documentId, reason: reason.slice(0, 500) })
    .onConflictDoNothing();
}
