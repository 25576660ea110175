// ca/: The embedded CA and an external one over CMP: issuing, OCSP, CRLs and their routes. Its
// public face: what the rest of the service may use of it.
export { createCaRevocation, type CaRevocation } from './ca-revocation';
export { embeddedCaRoots } from './ca-roots';
export { caRoutes } from './ca-routes';
export { loadEmbeddedCa } from './embedded-ca';
export { loadExternalCa } from './external-ca';
