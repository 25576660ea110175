// context/: What the rSSP's rooms share: its context and the certificate authority's shape. Its
// public face: what the rest of the service may use of it.
export type { CertificateAuthority, EnrollmentRequest } from './certificate-authority';
export type { RsspContext } from './rssp-context';
export { ownedResourceRoutes } from './owned-routes';
