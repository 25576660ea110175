// The public face of trail/: what the rest of the service may use of it.
export { trailForSignature } from './sign-trail';
export { signedHistoryEvent, toChainHistoryEvent } from './signed-history-event';
export { loadSigningTrailInput } from './signing-trail-content';
export {
  initialTrail,
  insertTrailDocument,
  prepareTrailDocument,
  type TrailDocumentJob,
} from './trail-document';
