import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  certificateParts,
  certReqMessages,
  certRequest,
  cmpBody,
  encodeName,
  fromPem,
  toPem,
  X509_OID,
  type NameAttribute,
} from '@signet/der';
import type { Config } from '#infra/config';
import { cmpEnroll, type CmpClientOptions } from './cmp-client';
import { cmpProtectionFromConfig } from './cmp-protection';
import { caFailure } from './cmp-status';
import type { CertificateAuthority, EnrollmentRequest } from '../context';

/** Short names of `/O=…/CN=…` names (OpenSSL's notation). */
const nameOids: Record<string, string> = {
  C: X509_OID.countryName,
  ST: '2.5.4.8',
  L: '2.5.4.7',
  O: '2.5.4.10',
  OU: '2.5.4.11',
  CN: X509_OID.commonName,
  serialNumber: X509_OID.serialNumber,
  emailAddress: X509_OID.emailAddress,
};

/** DER Name of `/O=Example/CN=Issuing CA` (empty for an empty text). */
export function parseSlashName(text: string): Buffer {
  const attributes: NameAttribute[] = [];
  for (const part of text.split('/').filter((p) => p.trim() !== '')) {
    const [key = '', ...value] = part.split('=');
    const oid = nameOids[key.trim()];
    if (!oid || value.length === 0) throw new Error(`CMP_RECIPIENT: cannot read "${part}"`);
    attributes.push({ oid, value: value.join('=').trim() });
  }
  return encodeName(attributes);
}

/**
 * Orders the issued certificate and the CA certificates the answer carried (caPubs, extraCerts)
 * and the configured CA certificate into a chain, end-entity first: each next one issued the
 * previous; certificates outside the chain (the CMP server's own) are left out.
 */
export function assembleChain(certificate: Buffer, pool: Buffer[]): Buffer[] {
  const chain = [certificate];
  const candidates = pool
    .filter((der, i) => pool.findIndex((other) => other.equals(der)) === i)
    .map((der) => ({ der, x509: new X509Certificate(der) }));
  let current = new X509Certificate(certificate);
  for (let depth = 0; depth < 8; depth++) {
    if (current.checkIssued(current) && current.verify(current.publicKey)) break;
    const issuer = candidates.find(
      (c) =>
        !chain.some((d) => d.equals(c.der)) &&
        current.checkIssued(c.x509) &&
        current.verify(c.x509.publicKey),
    );
    if (!issuer) break;
    chain.push(issuer.der);
    current = issuer.x509;
  }
  return chain;
}

/** The CMP message body of a request (ir, p10cr or kur). */
function requestBody(request: EnrollmentRequest): { bodyType: number; content: Buffer } {
  if (request.kind === 'csr') return { bodyType: cmpBody.p10cr, content: request.p10 };
  const old = request.kind === 'renew' ? certificateParts(request.oldCertificate) : null;
  const certReq = certRequest({
    subject: request.subject,
    spki: request.spki,
    ...(old ? { oldCertId: { issuer: old.issuer, serial: old.serial } } : {}),
  });
  return {
    bodyType: request.kind === 'renew' ? cmpBody.kur : cmpBody.ir,
    content: certReqMessages({
      request: certReq,
      signatureAlgorithm: request.signer.signatureAlgorithm,
      signature: request.signer.sign(certReq),
    }),
  };
}

/**
 * CA_MODE=external: certificates from the organisation's CA over CMP (decision 034). Reads the
 * protection's secret or key and the CA certificate at start, so a wrong setting fails there.
 */
export function loadExternalCa(config: Config): CertificateAuthority {
  const url = config.CMP_SERVER_URL;
  if (!url) throw new Error('CA_MODE=external needs CMP_SERVER_URL');
  const caPem = config.CMP_CA_CERT_FILE ? readFileSync(config.CMP_CA_CERT_FILE, 'utf8') : null;
  const [caDer] = caPem ? fromPem(caPem, 'CERTIFICATE') : [];
  if (caPem && !caDer) throw new Error('CMP_CA_CERT_FILE holds no certificate');
  const options: CmpClientOptions = {
    url,
    recipient: parseSlashName(config.CMP_RECIPIENT ?? ''),
    protection: cmpProtectionFromConfig(config),
    caCertificate: caDer ? new X509Certificate(caDer) : null,
    timeoutMs: config.CMP_TIMEOUT_SECS * 1000,
  };
  const ca: CertificateAuthority = {
    mode: 'external',
    rootPem: caDer ? toPem('CERTIFICATE', caDer) : null,
    async enroll(request) {
      const result = await cmpEnroll(options, {
        ...requestBody(request),
        accept(certificate) {
          if (!certificateParts(certificate).spki.equals(request.spki)) {
            throw caFailure(
              "the certificate it returned is for another key than the credential's; nothing was stored",
            );
          }
        },
      });
      const pool = [...result.caPubs, ...result.extraCerts, ...(caDer ? [caDer] : [])];
      const chain = assembleChain(result.certificate, pool);
      // Without a configured CA certificate, the top of the first chain the CA sends is served.
      const top = chain[chain.length - 1];
      if (!ca.rootPem && chain.length > 1 && top) ca.rootPem = toPem('CERTIFICATE', top);
      return chain;
    },
  };
  return ca;
}
