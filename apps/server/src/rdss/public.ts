/**
 * The document signing service's published interface: what the composition root and the other
 * services may use. Everything else in rdss/ is internal (the lint border rule enforces it).
 */
export { rdssPlugin } from './rdss-plugin';
export { countOwnChains } from './chains';
export { deleteProfilesOfUser } from './profiles';
export { bindEntriesWaitingFor } from './chain-actions';
export { callbackDocs, removeCallbackSecret } from './callbacks';
