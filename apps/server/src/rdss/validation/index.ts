// validation/: Validation of signed PDFs and containers: the service, its budget, report and
// rendered report. Its public face: what the rest of the service may use of it.
export { readTrustAnchorsFile } from './trust-anchors';
export { createValidationBudget } from './validation-budget';
export { validationRoutes } from './validation-routes';
