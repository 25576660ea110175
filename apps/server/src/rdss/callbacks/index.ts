// The public face of callbacks/: what the rest of the service may use of it.
export { refuseUnusableCallbackUrl } from './callback-address';
export { startCallbackDelivery } from './callback-delivery';
export { callbackDocs } from './callback-docs';
export { callbackRoutes } from './callback-routes';
