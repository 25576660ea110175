// The public face of credentials/: what the rest of the service may use of it.
export { credentialRoutes } from './credential-routes';
