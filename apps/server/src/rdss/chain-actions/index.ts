// chain-actions/: What people do to chains: create, plan, decide, delete, invite, list signatures;
// their routes. Its public face: what the rest of the service may use of it.
export { chainRoutes } from './chain-routes';
export { chainSignatureRoutes } from './chain-signature-routes';
export { bindEntriesWaitingFor } from './waiting-entries';
