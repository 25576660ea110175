import type { Chain } from '@signet/contracts/chains';

/** A person's full name, or their e-mail when they have none. */
export function personName(person: {
  firstName: string | null;
  lastName: string | null;
  email: string;
}): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email;
}

/** The name a chain goes by in lists: its document's file name, or its batch's name. */
export function chainFileName(chain: Chain): string {
  return chain.origDocument?.fileName ?? chain.batch?.name ?? '';
}

/** The documents a chain is over: its one document, or every document of its batch. */
export function chainDocuments(chain: Chain) {
  return chain.origDocument ? [chain.origDocument] : (chain.batch?.documents ?? []);
}

/** The document the signing routes open on (the first of a batch). */
export function leadDocumentId(chain: Chain): string {
  return chainDocuments(chain)[0]?.id ?? '';
}

/**
 * The document as it stands: the chain's latest signed revision once anything is signed, else
 * its upload (a batch's first document).
 */
export function currentDocumentId(chain: Chain): string {
  return chain.signedDocument?.id ?? leadDocumentId(chain);
}

/** A thumbnail's title is cut at 16 characters (documents §9). */
export function shortTitle(name: string, max = 16): string {
  return name.length > max ? `${name.slice(0, max - 1)}…` : name;
}

/** The caller's own entry, when they have one. */
export function ownEntry(chain: Chain, userId: string) {
  return chain.signatures.find((s) => s.user.id === userId) ?? null;
}

/** The routes signing and approving open on (documents §2 route table). */
export const chainRoutes = {
  sign: (chain: Chain, entryId: string) =>
    `/document/${leadDocumentId(chain)}/customization/signature/${chain.id}/${entryId}`,
  clerk: (chain: Chain, entryId: string) =>
    `/document/${leadDocumentId(chain)}/clerk/${chain.id}/${entryId}`,
  approve: (chain: Chain, entryId: string) =>
    `/document/${leadDocumentId(chain)}/approve-customization/${chain.id}/${entryId}`,
  list: (filter?: string) => (filter ? `/signatureChains/list/${filter}` : '/signatureChains/list'),
  upload: '/signatureChains/upload',
  /** The validation page on the chain's document as it stands (issue 27 §3). */
  validate: (chain: Chain) => `/validate?chain=${encodeURIComponent(chain.id)}`,
  /** Batch signing of several chains (documents §2). */
  multiSign: '/document/multi/customization/',
  /** A bulk chain: its container (documents §2 container signing). */
  container: (chain: Chain, entryId: string) =>
    `/document/asic/customization/?${new URLSearchParams({ signatureId: chain.id, currentSignatureId: entryId }).toString()}`,
};

/** Where the caller acts on their entry: approve, sign as a clerk, or sign. */
export function actionRoute(chain: Chain, entry: Chain['signatures'][number]): string {
  if (entry.approver) return chainRoutes.approve(chain, entry.id);
  if (entry.clerkMode) return chainRoutes.clerk(chain, entry.id);
  if (!chain.origDocument && chain.batch) return chainRoutes.container(chain, entry.id);
  return chainRoutes.sign(chain, entry.id);
}
