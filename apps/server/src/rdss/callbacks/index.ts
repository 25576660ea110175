// callbacks/: Callbacks to a chain's externalCallbackUrl: the outbox, delivery, retries, the
// admin's list and creators' own secrets. Its public face: what the rest of the service may use
// of it.
export { refuseUnusableCallbackUrl } from './callback-address';
export { startCallbackDelivery } from './callback-delivery';
export { callbackDocs } from './callback-docs';
export { callbackRoutes } from './callback-routes';
export { callbackSecretRoutes } from './callback-secret-routes';
export { removeCallbackSecret, rewrapCallbackSecrets } from './callback-secrets';
