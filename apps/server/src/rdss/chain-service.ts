import { randomUUID } from 'node:crypto';
import { inspectPdf } from '@signet/pades';
import {
  actionableEntry,
  canApprove,
  canDecline,
  canDelete,
  canWithdraw,
  isParticipant,
  chainFilterOf,
  type RuleChain,
} from '@signet/contracts/chain-rules';
import {
  chainMessages,
  type AdminChainListQuery,
  type Chain,
  type ChainDecision,
  type ChainPage,
  type CreateChain,
  type CreateMultiChain,
  type OwnChainListQuery,
  type UpdateChainViewers,
} from '@signet/contracts/chains';
import type { EventName } from '@signet/contracts/events';
import {
  mayHoldRole,
  requestedRole,
  type ParticipantRole,
} from '@signet/contracts/participant-roles';
import type { AppContext } from '#infra/app-context';
import { AppError, forbidden, notFound } from '#infra/app-error';
import type { AuthUser, DirectoryUser } from '#infra/auth-types';
import type { Tx } from '#infra/database';
import { newLinkToken } from '#infra/link-token';
import { sendOrUnavailable } from '#infra/mailer';
import { mayMailOthers, sameAddress } from './address-rules';
import { chainInvitationLink, chainInvitationMail } from './chain-invitation-mail';
import {
  countInvitationMails,
  markResent,
  refuseEarlyResend,
  refuseTooManyParticipants,
} from './invitation-caps';
import * as store from './chain-store';
import type { ChainEntryRow } from './chain-table';
import { findBatch, findDocument, type BlobStore } from './document-store';
import { revisionsOfChains } from './revision-store';
import type { RevisionRow } from './revision-table';
import type { DocumentRow } from './document-table';
import {
  loadSubject,
  subjectsOfPage,
  subjectName,
  subjectView,
  type ChainSubject,
} from './chain-subject';

export interface ChainContext extends Pick<
  AppContext,
  'config' | 'database' | 'events' | 'users' | 'mailer'
> {
  /** Where signed increments live outside the database (files), to remove with their chain. */
  increments?: BlobStore;
  /** Where document bytes are, to look into a PDF whose signatures were not recorded at upload. */
  blobs?: BlobStore;
}

const invitationDays = 14;

/** Revision ids by the entry that signed them, and each chain's latest. */
interface SignedRevisions {
  byEntry: Map<string, string>;
  latestOfChain: Map<string, string>;
}

/** One query for the chains that have a signed entry; none when nobody has signed yet. */
async function signedRevisionsOf(
  db: Parameters<typeof revisionsOfChains>[0],
  chains: readonly store.StoredChain[],
): Promise<SignedRevisions> {
  const signedChains = chains
    .filter((c) => c.entries.some((e) => e.status === 'DONE' && !e.approver))
    .map((c) => c.chain.id);
  return signedRevisionsFrom(await revisionsOfChains(db, signedChains));
}

/** The maps of revisions given oldest first within each chain. */
function signedRevisionsFrom(
  revisions: Iterable<Pick<RevisionRow, 'id' | 'entryId' | 'chainId'>>,
): SignedRevisions {
  const byEntry = new Map<string, string>();
  const latestOfChain = new Map<string, string>();
  // Oldest first: the last one seen of a chain is its latest.
  for (const revision of revisions) {
    byEntry.set(revision.entryId, revision.id);
    latestOfChain.set(revision.chainId, revision.id);
  }
  return { byEntry, latestOfChain };
}

export function ruleChain(stored: store.StoredChain): RuleChain {
  return {
    status: stored.chain.status,
    type: stored.chain.type,
    createdById: stored.chain.createdBy,
    entries: stored.entries,
    viewerIds: stored.viewerIds,
  };
}

function person(user: DirectoryUser | null, email: string) {
  if (!user) return { id: null, firstName: null, lastName: null, email };
  return { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email };
}

/** Everyone a chain names: its creator, its entries' users and its viewers. */
function peopleOf(stored: store.StoredChain): string[] {
  return [
    stored.chain.createdBy,
    ...stored.entries.flatMap((e) => (e.userId ? [e.userId] : [])),
    ...stored.viewerIds,
  ];
}

async function toView(
  ctx: ChainContext,
  stored: store.StoredChain,
  subject: ChainSubject,
  actorId: string,
  /** The people of the chain when a page already looked them up together. */
  known?: Map<string, DirectoryUser>,
  /** The chain's signed revisions when a page already read them together. */
  knownRevisions?: SignedRevisions,
): Promise<Chain> {
  const { chain, entries, viewerIds } = stored;
  const users = known ?? (await ctx.users.findMany(peopleOf(stored)));
  const signed = knownRevisions ?? (await signedRevisionsOf(ctx.database.db, [stored]));
  const fileName = subject.document?.fileName ?? '';
  const revisionOf = (id: string | undefined) => (id ? { id, fileName } : null);
  const lookup = (id: string) => users.get(id) ?? null;
  const creator = lookup(chain.createdBy);
  return {
    id: chain.id,
    status: chain.status,
    type: chain.type,
    createdBy: person(creator, creator?.email ?? ''),
    comment: chain.comment,
    signatures: entries.map((entry) => ({
      id: entry.id,
      user: person(entry.userId ? lookup(entry.userId) : null, entry.email),
      status: entry.status,
      signedAt: entry.signedAt?.toISOString() ?? null,
      comment: entry.comment,
      approver: entry.approver,
      clerkMode: entry.clerkMode,
      subsignerName: entry.subsignerName,
      signedDocument: revisionOf(signed.byEntry.get(entry.id)),
    })),
    viewers: viewerIds.map((id) => {
      const viewer = lookup(id);
      return person(viewer, viewer?.email ?? '');
    }),
    ...subjectView(subject),
    signedDocument: revisionOf(signed.latestOfChain.get(chain.id)),
    currentSignatureId: actionableEntry(ruleChain(stored), actorId)?.id ?? null,
    signingTrailMode: chain.signingTrailMode,
    externalId: chain.externalId,
    createdAt: chain.createdAt.toISOString(),
    updatedAt: chain.updatedAt.toISOString(),
    signedAt: chain.signedAt?.toISOString() ?? null,
  };
}

/**
 * The chain's event to its creator and every participant, on both streams, on `tx`. Each hears
 * which of their list filters the chain now falls under, so the list can mark that chip.
 */
export async function announce(
  ctx: ChainContext,
  tx: Tx,
  name: EventName,
  stored: store.StoredChain,
) {
  // One statement for all of them: a chain of fifty signers is a hundred events per change.
  await ctx.events.publishAll(chainEvents(name, stored), tx);
}

/** The events `announce` publishes (for a statement that writes and publishes at once). */
export function chainEvents(name: EventName, stored: store.StoredChain) {
  const recipients = new Set<string>([stored.chain.createdBy, ...stored.viewerIds]);
  for (const entry of stored.entries) if (entry.userId) recipients.add(entry.userId);
  const rules = ruleChain(stored);
  return [...recipients].flatMap((userId) => {
    const payload = { chainId: stored.chain.id, filter: chainFilterOf(rules, userId) };
    return (['rdss', 'rssp'] as const).map((stream) => ({ name, stream, userId, payload }));
  });
}

const invalid = (fields: Record<string, string>) =>
  new AppError('VALIDATION_FAILED', 'Validation failed', fields);

/** Viewers must have an account, and the creator never views their own chain. */
async function resolveViewers(
  ctx: ChainContext,
  actor: AuthUser,
  emails: readonly string[],
  fields: Record<string, string>,
): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, email] of emails.entries()) {
    const viewer = await ctx.users.findByEmail(email);
    if (!viewer) fields[`viewerEmails.${index}`] = `User ${email} not found`;
    else if (viewer.id === actor.id)
      fields[`viewerEmails.${index}`] = 'The creator cannot be a viewer';
    else ids.push(viewer.id);
  }
  return ids;
}

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
  const planned: { stored: store.StoredChain; subject: ChainSubject }[] = [];
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

type ChainParts = Omit<CreateChain, 'origDocId' | 'batchId'>;

const roleNames: Record<ParticipantRole, string> = {
  CREATOR_AND_SIGNER: 'signer',
  SIGNER: 'signer',
  CLERK: 'clerk',
  APPROVER: 'approver',
  VIEWER: 'viewer',
};

/**
 * Why an entry cannot hold the role it asks for, or null: by the role toggle's rules (documents
 * §4, `mayHoldRole`), so a payload the create-chain form could not make is refused. A registered
 * participant must be enabled; an invited e-mail has no known roles.
 */
function entryRoleRefusal(
  ctx: ChainContext,
  actor: AuthUser,
  signer: ChainParts['signers'][number],
  user: DirectoryUser | null,
): string | null {
  const isSelf = user?.id === actor.id;
  const role = requestedRole(signer, isSelf);
  if (signer.clerkMode && !ctx.config.CLERK_ENABLED) return 'Clerk signing is not enabled';
  const enabled = user?.status === 'ENABLED';
  const allowed =
    (user === null || enabled) &&
    mayHoldRole({ email: signer.email, isSelf, roles: user ? user.roles : null }, role, {
      clerkEnabled: ctx.config.CLERK_ENABLED,
      // With user groups on, only an enabled registered user may take another role than the
      // one they start with (the create-chain form's fixed list of enabled users).
      ...(ctx.config.USER_GROUPS_ENABLED
        ? { enabledUsers: new Set(enabled ? [signer.email.toLowerCase()] : []) }
        : {}),
    });
  return allowed ? null : `${signer.email} cannot take part as ${roleNames[role]}`;
}

/**
 * A new chain over `subject`, checked but not stored. Registered participants are named by their
 * account; an e-mail without one becomes an invited signer entry.
 */
async function planChain(
  ctx: ChainContext,
  actor: AuthUser,
  input: ChainParts,
  subject: ChainSubject,
): Promise<store.StoredChain> {
  const fields: Record<string, string> = {};
  const chainId = randomUUID();
  const entries: ChainEntryRow[] = [];
  for (const [position, signer] of input.signers.entries()) {
    // The creator names themselves whether or not their address is confirmed yet.
    const user = sameAddress(signer.email, actor.email)
      ? await ctx.users.find(actor.id)
      : await ctx.users.findByEmail(signer.email);
    const refusal = entryRoleRefusal(ctx, actor, signer, user);
    if (refusal) fields[`signers.${position}.email`] = refusal;
    entries.push({
      id: randomUUID(),
      chainId,
      position,
      userId: user?.id ?? null,
      email: user?.email ?? signer.email,
      status: 'CREATED',
      approver: signer.approver,
      clerkMode: signer.clerkMode,
      subsignerName: signer.clerkMode ? (signer.subsignerName ?? null) : null,
      comment: null,
      signedAt: null,
    });
  }
  const viewerIds = await resolveViewers(ctx, actor, input.viewerEmails, fields);
  if (Object.keys(fields).length > 0) throw invalid(fields);
  if (entries.length === 0) throw invalid({ signers: chainMessages.noSigner });
  if (entries.some((entry) => entry.userId === null)) mayMailOthers(actor);

  const now = new Date();
  return {
    chain: {
      id: chainId,
      status: 'CREATED',
      type: input.type,
      createdBy: actor.id,
      comment: input.comment ?? null,
      origDocumentId: subject.document?.id ?? null,
      batchId: subject.batch?.row.id ?? null,
      signingTrailMode: input.signingTrailMode,
      externalId: input.externalId ?? null,
      externalCallbackUrl: input.externalCallbackUrl ?? null,
      createdAt: now,
      updatedAt: now,
      signedAt: null,
      deletedAt: null,
    },
    entries,
    viewerIds,
  };
}

async function insertAndAnnounce(
  ctx: ChainContext,
  tx: Tx,
  actor: AuthUser,
  stored: store.StoredChain,
  subject: ChainSubject,
  mails: { inviterName: string; isCounted?: boolean },
): Promise<void> {
  await store.insertChain(tx, stored);
  await inviteNewcomers(ctx, tx, stored, { actor, fileName: subjectName(subject), ...mails });
  await announce(ctx, tx, 'SIGNATURE_CHAIN_CREATED', stored);
}

/**
 * The inviter's account name for the mail's subject (issue 25 §5), read before the chain's
 * transaction: the directory reads on its own connection, which the transaction may hold.
 */
async function inviterNameOf(ctx: ChainContext, actor: AuthUser): Promise<string> {
  return (await ctx.users.find(actor.id))?.name ?? actor.email;
}

/** The entries of e-mails without an account that still wait to be taken up. */
function newcomersOf(stored: store.StoredChain): ChainEntryRow[] {
  return stored.entries.filter((e) => e.userId === null && e.status === 'CREATED');
}

/**
 * Mails each entry of an e-mail without an account the link that lets its reader take the entry
 * up. Sent before the chain commits: a mail that cannot go out leaves no chain behind. The mails
 * are counted against the actor's day first, and a resend is refused within the hour
 * (`invitation-caps.ts`): a refusal sends and stores nothing.
 */
async function inviteNewcomers(
  ctx: ChainContext,
  tx: Tx,
  stored: store.StoredChain,
  about: {
    actor: AuthUser;
    inviterName: string;
    fileName: string;
    isResend?: boolean;
    isCounted?: boolean;
  },
): Promise<void> {
  const newcomers = newcomersOf(stored);
  if (newcomers.length === 0) return;
  const ids = newcomers.map((entry) => entry.id);
  if (about.isResend) await refuseEarlyResend(tx, ids);
  if (!about.isCounted) {
    await countInvitationMails(tx, ctx.config, about.actor.id, newcomers.length);
  }
  for (const entry of newcomers) {
    // A new link replaces any earlier one: only the latest mail works.
    await store.dropInvitationsOf(tx, entry.id);
    const { token, hash } = newLinkToken();
    const expiresAt = new Date(Date.now() + invitationDays * 24 * 60 * 60 * 1000);
    await store.insertInvitation(tx, { tokenHash: hash, entryId: entry.id, expiresAt });
    await sendOrUnavailable(
      ctx.mailer,
      chainInvitationMail({
        to: entry.email,
        inviter: {
          name: about.inviterName,
          email: about.actor.email,
          locale: about.actor.locale,
        },
        fileName: about.fileName,
        comment: stored.chain.comment,
        link: chainInvitationLink(ctx.config.publicUrl, token),
        days: invitationDays,
      }),
    );
  }
  if (about.isResend) await markResent(tx, ids);
}

/** The chain for one of its participants; anyone else (and a deleted chain) is NOT_FOUND. */
async function visible(
  db: Parameters<typeof store.findChain>[0],
  actor: AuthUser,
  id: string,
  lock = false,
): Promise<{ stored: store.StoredChain; subject: ChainSubject }> {
  const stored = await store.findChain(db, id, { lock });
  if (!stored || !isParticipant(ruleChain(stored), actor.id)) throw notFound('Signature chain');
  return { stored, subject: await loadSubject(db, stored.chain) };
}

export async function getChain(options: {
  ctx: ChainContext;
  actor: AuthUser;
  id: string;
}): Promise<Chain> {
  const { ctx, actor, id } = options;
  const { stored, subject } = await visible(ctx.database.db, actor, id);
  return toView(ctx, stored, subject, actor.id);
}

export async function listOwnChains(options: {
  ctx: ChainContext;
  actor: AuthUser;
  query: OwnChainListQuery;
}): Promise<ChainPage> {
  const { ctx, actor, query } = options;
  return pageView(ctx, await store.listOwnChains(ctx.database.db, actor.id, query), actor.id);
}

async function pageView(
  ctx: ChainContext,
  page: store.ChainPageRows,
  actorId: string,
): Promise<ChainPage> {
  // One lookup of everyone the page names (and of its batches' documents), not one per chain;
  // the signed revisions came with the page's rows.
  const [users, subjects] = await Promise.all([
    ctx.users.findMany(page.chains.flatMap((listed) => peopleOf(listed.stored))),
    subjectsOfPage(ctx.database.db, page.chains),
  ]);
  const signed = signedRevisionsFrom(
    page.chains.flatMap((listed) =>
      listed.revisions.map((r) => ({ ...r, chainId: listed.stored.chain.id })),
    ),
  );
  const content = await Promise.all(
    page.chains.map(({ stored }) =>
      toView(ctx, stored, subjects.get(stored.chain.id)!, actorId, users, signed),
    ),
  );
  return {
    content,
    total: page.total,
    ...(page.totalIsLowerBound ? { totalIsLowerBound: true } : {}),
  };
}

/**
 * A change of one chain under its row lock: `change` checks the rules on the locked state and
 * writes; the event goes out on the same transaction. Two racing changes take turns, and the
 * second one meets the state the first left.
 */
async function changeChain(
  ctx: ChainContext,
  actor: AuthUser,
  id: string,
  event: EventName,
  change: (tx: Tx, stored: store.StoredChain) => Promise<void>,
): Promise<Chain> {
  const db = ctx.database.db;
  const subject = await db.transaction(async (tx) => {
    const visibleChain = await visible(tx, actor, id, true);
    await change(tx, visibleChain.stored);
    await announce(ctx, tx, event, visibleChain.stored);
    return visibleChain.subject;
  });
  const { stored } = await visible(db, actor, id);
  return toView(ctx, stored, subject, actor.id);
}

/** The creator takes back a chain nobody has finished: open entries end WITHDRAWN. */
export async function withdrawChain(options: {
  ctx: ChainContext;
  actor: AuthUser;
  id: string;
}): Promise<Chain> {
  const { ctx, actor, id } = options;
  return changeChain(ctx, actor, id, 'SIGNATURE_CHAIN_WITHDRAWN', async (tx, stored) => {
    if (stored.chain.createdBy !== actor.id) throw forbidden('Only the creator withdraws a chain');
    if (!canWithdraw(ruleChain(stored), actor.id)) {
      throw new AppError('INVALID_REQUEST', 'Only a chain in status CREATED can be withdrawn');
    }
    await store.closeOpenEntries(tx, stored.chain.id, 'WITHDRAWN');
    await store.updateChain(tx, stored.chain.id, { status: 'FAILED' });
  });
}

/** The entry named must be the caller's one that may act now. */
function ownActionable(stored: store.StoredChain, actor: AuthUser, decision: ChainDecision) {
  const entry = actionableEntry(ruleChain(stored), actor.id);
  if (!entry || entry.id !== decision.currentSignatureId) {
    throw new AppError('INVALID_REQUEST', 'This signature cannot be decided on now');
  }
  return entry;
}

/** A participant declines with an optional reason: the chain fails. */
export async function declineChain(options: {
  ctx: ChainContext;
  actor: AuthUser;
  id: string;
  decision: ChainDecision;
}): Promise<Chain> {
  const { ctx, actor, id, decision } = options;
  return changeChain(ctx, actor, id, 'SIGNATURE_CHAIN_UPDATED', async (tx, stored) => {
    const entry = ownActionable(stored, actor, decision);
    if (!canDecline(ruleChain(stored), actor.id)) {
      throw forbidden('The creator cannot decline their own chain');
    }
    await store.updateEntry(tx, entry.id, {
      status: 'DECLINED',
      comment: decision.comment ?? null,
    });
    await store.updateChain(tx, stored.chain.id, { status: 'FAILED' });
  });
}

/** An approver approves: their entry is done, and the chain when every entry is. */
export async function approveChain(options: {
  ctx: ChainContext;
  actor: AuthUser;
  id: string;
  decision: ChainDecision;
}): Promise<Chain> {
  const { ctx, actor, id, decision } = options;
  return changeChain(ctx, actor, id, 'SIGNATURE_CHAIN_UPDATED', async (tx, stored) => {
    const entry = ownActionable(stored, actor, decision);
    if (!canApprove(ruleChain(stored), actor.id)) {
      throw new AppError('INVALID_REQUEST', 'Only an approver approves; a signer signs');
    }
    const now = new Date();
    await store.updateEntry(tx, entry.id, {
      status: 'DONE',
      comment: decision.comment ?? null,
      signedAt: now,
    });
    const allDone = stored.entries.every((e) => e.id === entry.id || e.status === 'DONE');
    if (allDone) await store.updateChain(tx, stored.chain.id, { status: 'DONE', signedAt: now });
    else await store.updateChain(tx, stored.chain.id, {});
  });
}

/** The creator, or an admin from All Documents, moves a completed chain to the recycle bin. */
export async function softDeleteChain(options: {
  ctx: ChainContext;
  actor: AuthUser;
  id: string;
}): Promise<void> {
  const { ctx, actor, id } = options;
  await ctx.database.db.transaction(async (tx) => {
    const isAdmin = actor.roles.includes('admin');
    const stored = isAdmin
      ? await store.findChain(tx, id, { lock: true })
      : (await visible(tx, actor, id, true)).stored;
    if (!stored) throw notFound('Signature chain');
    if (!isAdmin && stored.chain.createdBy !== actor.id) {
      throw forbidden('Only the creator deletes a chain');
    }
    if (!canDelete(ruleChain(stored), stored.chain.createdBy)) {
      throw new AppError('INVALID_REQUEST', 'The chain is not completed');
    }
    await store.updateChain(tx, stored.chain.id, { deletedAt: new Date() });
    await announce(ctx, tx, 'SIGNATURE_CHAIN_DELETED', stored);
  });
}

/** All Documents and the recycle bin (the route checks the admin role). */
export async function listAllChains(options: {
  ctx: ChainContext;
  actor: AuthUser;
  query: AdminChainListQuery;
}): Promise<ChainPage> {
  const { ctx, actor, query } = options;
  return pageView(ctx, await store.listAllChains(ctx.database.db, query), actor.id);
}

/** The creator's chain with this external id (for systems that created it through the API). */
export async function getChainByExternalId(options: {
  ctx: ChainContext;
  actor: AuthUser;
  externalId: string;
}): Promise<Chain> {
  const { ctx, actor, externalId } = options;
  const stored = await store.findChainByExternalId(ctx.database.db, actor.id, externalId);
  if (!stored) throw notFound('Signature chain');
  return getChain({ ctx, actor, id: stored.chain.id });
}

/** The creator replaces the viewers; old and new viewers hear of it. */
export async function updateChainViewers(options: {
  ctx: ChainContext;
  actor: AuthUser;
  id: string;
  input: UpdateChainViewers;
}): Promise<Chain> {
  const { ctx, actor, id, input } = options;
  const fields: Record<string, string> = {};
  const viewerIds = await resolveViewers(ctx, actor, input.viewerEmails, fields);
  if (Object.keys(fields).length > 0) throw invalid(fields);
  return changeChain(ctx, actor, id, 'SIGNATURE_CHAIN_UPDATED', async (tx, stored) => {
    if (stored.chain.createdBy !== actor.id) throw forbidden('Only the creator changes viewers');
    refuseTooManyParticipants(ctx.config, stored.entries.length + new Set(viewerIds).size);
    const taken = new Set(stored.entries.map((e) => e.userId));
    const clash = viewerIds.findIndex((viewer) => taken.has(viewer));
    if (clash >= 0) throw invalid({ [`viewerEmails.${clash}`]: 'Already takes part in the chain' });
    await store.replaceViewers(tx, stored.chain.id, [...new Set(viewerIds)]);
    await store.updateChain(tx, stored.chain.id, {});
    // Old and new viewers alike hear of it.
    stored.viewerIds = [...new Set([...stored.viewerIds, ...viewerIds])];
  });
}

/** The creator mails the invited e-mails that have not taken their entry up a new link. */
export async function resendInvitations(options: {
  ctx: ChainContext;
  actor: AuthUser;
  id: string;
}): Promise<void> {
  const { ctx, actor, id } = options;
  const inviterName = await inviterNameOf(ctx, actor);
  await ctx.database.db.transaction(async (tx) => {
    const { stored, subject } = await visible(tx, actor, id, true);
    if (stored.chain.createdBy !== actor.id)
      throw forbidden('Only the creator resends invitations');
    mayMailOthers(actor);
    await inviteNewcomers(ctx, tx, stored, {
      actor,
      inviterName,
      fileName: subjectName(subject),
      isResend: true,
    });
  });
}

/** The admin deletes a chain in the recycle bin for good, with its signed revisions. */
export async function deleteChainForGood(options: {
  ctx: ChainContext;
  id: string;
}): Promise<void> {
  const { ctx, id } = options;
  const revisionIds = await ctx.database.db.transaction(async (tx) => {
    const stored = await store.findChain(tx, id, { lock: true, inRecycleBin: true });
    if (!stored) throw notFound('Signature chain in the recycle bin');
    const revisions = await revisionsOfChains(tx, [id]);
    await store.deleteChain(tx, id);
    await announce(ctx, tx, 'SIGNATURE_CHAIN_DELETED', stored);
    return revisions.map((r) => r.id);
  });
  // Increments kept as files go after their rows (in the database they went with them).
  await Promise.all(revisionIds.map((revisionId) => ctx.increments?.remove(revisionId)));
}
