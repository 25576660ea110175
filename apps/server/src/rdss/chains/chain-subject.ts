import type { Chain } from '@signet/contracts/chains';
import { notFound } from '#infra/app-error';
import type { Db, Tx } from '#infra/database';
import type { ChainRow, BatchRow, DocumentRow } from '../schema';
import { documentsOfBatch, documentsOfBatches, findBatch, findDocument } from '../documents';

/** What a chain is over: one document, or (bulk) a whole batch. */
export type ChainSubject =
  | { document: DocumentRow; batch: null }
  | { document: null; batch: { row: BatchRow; documents: DocumentRow[] } };

export async function loadSubject(
  db: Db | Tx,
  chain: Pick<ChainRow, 'origDocumentId' | 'batchId'>,
): Promise<ChainSubject> {
  if (chain.origDocumentId) {
    const document = await findDocument(db, chain.origDocumentId);
    if (!document) throw notFound('Document');
    return { document, batch: null };
  }
  const row = chain.batchId ? await findBatch(db, chain.batchId) : undefined;
  if (!row) throw notFound('Batch');
  return { document: null, batch: { row, documents: await documentsOfBatch(db, row.id) } };
}

/**
 * The subjects of a list page, whose rows already carry their document or batch: only the
 * documents of its batches are looked up, in one query.
 */
export async function subjectsOfPage(
  db: Db | Tx,
  page: {
    stored: { chain: Pick<ChainRow, 'id'> };
    document: DocumentRow | null;
    batch: BatchRow | null;
  }[],
): Promise<Map<string, ChainSubject>> {
  const batchIds = page.flatMap((listed) => (listed.batch ? [listed.batch.id] : []));
  const batchDocuments = await documentsOfBatches(db, batchIds);
  const subjects = new Map<string, ChainSubject>();
  for (const { stored, document, batch } of page) {
    if (document) subjects.set(stored.chain.id, { document, batch: null });
    else if (batch) {
      const documents = batchDocuments.filter((d) => d.batchId === batch.id);
      subjects.set(stored.chain.id, { document: null, batch: { row: batch, documents } });
    } else throw notFound('Document');
  }
  return subjects;
}

/** The name a chain goes by: its document's file name, or its batch's name. */
export function subjectName(subject: ChainSubject): string {
  return subject.document ? subject.document.fileName : subject.batch.row.name;
}

const documentView = (d: DocumentRow) => ({
  id: d.id,
  fileName: d.fileName,
  fileSize: d.fileSize,
  security: d.security,
  signed: d.signed,
});

export function subjectView(subject: ChainSubject): Pick<Chain, 'origDocument' | 'batch'> {
  if (subject.document) return { origDocument: documentView(subject.document), batch: null };
  const { row, documents } = subject.batch;
  return {
    origDocument: null,
    batch: { id: row.id, name: row.name, documents: documents.map(documentView) },
  };
}
