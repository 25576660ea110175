/**
 * The identity provider's published interface: what the composition root and the other
 * services may use. Everything else in idp/ is internal (the lint border rule enforces it).
 */
export { idpAccountUrls } from './accounts';
export { endAccountSessions } from './accounts';
export { bootstrapIdp } from './accounts';
export { embeddedKeySource } from './provider';
export { idpPlugin } from './idp-plugin';
export { resendEmailConfirmation } from './accounts';
