import { readFileSync } from 'node:fs';
import { fromPem, parseCertificate } from '@signet/der';

/**
 * The certificates of `TRUST_ANCHORS_FILE` (decision 039): one DER certificate, or PEM with one
 * or more. Read once at start; a file that is set but holds no readable certificate stops the
 * start, so a typo never silently trusts nothing.
 */
export function readTrustAnchorsFile(path: string): Uint8Array[] {
  if (path === '') return [];
  const bytes = readFileSync(path);
  const text = bytes.toString('latin1');
  const certificates = text.includes('-----BEGIN CERTIFICATE-----')
    ? fromPem(text, 'CERTIFICATE')
    : [bytes];
  if (certificates.length === 0) throw new Error(`TRUST_ANCHORS_FILE ${path} holds no certificate`);
  for (const der of certificates) {
    try {
      parseCertificate(der);
    } catch (error) {
      throw new Error(`TRUST_ANCHORS_FILE ${path} holds a certificate that cannot be read`, {
        cause: error,
      });
    }
  }
  return certificates.map((der) => new Uint8Array(der));
}

/** The subject of each anchor, as the report names them. */
export function anchorSubjects(anchors: readonly Uint8Array[]): string[] {
  return anchors.map((der) => parseCertificate(der).subjectName);
}
