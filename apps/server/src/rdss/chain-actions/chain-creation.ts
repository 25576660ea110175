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
import { refuseUnusableCallbackUrl } from '../callbacks';
import {
  type ChainContext,
  announce,
  creationHistory,
  loadSubject,
  subjectName,
  type ChainSubject,
  toView,
  insertChain,
} from '../chains';
import {
  recordChainHistory,
  type NewChainHistoryEvent,
  type DocumentRow,
  type StoredChain,
} from '../schema';
import {
  inviteNewcomers,
  inviterNameOf,
  newcomersOf,
  tellCreated,
  countInvitationMails,
  refuseTooManyParticipants,
} from '../notices';
import { invalid, planChain } from './chain-planning';
import { findBatch, findDocument } from '../documents';
import { initialTrail, insertTrailDocument } from '../trail';

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
  const { ctx, actor } = options;
  const input = withTrailMode(ctx, options.input);
  mayCreateChains(actor);
  refuseTooManyParticipants(ctx.config, input.signers.length + input.viewerEmails.length);
  await refuseUnusableCallbackUrl(ctx.config, input.externalCallbackUrl);
  const subject = input.origDocId
    ? await ownDocument(ctx, actor, input.origDocId)
    : await ownBatch(ctx, actor, input.batchId ?? '');
  await refuseSignedUnderAttachedTrail(ctx, input, subject);
  const stored = await planChain(ctx, actor, input, subject);
  const inviterName = await inviterNameOf(ctx, actor);
  const creator = { id: actor.id, name: inviterName, email: actor.email };
  // Read before the transaction: the user directory answers from its own connection.
  const history = await creationHistory(ctx, stored, creator);
  const trail = await initialTrail(ctx, {
    stored,
    subject,
    history,
    creator,
    locale: actor.locale,
  });
  await withTrailFiles(ctx, async (trails) => {
    await ctx.database.db.transaction(async (tx) => {
      await insertAndAnnounce(
        ctx,
        tx,
        actor,
        { stored, subject, history, trail },
        { inviterName, trails },
      );
    });
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
  const { ctx, actor } = options;
  const input = withTrailMode(ctx, options.input);
  mayCreateChains(actor);
  refuseTooManyParticipants(ctx.config, input.signers.length + input.viewerEmails.length);
  await refuseUnusableCallbackUrl(ctx.config, input.externalCallbackUrl);
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
  const creator = { id: actor.id, name: inviterName, email: actor.email };
  const histories = await Promise.all(
    planned.map(({ stored }) => creationHistory(ctx, stored, creator)),
  );
  const trailsOf = await Promise.all(
    planned.map(({ stored, subject }, i) =>
      initialTrail(ctx, {
        stored,
        subject,
        history: histories[i] ?? [],
        creator,
        locale: actor.locale,
      }),
    ),
  );
  await withTrailFiles(ctx, (trails) =>
    ctx.database.db.transaction(async (tx) => {
      // Every chain's mails counted at once, so a refusal comes before the first mail goes out.
      const mails = planned.map(({ stored }) => newcomersOf(stored).length);
      await countInvitationMails(
        tx,
        ctx.config,
        actor.id,
        mails.reduce((sum, n) => sum + n, 0),
      );
      for (const [i, { stored, subject }] of planned.entries()) {
        const history = histories[i] ?? [];
        await insertAndAnnounce(
          ctx,
          tx,
          actor,
          { stored, subject, history, trail: trailsOf[i] },
          {
            inviterName,
            isCounted: true,
            trails,
          },
        );
      }
    }),
  );
  tellCreated(
    ctx,
    planned.map(({ stored }) => stored.chain.id),
    actor.id,
  );
  return Promise.all(planned.map(({ stored, subject }) => toView(ctx, stored, subject, actor.id)));
}

/** The payload with its trail mode: ATTACHED by default while the feature is on (D§9). */
function withTrailMode<T extends { signingTrailMode?: CreateChain['signingTrailMode'] }>(
  ctx: ChainContext,
  input: T,
): T & { signingTrailMode: NonNullable<CreateChain['signingTrailMode']> } {
  const fallback = ctx.config.SIGNING_TRAIL_ENABLED ? 'ATTACHED' : 'NONE';
  return { ...input, signingTrailMode: input.signingTrailMode ?? fallback };
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
  chain: {
    stored: StoredChain;
    subject: ChainSubject;
    history: NewChainHistoryEvent[];
    /** A DETACHED chain's first trail (`initialTrail`). */
    trail: Uint8Array | undefined;
  },
  options: { inviterName: string; isCounted?: boolean; trails: string[] },
): Promise<void> {
  const { stored, subject } = chain;
  const { trails, ...mails } = options;
  await insertChain(tx, stored);
  await recordChainHistory(tx, chain.history);
  await inviteNewcomers(ctx, tx, stored, { actor, fileName: subjectName(subject), ...mails });
  if (chain.trail && subject.document) {
    trails.push(await insertTrailDocument(ctx, tx, stored, subject.document, chain.trail));
  }
  await announce(ctx, tx, 'SIGNATURE_CHAIN_CREATED', stored);
}

/** Runs a creation; the detached trails' bytes it wrote go again when it does not commit. */
async function withTrailFiles(
  ctx: ChainContext,
  create: (trails: string[]) => Promise<void>,
): Promise<void> {
  const trails: string[] = [];
  try {
    await create(trails);
  } catch (error) {
    await Promise.all(trails.map((id) => ctx.blobs?.remove(id)));
    throw error;
  }
}
