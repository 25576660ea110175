import { inspectPdf } from '@signet/pades';
import {
  chainMessages,
  type Chain,
  type CreateChain,
  type CreateMultiChain,
} from '@signet/contracts/chains';
import { forbidden, notFound } from '#infra/app-error';
import type { AuthUser } from '#infra/auth-types';
import type { Tx } from '#infra/database';
import type { ChainContext } from './chain-context';
import { announce } from './chain-events';
import { inviteNewcomers, inviterNameOf, newcomersOf } from './chain-invitation-sending';
import { tellCreated } from './chain-notices';
import { invalid, planChain } from './chain-planning';
import { loadSubject, subjectName, type ChainSubject } from './chain-subject';
import { toView } from './chain-view';
import { insertChain } from './chain-writes';
import { findBatch, findDocument } from './document-store';
import type { DocumentRow } from './document-table';
import { countInvitationMails, refuseTooManyParticipants } from './invitation-caps';
import type { StoredChain } from './stored-chain';

/**
 * Creates a chain over a document the creator uploaded. Registered participants are named by
 * their account; an e-mail without one becomes an invited signer entry. Signers need the signer
 * role and approvers the approver role; viewers must have an account, and the creator is never a
 * viewer of their own chain.
 */
export async function createChain(options: {
  ctx: ChainContext;
  actor: AuthUser;
  input: CreateChain;
}): Promise<Chain> {
  const { ctx, actor, input } = options;
  mayCreateChains(actor);
  refuseTooManyParticipants(ctx.config, input.signers.length + input.viewerEmails.length);
  const subject = input.origDocId
    ? await ownDocument(ctx, actor, input.origDocId)
    : await ownBatch(ctx, actor, input.batchId ?? '');
  await refuseSignedUnderAttachedTrail(ctx, input, subject);
  const stored = await planChain(ctx, actor, input, subject);
  const inviterName = await inviterNameOf(ctx, actor);
  await ctx.database.db.transaction(async (tx) => {
    await insertAndAnnounce(ctx, tx, actor, stored, subject, { inviterName });
  });
  tellCreated(ctx, [stored.chain.id], actor.id);
  return toView(ctx, stored, subject, actor.id);
}

/**
 * Chains over a batch (`signatureChains/multi`): one per document with the same participants, or
 * with `bulk` one over the whole batch. All of them or none.
 */
export async function createMultiChain(options: {
  ctx: ChainContext;
  actor: AuthUser;
  input: CreateMultiChain;
}): Promise<Chain[]> {
  const { ctx, actor, input } = options;
  mayCreateChains(actor);
  refuseTooManyParticipants(ctx.config, input.signers.length + input.viewerEmails.length);
  const batch = await ownBatch(ctx, actor, input.batchId);
  const subjects: ChainSubject[] = input.bulk
    ? [batch]
    : (batch.batch?.documents ?? []).map((document) => ({ document, batch: null }));
  await refuseSignedUnderAttachedTrail(ctx, input, batch);
  const planned: { stored: StoredChain; subject: ChainSubject }[] = [];
  for (const subject of subjects) {
    planned.push({ stored: await planChain(ctx, actor, input, subject), subject });
  }
  const inviterName = await inviterNameOf(ctx, actor);
  await ctx.database.db.transaction(async (tx) => {
    // Every chain's mails counted at once, so a refusal comes before the first mail goes out.
    const mails = planned.map(({ stored }) => newcomersOf(stored).length);
    await countInvitationMails(
      tx,
      ctx.config,
      actor.id,
      mails.reduce((sum, n) => sum + n, 0),
    );
    for (const { stored, subject } of planned) {
      await insertAndAnnounce(ctx, tx, actor, stored, subject, { inviterName, isCounted: true });
    }
  });
  tellCreated(
    ctx,
    planned.map(({ stored }) => stored.chain.id),
    actor.id,
  );
  return Promise.all(planned.map(({ stored, subject }) => toView(ctx, stored, subject, actor.id)));
}

/**
 * With the signing trail feature on, an attached trail cannot go into a PDF that already holds
 * digital signatures (documents §5): VALIDATION_FAILED on signingTrailMode, naming the file.
 */
async function refuseSignedUnderAttachedTrail(
  ctx: ChainContext,
  input: Pick<CreateChain, 'signingTrailMode'>,
  subject: ChainSubject,
): Promise<void> {
  if (!ctx.config.SIGNING_TRAIL_ENABLED || input.signingTrailMode !== 'ATTACHED') return;
  for (const document of subject.document ? [subject.document] : subject.batch.documents) {
    if (await isSigned(ctx, document)) {
      throw invalid({ signingTrailMode: chainMessages.alreadySigned(document.fileName) });
    }
  }
}

/** Recorded at upload; for a document uploaded before that was recorded, read from its bytes. */
async function isSigned(ctx: ChainContext, document: DocumentRow): Promise<boolean> {
  if (document.signed !== null) return document.signed;
  if (document.security === 'ENCRYPTED_WITH_USER_PASSWORD' || !ctx.blobs) return false;
  const bytes = await ctx.blobs.get(ctx.database.db, document.id);
  return bytes !== undefined && inspectPdf(bytes).signed === true;
}

function mayCreateChains(actor: AuthUser): void {
  if (!actor.roles.includes('creator')) throw forbidden('Creating chains needs the creator role');
}

async function ownDocument(ctx: ChainContext, actor: AuthUser, id: string): Promise<ChainSubject> {
  const document = await findDocument(ctx.database.db, id);
  if (!document || document.ownerId !== actor.id) throw notFound('Document');
  return { document, batch: null };
}

async function ownBatch(ctx: ChainContext, actor: AuthUser, id: string): Promise<ChainSubject> {
  const batch = await findBatch(ctx.database.db, id);
  if (!batch || batch.ownerId !== actor.id) throw notFound('Batch');
  const subject = await loadSubject(ctx.database.db, { origDocumentId: null, batchId: batch.id });
  // Its documents may have been deleted one by one: a chain over nothing is refused.
  if (subject.batch?.documents.length === 0) {
    throw invalid({ batchId: 'The batch has no documents left' });
  }
  return subject;
}

async function insertAndAnnounce(
  ctx: ChainContext,
  tx: Tx,
  actor: AuthUser,
  stored: StoredChain,
  subject: ChainSubject,
  mails: { inviterName: string; isCounted?: boolean },
): Promise<void> {
  await insertChain(tx, stored);
  await inviteNewcomers(ctx, tx, stored, { actor, fileName: subjectName(subject), ...mails });
  await announce(ctx, tx, 'SIGNATURE_CHAIN_CREATED', stored);
}
