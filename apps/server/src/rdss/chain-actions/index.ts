// The public face of chain-actions/: what the rest of the service may use of it.
export { chainRoutes } from './chain-routes';
export { chainSignatureRoutes } from './chain-signature-routes';
export { bindEntriesWaitingFor } from './waiting-entries';
