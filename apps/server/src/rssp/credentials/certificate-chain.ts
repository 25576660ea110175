import { AppError } from '#infra/app-error';
import { certificateParts, DerError, readCertificates, type CertificateParts } from '@signet/der';
import { describeCertificate } from './certificate-view';
import { verifySignature } from '../keys';

function invalid(message: string): AppError {
  return new AppError('INVALID_REQUEST', message);
}

/** Reads every uploaded certificate; INVALID_REQUEST names the one that is not a certificate. */
export function parseUploadedCertificates(inputs: string[]): CertificateParts[] {
  const out: CertificateParts[] = [];
  inputs.forEach((input, index) => {
    let blocks: Buffer[];
    try {
      blocks = readCertificates(input);
    } catch (error) {
      if (error instanceof DerError)
        throw invalid(`Certificate ${index + 1} is not a PEM or DER certificate`);
      throw error;
    }
    for (const block of blocks) {
      try {
        describeCertificate(block);
      } catch {
        throw invalid(`Certificate ${index + 1} cannot be read`);
      }
      const parts = certificateParts(block);
      if (!out.some((c) => c.der.equals(parts.der))) out.push(parts);
    }
  });
  return out;
}

function isIssuedBy(cert: CertificateParts, issuer: CertificateParts): boolean {
  return (
    cert.issuer.equals(issuer.subject) &&
    verifySignature({
      spki: issuer.spki,
      signatureAlgorithm: cert.signatureAlgorithm,
      data: cert.tbs,
      signature: cert.signature,
    })
  );
}

/**
 * Orders uploaded certificates end-entity first and checks them: the first holds the
 * credential's public key, each is issued by (and its signature verifies with) the next, and
 * nothing unrelated is left over. EMPTY_CERTIFICATE_CHAIN when there is none.
 */
export function buildCertificateChain(inputs: string[], credentialSpki: Buffer): Buffer[] {
  const certs = parseUploadedCertificates(inputs);
  if (certs.length === 0) {
    throw new AppError('EMPTY_CERTIFICATE_CHAIN', 'The certificate chain is empty');
  }
  const first = certs.find((c) => c.spki.equals(credentialSpki));
  if (!first) {
    throw invalid("No certificate holds the credential's public key");
  }
  const chain = [first];
  const rest = certs.filter((c) => c !== first);
  for (let current = first; rest.length > 0;) {
    if (current.issuer.equals(current.subject) && isIssuedBy(current, current)) break; // root
    const index = rest.findIndex((c) => isIssuedBy(current, c));
    if (index < 0) break;
    const [next] = rest.splice(index, 1);
    if (!next) break;
    chain.push(next);
    current = next;
  }
  if (rest.length > 0) {
    throw invalid(
      `${rest.length} certificate(s) did not issue the chain: each certificate must be issued by the next`,
    );
  }
  return chain.map((c) => c.der);
}
