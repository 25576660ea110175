// The public face of csc/: what the rest of the service may use of it.
export { cscAdminRoutes } from './csc-admin-routes';
export { createCscDeps, cscPlugin } from './csc-plugin';
