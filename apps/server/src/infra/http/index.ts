// http/: Bearer tokens, roles, error answers, headers, client addresses, the event streams, TLS
// and the web app's files.
// Its public face: what the rest of the service may use of it.
export {
  algorithms,
  createAccessTokenVerifier,
  externalKeySource,
  requiredClaims,
  unauthorized,
  type KeySource,
} from './access-token';
export { addressBudgetKey } from './address-budget';
export { authenticate, authenticateToken, bearerToken, requireRole } from './auth';
export { clientGone } from './client-gone';
export { registerErrorHandler } from './error-handler';
export { registerEventStream } from './event-stream';
export { registerNulGuard } from './nul-guard';
export { isAmbiguousUrl, isPublicAddress } from './public-address';
export { registerSecurityHeaders } from './security-headers';
export { readTlsFiles, withTls, type TlsFiles } from './tls';
export { registerWebApp } from './web-app';
