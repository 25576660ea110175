import { eq } from 'drizzle-orm';
import type { ChainHistoryEvent } from '@signet/contracts/chain-history';
import type { DirectoryUser } from '#infra/auth-types';
import type { Db, Tx } from '#infra/database';
import { AppError } from '#infra/app-error';
import type { ChainContext } from '../chains';
import { readChainHistory, chains, type ChainRow, batches, documents } from '../schema';
import type { SigningTrailInput } from '../trail-layout';

/**
 * What a chain's signing trail shows, read in `db` (the signing transaction when the trail goes
 * into a revision, so it holds every event up to the one being made): the chain, its document
 * (a batch: the batch's name, and the SHA-256 of its first document), the creator in their own
 * language, and the history in order. A signature passes what it read already
 * (`readForSigning`: the chain, its upload and history; the signer, who is often the creator):
 * nothing else is read then.
 */
export async function loadSigningTrailInput(
  ctx: Pick<ChainContext, 'users'>,
  db: Tx | Db,
  chainId: string,
  known?: {
    chain: ChainRow;
    upload: { name: string; sha256: string };
    history?: ChainHistoryEvent[] | undefined;
    /** A user known already: the creator's row when it is theirs. */
    user?: Pick<DirectoryUser, 'id' | 'name' | 'email' | 'locale'>;
  },
): Promise<SigningTrailInput> {
  const chain = known?.chain ?? (await readChain(db, chainId));
  const [document, creator, history] = await Promise.all([
    known?.upload ?? uploadOf(db, chain),
    known?.user?.id === chain.createdBy ? known.user : ctx.users.find(chain.createdBy),
    known?.history ?? readChainHistory(db, chain.id),
  ]);
  // The caller's list is its own: the signature appends its pending event to a copy.
  const events = [...history];
  return {
    documentName: document.name,
    uploadSha256: document.sha256,
    chainId: chain.id,
    chainType: chain.type,
    creator: { name: creator?.name ?? '', email: creator?.email ?? '' },
    events,
    language: creator?.locale === 'HU' ? 'hu' : 'en',
    generatedAt: new Date(),
  };
}

async function readChain(db: Tx | Db, chainId: string): Promise<ChainRow> {
  const [chain] = await db.select().from(chains).where(eq(chains.id, chainId));
  if (chain === undefined) throw new AppError('NOT_FOUND', 'Signature chain not found');
  return chain;
}

async function uploadOf(
  db: Tx | Db,
  chain: { origDocumentId: string | null; batchId: string | null },
): Promise<{ name: string; sha256: string }> {
  if (chain.origDocumentId !== null) {
    const [row] = await db
      .select({ name: documents.fileName, sha256: documents.sha256 })
      .from(documents)
      .where(eq(documents.id, chain.origDocumentId));
    if (row !== undefined) return row;
  }
  if (chain.batchId !== null) {
    const [batch] = await db
      .select({ name: batches.name })
      .from(batches)
      .where(eq(batches.id, chain.batchId));
    const [first] = await db
      .select({ sha256: documents.sha256 })
      .from(documents)
      .where(eq(documents.batchId, chain.batchId))
      .orderBy(documents.createdAt, documents.id)
      .limit(1);
    if (batch !== undefined) return { name: batch.name, sha256: first?.sha256 ?? '' };
  }
  throw new AppError('NOT_FOUND', 'The document of the signature chain is gone');
}
