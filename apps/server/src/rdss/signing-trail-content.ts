import { eq } from 'drizzle-orm';
import type { Db, Tx } from '#infra/database';
import { AppError } from '#infra/app-error';
import type { ChainContext } from './chain-context';
import { readChainHistory } from './chain-history';
import { chains, type ChainRow } from './chain-table';
import { batches, documents } from './document-table';
import type { SigningTrailInput } from './signing-trail-render';

/**
 * What a chain's signing trail shows, read in `db` (the signing transaction when the trail goes
 * into a revision, so it holds every event up to the one being made): the chain, its document
 * (a batch: the batch's name, and the SHA-256 of its first document), the creator in their own
 * language, and the history in order. A signature passes the chain and its upload it read
 * already (`readForSigning`): only the creator and the history are read then, at once.
 */
export async function loadSigningTrailInput(
  ctx: Pick<ChainContext, 'users'>,
  db: Tx | Db,
  chainId: string,
  known?: { chain: ChainRow; upload: { name: string; sha256: string } },
): Promise<SigningTrailInput> {
  const chain = known?.chain ?? (await readChain(db, chainId));
  const [document, creator, events] = await Promise.all([
    known?.upload ?? uploadOf(db, chain),
    ctx.users.find(chain.createdBy),
    readChainHistory(db, chain.id),
  ]);
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
