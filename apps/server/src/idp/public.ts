/**
 * The identity provider's published interface: what the composition root and the other
 * services may use. Everything else in idp/ is internal (the lint border rule enforces it).
 */
export { idpAccountUrls } from './account-urls';
export { endAccountSessions } from './account-store';
export { bootstrapIdp } from './bootstrap';
export { embeddedKeySource } from './embedded-token-keys';
export { idpPlugin } from './idp-plugin';
export { resendEmailConfirmation } from './account-service';
