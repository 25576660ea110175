import { X509Certificate } from 'node:crypto';
import type { Certificate } from '@signet/contracts/credentials';
import { toPem } from '@signet/der';

function commonName(name: string): string {
  const line = name.split('\n').find((l) => l.startsWith('CN='));
  return line ? line.slice(3) : name.replaceAll('\n', ', ');
}

const dayMs = 86_400_000;

/** The certificate as the UI shows it (§3). */
export function describeCertificate(bytes: Buffer, now = new Date()): Certificate {
  const x509 = new X509Certificate(bytes);
  const validTo = new Date(x509.validTo);
  return {
    issuedTo: commonName(x509.subject),
    issuedBy: commonName(x509.issuer),
    subject: x509.subject.split('\n').reverse().join(', '),
    issuer: x509.issuer.split('\n').reverse().join(', '),
    validFrom: new Date(x509.validFrom).toISOString(),
    validTo: validTo.toISOString(),
    serialNum: x509.serialNumber.toUpperCase(),
    pem: toPem('CERTIFICATE', bytes),
    daysLeft: Math.floor((validTo.getTime() - now.getTime()) / dayMs),
  };
}
