// The public face of validation-data/: what the rest of the service may use of it.
export { createValidationDataSource } from './validation-data';
