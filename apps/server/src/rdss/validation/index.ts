// The public face of validation/: what the rest of the service may use of it.
export { readTrustAnchorsFile } from './trust-anchors';
export { createValidationBudget } from './validation-budget';
export { validationRoutes } from './validation-routes';
