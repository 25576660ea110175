import { randomUUID } from 'node:crypto';
import { chainMessages, type CreateChain } from '@signet/contracts/chains';
import {
  mayHoldRole,
  requestedRole,
  type ParticipantRole,
} from '@signet/contracts/participant-roles';
import { AppError } from '#infra/app-error';
import type { AuthUser, DirectoryUser } from '#infra/auth-types';
import { mayMailOthers, sameAddress, type ChainContext, type ChainSubject } from '../chains';
import type { ChainEntryRow, StoredChain } from '../schema';

export const invalid = (fields: Record<string, string>) =>
  new AppError('VALIDATION_FAILED', 'Validation failed', fields);

/** Viewers must have an account, and the creator never views their own chain. */
export async function resolveViewers(
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
export async function planChain(
  ctx: ChainContext,
  actor: AuthUser,
  input: ChainParts,
  subject: ChainSubject,
): Promise<StoredChain> {
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
      remindedAt: null,
    });
  }
  const viewerIds = await resolveViewers(ctx, actor, input.viewerEmails, fields);
  const dueAt = input.dueAt === undefined ? null : new Date(input.dueAt);
  if (dueAt && dueAt.getTime() <= Date.now()) fields.dueAt = chainMessages.dueInPast;
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
      signingTrailMode: input.signingTrailMode ?? 'NONE',
      trailDocumentId: null,
      endedReason: null,
      dueAt,
      withdrawReason: null,
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
