/**
 * The document signing service's published interface: what the composition root and the other
 * services may use. Everything else in rdss/ is internal (the lint border rule enforces it).
 */
export { rdssPlugin } from './rdss-plugin';
export { countOwnChains } from './own-chain-list';
export { deleteProfilesOfUser } from './signature-profile-store';
export { bindEntriesWaitingFor } from './waiting-entries';
export { callbackDocs } from './callback-docs';
