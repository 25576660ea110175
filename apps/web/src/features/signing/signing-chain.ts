import type { Chain } from '@signet/contracts/chains';

/** Where signing, declining and cancelling return to (D§2: the chain list). */
export const listPath = '/signatureChains/list';

/** A person's full name, or their e-mail when they have none. */
export function personName(person: {
  firstName: string | null;
  lastName: string | null;
  email: string;
}): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email;
}

/** The name a chain goes by: its document's file name, or its batch's name. */
export function chainFileName(chain: Chain): string {
  return chain.origDocument?.fileName ?? chain.batch?.name ?? '';
}

/**
 * The revision the signer signs on and sees: the latest signed one, or the original before the
 * first signature (the first document of a batch).
 */
export function previewDocumentId(chain: Chain): string {
  return chain.signedDocument?.id ?? chain.origDocument?.id ?? chain.batch?.documents[0]?.id ?? '';
}

/** The document a PDF password belongs to (documentsOptions names the original). */
export function originalDocumentId(chain: Chain): string {
  return chain.origDocument?.id ?? chain.batch?.documents[0]?.id ?? '';
}
