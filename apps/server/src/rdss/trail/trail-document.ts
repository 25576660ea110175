import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { markTrailPages, type PreparedSignature, type PrepareOptions } from '@signet/pades';
import type { Db, Tx } from '#infra/database';
import type { Locale } from '@signet/contracts/users';
import type { ChainContext, ChainSubject } from '../chains';
import {
  type NewChainHistoryEvent,
  chains,
  type ChainRow,
  type DocumentRow,
  type RevisionRow,
  type StoredChain,
} from '../schema';
import { type BlobStore, findDocument, insertDocument, revisions } from '../documents';
import type { PdfPool } from '../pdf-work';
import { toChainHistoryEvent } from './signed-history-event';
import { renderSigningTrail } from '../trail-layout';

/**
 * A DETACHED signing trail's own PDF (issue 26 §2, decision 027): a document row made with the
 * chain (`chains.trail_document_id`), owned by the owner of the chain's document, whose revisions
 * are stored like the document's (`document_revisions` under the chain, by this document's id).
 * Its pages are all trail pages, so each signature's revision replaces them with the trail up to
 * that signature and signs it with the same authorisation as the document.
 */

/**
 * The first trail of a new DETACHED chain over one document, from the history its creation
 * records (CREATED, INVITED), rendered before the creation's transaction; undefined when the
 * chain needs none.
 */
export async function initialTrail(
  ctx: ChainContext,
  chain: {
    stored: StoredChain;
    subject: ChainSubject;
    history: NewChainHistoryEvent[];
    creator: { name: string; email: string };
    locale: Locale;
  },
): Promise<Uint8Array | undefined> {
  const { stored, subject } = chain;
  const mode = stored.chain.signingTrailMode;
  if (!ctx.config.SIGNING_TRAIL_ENABLED || mode !== 'DETACHED' || !subject.document) return;
  if (!ctx.blobs) return undefined;
  const at = stored.chain.createdAt;
  const trail = await renderSigningTrail({
    documentName: subject.document.fileName,
    uploadSha256: subject.document.sha256,
    chainId: stored.chain.id,
    chainType: stored.chain.type,
    creator: chain.creator,
    events: chain.history.map((event) => toChainHistoryEvent(event, at)),
    language: chain.locale === 'HU' ? 'hu' : 'en',
    generatedAt: at,
  });
  return markTrailPages(trail);
}

/**
 * Stores a new chain's first trail as its trail document, in the creation's transaction, owned by
 * the owner of the chain's document. Returns the document's id: its bytes are to be removed when
 * the transaction does not commit.
 */
export async function insertTrailDocument(
  ctx: ChainContext,
  tx: Tx,
  stored: StoredChain,
  document: DocumentRow,
  bytes: Uint8Array,
): Promise<string> {
  const row: DocumentRow = {
    id: randomUUID(),
    ownerId: document.ownerId,
    fileName: trailFileName(document.fileName),
    fileSize: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    security: 'NONE',
    createdAt: stored.chain.createdAt,
    batchId: null,
    signed: false,
  };
  await insertDocument(tx, row);
  await ctx.blobs?.put(tx, row.id, bytes);
  await tx.update(chains).set({ trailDocumentId: row.id }).where(eq(chains.id, stored.chain.id));
  stored.chain.trailDocumentId = row.id;
  return row.id;
}

/** A DETACHED trail document's part of one signature: its new revision, prepared. */
export interface TrailDocumentJob {
  document: DocumentRow;
  /** Its revisions prepared on (the latest last), and their joined bytes' length. */
  base: RevisionRow[];
  baseSize: number;
  /** Those joined bytes (a buffer of its own, small: a trail's pages). */
  baseBytes: Uint8Array;
  prepared: PreparedSignature;
}

/**
 * Prepares the next revision of a DETACHED chain's trail document: the up-to-date trail replaces
 * its pages and carries an invisible signature of the same signer.
 */
export async function prepareTrailDocument(
  ctx: { database: { db: Db }; blobs: BlobStore; increments: BlobStore; pdf: PdfPool },
  options: {
    chain: Pick<ChainRow, 'id' | 'trailDocumentId'>;
    trail: Uint8Array;
    signing: Omit<PrepareOptions, 'appearance' | 'password' | 'trailPages'>;
  },
): Promise<TrailDocumentJob | undefined> {
  const { chain, trail, signing } = options;
  if (!chain.trailDocumentId) return undefined;
  const db = ctx.database.db;
  const [document, base] = await Promise.all([
    findDocument(db, chain.trailDocumentId),
    revisions.revisionsOf(db, chain.id, chain.trailDocumentId),
  ]);
  if (!document) return undefined;
  const bytes = await revisions.joinRevision(db, ctx, document.id, base);
  const prepared = await ctx.pdf.prepareIncrement(bytes, { ...signing, trailPages: trail });
  return { document, base, baseSize: bytes.length, baseBytes: bytes, prepared };
}

/** The file name of a chain's detached trail (D§9: the name plus `-signingtrail`). */
export function trailFileName(fileName: string): string {
  return `${fileName.replace(/\.pdf$/i, '')}-signingtrail.pdf`;
}

/**
 * A DETACHED chain's trail as it stands, for downloads: its latest signed revision (the trail up
 * to the last signature, signed by it), else the trail made with the chain. `pieces` streams the
 * bytes (`revisionPieces`); `size` is their length. Undefined when the chain has no trail document.
 * The caller checks that the actor may read the chain.
 */
export async function readTrailDocument(
  ctx: { database: { db: Db }; blobs: BlobStore; increments: BlobStore },
  chain: Pick<ChainRow, 'id' | 'trailDocumentId'>,
): Promise<
  | {
      document: DocumentRow;
      revision: RevisionRow | undefined;
      size: number;
      pieces: AsyncIterable<Uint8Array>;
    }
  | undefined
> {
  if (!chain.trailDocumentId) return undefined;
  const db = ctx.database.db;
  const [document, base] = await Promise.all([
    findDocument(db, chain.trailDocumentId),
    revisions.revisionsOf(db, chain.id, chain.trailDocumentId),
  ]);
  if (!document) return undefined;
  const revision = base[base.length - 1];
  const pieces = await revisions.revisionPieces(db, ctx, document.id, base);
  return { document, revision, size: revision?.fileSize ?? document.fileSize, pieces };
}
