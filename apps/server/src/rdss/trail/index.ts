// trail/: The signing trail of a chain: its content, its DETACHED document and each signature's
// trail. Its public face: what the rest of the service may use of it.
export { trailForSignature } from './sign-trail';
export { signedHistoryEvent, toChainHistoryEvent } from './signed-history-event';
export { loadSigningTrailInput } from './signing-trail-content';
export {
  initialTrail,
  insertTrailDocument,
  prepareTrailDocument,
  trailFileName,
  type TrailDocumentJob,
} from './trail-document';
