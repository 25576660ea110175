// The public face of trail-layout/: what the rest of the service may use of it.
export {
  TrailWriter,
  oneLine,
  renderSigningTrail,
  trailDocument,
  utc,
  type SigningTrailInput,
} from './signing-trail-render';
export { sampleTrail } from './trail-warm-up';
