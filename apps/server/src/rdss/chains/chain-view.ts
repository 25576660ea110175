import { actionableEntry } from '@signet/contracts/chain-rules';
import type { Chain, ChainPage } from '@signet/contracts/chains';
import type { DirectoryUser } from '#infra/auth-types';
import type { ChainContext } from './chain-context';
import type { ChainPageRows } from './chain-page-query';
import { subjectsOfPage, subjectView, type ChainSubject } from './chain-subject';
import { revisionsOfChains } from '../documents';
import { type RevisionRow, asOfNow, peopleOf, ruleChain, type StoredChain } from '../schema';

/** Revision ids by the entry that signed them, and each chain's latest. */
interface SignedRevisions {
  byEntry: Map<string, string>;
  latestOfChain: Map<string, string>;
}

/** One query for the chains that have a signed entry; none when nobody has signed yet. */
async function signedRevisionsOf(
  db: Parameters<typeof revisionsOfChains>[0],
  chains: readonly StoredChain[],
): Promise<SignedRevisions> {
  const signedChains = chains
    .filter((c) => c.entries.some((e) => e.status === 'DONE' && !e.approver))
    .map((c) => c.chain.id);
  // A detached signing trail's revisions are its own document's, not the chain's document's.
  const trails = new Set(chains.map((c) => c.chain.trailDocumentId).filter((id) => id !== null));
  const revisions = await revisionsOfChains(db, signedChains);
  return signedRevisionsFrom(revisions.filter((r) => !trails.has(r.documentId)));
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

function person(user: DirectoryUser | null, email: string) {
  if (!user) return { id: null, firstName: null, lastName: null, email };
  return { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email };
}

export async function toView(
  ctx: ChainContext,
  stored: StoredChain,
  subject: ChainSubject,
  actorId: string,
  /** The people of the chain when a page already looked them up together. */
  known?: Map<string, DirectoryUser>,
  /** The chain's signed revisions when a page already read them together. */
  knownRevisions?: SignedRevisions,
): Promise<Chain> {
  // Past its due date a chain answers as expired, even before the sweep writes it.
  stored = asOfNow(stored);
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
    endedReason: chain.endedReason,
    dueAt: chain.dueAt?.toISOString() ?? null,
    withdrawReason: chain.withdrawReason,
    externalId: chain.externalId,
    createdAt: chain.createdAt.toISOString(),
    updatedAt: chain.updatedAt.toISOString(),
    signedAt: chain.signedAt?.toISOString() ?? null,
  };
}

export async function pageView(
  ctx: ChainContext,
  page: ChainPageRows,
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
