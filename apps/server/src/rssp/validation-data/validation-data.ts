import { createHash } from 'node:crypto';
import {
  certificateLocations,
  createOcspRequest,
  DerError,
  OcspStatusError,
  fromPem,
  isSelfIssued,
  ocspCertId,
  ocspNonce,
  parseCertificate,
  readCrl,
  readOcspResponse,
  type Certificate,
} from '@signet/der';
import type { Config } from '#infra/config';
import type { Database } from '#infra/database';
import type { KeyRing } from '#infra/keys';
import type { ValidationData, ValidationDataSource } from '#infra/validation-data';
import { createCaRevocation, type CaRevocation } from '../ca';
import { FetchFailure, fetchValidationData, type FetchLimits } from './validation-fetch';

const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.compare(a, b) === 0;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A DER or PEM certificate as caIssuers serves it (a certs-only PKCS #7 is not read). */
function certificateFrom(body: Buffer): Certificate {
  const text = body.subarray(0, 64).toString('latin1');
  const der = text.includes('-----BEGIN')
    ? fromPem(body.toString('latin1'), 'CERTIFICATE')[0]
    : body;
  if (!der) throw new FetchFailure('not a certificate');
  return parseCertificate(der);
}

/** The de-duplicated collection one `collect` call builds. */
class Collection {
  private readonly certificates = new Map<string, Uint8Array>();
  private readonly ocsps = new Map<string, Uint8Array>();
  private readonly crls = new Map<string, Uint8Array>();
  readonly missing: string[] = [];
  /** Certificates whose revocation data was looked for already (by hash). */
  readonly checked = new Set<string>();

  addCertificate(der: Uint8Array): void {
    this.certificates.set(sha256(der), der);
  }
  addOcsp(der: Uint8Array): void {
    this.ocsps.set(sha256(der), der);
  }
  addCrl(der: Uint8Array): void {
    this.crls.set(sha256(der), der);
  }
  result(): ValidationData {
    return {
      certificates: [...this.certificates.values()],
      ocsps: [...this.ocsps.values()],
      crls: [...this.crls.values()],
      missing: [...new Set(this.missing)],
    };
  }
}

/**
 * The validation data source (decision 037). For certificates the embedded CA issued it answers
 * in process; for others it asks the OCSP responder the certificate names (POST), else fetches
 * its CRL, over http(s) within VALIDATION_FETCH_* limits, and completes a chain that lacks its
 * issuer from the AIA caIssuers URL. A CRL fetched once serves every certificate it covers.
 */
export function createValidationDataSource(options: {
  database: Database;
  ring: KeyRing;
  config: Pick<
    Config,
    | 'VALIDATION_FETCH_TIMEOUT_SECS'
    | 'VALIDATION_FETCH_MAX_BYTES'
    | 'VALIDATION_FETCH_MAX_REQUESTS'
    | 'VALIDATION_FETCH_ALLOW_PRIVATE'
  >;
  /** The embedded CA's answers; made from the database and key ring when not given. */
  revocation?: CaRevocation;
}): ValidationDataSource {
  const { config } = options;
  const revocation = options.revocation ?? createCaRevocation(options);
  const limits: FetchLimits = {
    timeoutMs: config.VALIDATION_FETCH_TIMEOUT_SECS * 1000,
    maxBytes: config.VALIDATION_FETCH_MAX_BYTES,
    allowPrivate: config.VALIDATION_FETCH_ALLOW_PRIVATE,
  };

  return {
    async collect(chains) {
      const out = new Collection();
      let requests = 0;
      const spend = () => {
        if (requests >= config.VALIDATION_FETCH_MAX_REQUESTS)
          throw new FetchFailure('request budget spent');
        requests++;
      };
      const crlCache = new Map<string, Buffer | FetchFailure>();
      const fetchCrl = async (url: string): Promise<Buffer> => {
        let got = crlCache.get(url);
        if (!got) {
          try {
            got = await fetchValidationData(
              url,
              { method: 'GET', accept: 'application/pkix-crl' },
              limits,
              spend,
            );
          } catch (error) {
            got = error instanceof FetchFailure ? error : new FetchFailure('unreachable');
          }
          crlCache.set(url, got);
        }
        if (got instanceof FetchFailure) throw got;
        return got;
      };

      /** The chain parsed, completed from caIssuers when its issuer is missing. */
      const complete = async (chain: Uint8Array[]): Promise<Certificate[]> => {
        const certs: Certificate[] = [];
        for (const der of chain) {
          try {
            certs.push(parseCertificate(Buffer.from(der)));
          } catch {
            out.missing.push('A certificate of the chain: unreadable');
          }
        }
        for (let guard = 0; guard < 4; guard++) {
          const last = certs[certs.length - 1];
          if (!last || isSelfIssued(last) || certs.some((c) => sameBytes(c.subject, last.issuer)))
            break;
          const url = certificateLocations(last).caIssuers.find((u) => /^https?:/i.test(u));
          if (!url) break;
          try {
            const body = await fetchValidationData(
              url,
              { method: 'GET', accept: 'application/pkix-cert' },
              limits,
              spend,
            );
            const issuer = certificateFrom(body);
            if (!sameBytes(issuer.subject, last.issuer)) throw new FetchFailure('not the issuer');
            certs.push(issuer);
          } catch (error) {
            out.missing.push(`Issuer of ${last.subjectName}: ${reason(error)}`);
            break;
          }
        }
        return certs;
      };

      const viaOcsp = async (
        cert: Certificate,
        issuer: Certificate,
        url: string,
      ): Promise<Uint8Array> => {
        const nonce = ocspNonce();
        const body = await fetchValidationData(
          url,
          {
            method: 'POST',
            body: createOcspRequest([ocspCertId(cert.der, issuer.der)], nonce),
            contentType: 'application/ocsp-request',
            accept: 'application/ocsp-response',
          },
          limits,
          spend,
        );
        const response = readOcspResponse(body);
        if (!response.responseFor(cert.der, issuer.der)) throw new FetchFailure('no answer for it');
        if (!response.verify(issuer.der)) throw new FetchFailure('signature does not verify');
        if (response.nonce && !Buffer.from(response.nonce).equals(nonce))
          throw new FetchFailure('nonce mismatch');
        return body;
      };

      const viaCrl = async (
        cert: Certificate,
        issuer: Certificate,
        url: string,
      ): Promise<Uint8Array> => {
        const body = await fetchCrl(url);
        const crl = readCrl(body);
        if (!crl.verify(issuer.der)) throw new FetchFailure('signature does not verify');
        return body;
      };

      /** A certificate of another CA: its OCSP responder, else its CRL. */
      const revocationOf = async (cert: Certificate, issuer: Certificate): Promise<void> => {
        const { ocsp, crl } = certificateLocations(cert);
        const problems: string[] = [];
        for (const url of ocsp.slice(0, 2)) {
          try {
            return out.addOcsp(await viaOcsp(cert, issuer, url));
          } catch (error) {
            problems.push(`OCSP for ${cert.subjectName}: ${reason(error)}`);
          }
        }
        for (const url of crl.slice(0, 2)) {
          try {
            return out.addCrl(await viaCrl(cert, issuer, url));
          } catch (error) {
            problems.push(`CRL for ${cert.subjectName}: ${reason(error)}`);
          }
        }
        if (problems.length === 0)
          problems.push(
            `Revocation data for ${cert.subjectName}: the certificate names no OCSP responder or CRL`,
          );
        out.missing.push(...problems);
      };

      const wanted: { cert: Certificate; issuer: Certificate }[] = [];
      for (const chain of chains) {
        const certs = await complete(chain);
        for (const cert of certs) out.addCertificate(cert.der);
        for (const cert of certs) {
          const key = sha256(cert.der);
          // A root is trusted as itself: nothing revokes it.
          if (out.checked.has(key) || isSelfIssued(cert)) continue;
          out.checked.add(key);
          const issuer = certs.find((c) => sameBytes(c.subject, cert.issuer));
          if (!issuer) {
            out.missing.push(`Issuer of ${cert.subjectName}: not in the chain`);
            continue;
          }
          wanted.push({ cert, issuer });
        }
      }
      // The embedded CA answers all of its certificates together (a signature's signer and TSA
      // with one unwrap of its key), each answer made now; its post-quantum sibling with its CRL;
      // the others are asked over the network.
      const embedded = await revocation.responsesFor(
        wanted.map(({ cert }) => Buffer.from(cert.der)),
      );
      for (const [i, { cert, issuer }] of wanted.entries()) {
        const answered = embedded[i];
        if (answered?.kind === 'ocsp') out.addOcsp(answered.der);
        else if (answered) out.addCrl(answered.der);
        else await revocationOf(cert, issuer);
      }
      return out.result();
    },
  };
}

function reason(error: unknown): string {
  if (error instanceof FetchFailure) return error.message;
  if (error instanceof OcspStatusError) return error.message;
  if (error instanceof DerError) return 'not a valid answer';
  return error instanceof Error ? error.message : 'failed';
}
