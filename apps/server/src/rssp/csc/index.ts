// csc/: The Cloud Signature Consortium API v1 and v2, its OAuth 2.0 and its clients. Its public
// face: what the rest of the service may use of it.
export { cscAdminRoutes } from './csc-admin-routes';
export { createCscDeps, cscPlugin } from './csc-plugin';
export { endCscGrantsOfUser } from './csc-token-store';
