// The public face of context/: what the rest of the service may use of it.
export type { CertificateAuthority, EnrollmentRequest } from './certificate-authority';
export type { RsspContext } from './rssp-context';
