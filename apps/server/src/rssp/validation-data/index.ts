// validation-data/: Certificates, OCSP answers and CRLs fetched for a signature's validation data
// (B-LT). Its public face: what the rest of the service may use of it.
export { createValidationDataSource } from './validation-data';
