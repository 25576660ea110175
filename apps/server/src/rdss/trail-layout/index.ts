// trail-layout/: The trail's pages laid out: the renderer, its labels, fonts and warm-up samples.
// Its public face: what the rest of the service may use of it.
export {
  TrailWriter,
  oneLine,
  renderSigningTrail,
  trailDocument,
  utc,
  type SigningTrailInput,
} from './signing-trail-render';
export { sampleTrail } from './trail-warm-up';
