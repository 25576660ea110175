// The public face of tsa/: what the rest of the service may use of it.
export { createTimestampClient, type TimestampClient } from './tsa-client';
export { tsaRoutes } from './tsa-routes';
