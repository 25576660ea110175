import { isParticipant } from '@signet/contracts/chain-rules';
import { notFound } from '#infra/app-error';
import type { AuthUser } from '#infra/auth-types';
import type { Db } from '#infra/database';
import { findChain } from './chain-reads';
import { loadSubject, type ChainSubject } from './chain-subject';
import { type DocumentRow, ruleChain, type StoredChain } from '../schema';

/**
 * A chain and what it is over, for those who may read it (its creator, participants and
 * viewers, and admins); anyone else gets NOT_FOUND, as for a chain that does not exist.
 */
export async function readableChainSubject(
  db: Db,
  actor: AuthUser,
  id: string,
): Promise<{ stored: StoredChain; subject: ChainSubject }> {
  const stored = await findChain(db, id);
  const mayRead =
    stored !== undefined &&
    (actor.roles.includes('admin') || isParticipant(ruleChain(stored), actor.id));
  if (!stored || !mayRead) throw notFound('Signature chain');
  return { stored, subject: await loadSubject(db, stored.chain) };
}

/** The chain's document named (one of a bulk chain's), else its first; NOT_FOUND for another. */
export function subjectDocument(subject: ChainSubject, documentId?: string): DocumentRow {
  const documents = subject.document ? [subject.document] : subject.batch.documents;
  const document = documentId ? documents.find((d) => d.id === documentId) : documents[0];
  if (!document) throw notFound('Document');
  return document;
}
