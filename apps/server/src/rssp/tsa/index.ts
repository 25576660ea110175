// tsa/: Signet's RFC 3161 time-stamping authority and the client of an outside one. Its public
// face: what the rest of the service may use of it.
export { createTimestampClient, type TimestampClient } from './tsa-client';
export { tsaRoutes } from './tsa-routes';
