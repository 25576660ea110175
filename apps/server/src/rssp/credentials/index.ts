// credentials/: Credentials: create, list, change, delete, enroll certificates; their routes and
// views. Its public face: what the rest of the service may use of it.
export { credentialRoutes } from './credential-routes';
