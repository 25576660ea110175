import { createHash } from 'node:crypto';
import {
  buildCrl,
  buildOcspResponse,
  createOcspRequest,
  digestName,
  ocspCertId,
  ocspErrorResponse,
  publicKeyBits,
  readOcspRequest,
  type OcspCertId,
  type OcspSingleAnswer,
} from '@signet/der';
import type { Database } from '#infra/database';
import type { KeyRing } from '#infra/kek';
import { embeddedCaReader, issuedRecord, type EmbeddedCaKey } from './embedded-ca-key';
import { issuedBy } from './issued-adoption';
import {
  findCrl,
  findIssued,
  listRevoked,
  lockCrl,
  recordIssued,
  storeCrl,
} from './revocation-store';

/** Certificates one OCSP request may ask about. */
export const maxOcspCertIds = 20;
const hourMs = 3_600_000;
/** An OCSP answer is good for a day; a CRL for a week, made afresh daily and on each revocation. */
const ocspValidityMs = 24 * hourMs;
const crlValidityMs = 7 * 24 * hourMs;
const crlRefreshMs = 24 * hourMs;

/** The embedded CA's revocation answers: its OCSP responder and its CRL (decision 037). */
export interface CaRevocation {
  /** A DER OCSPResponse for a DER OCSPRequest (malformedRequest for bytes that are not one). */
  answerOcsp(request: Uint8Array): Promise<Buffer>;
  /** The current CRL (DER), made when a revocation made it stale or it is a day old. */
  currentCrl(): Promise<Buffer | undefined>;
  /**
   * The OCSP response for `certificate` (DER) when the embedded CA's key signed it, answered in
   * process; undefined for certificates of other CAs. A certificate the CA signed and did not
   * record (issued outside enrollment) is recorded first, so it answers good rather than unknown.
   */
  responseFor(certificate: Buffer): Promise<{ response: Buffer; issuer: Buffer } | undefined>;
}

function isOurs(ca: EmbeddedCaKey, certId: OcspCertId): boolean {
  const hash = digestName(certId.hashAlgorithm);
  if (!hash) return false;
  return (
    createHash(hash).update(ca.root.subject).digest().equals(certId.issuerNameHash) &&
    createHash(hash).update(publicKeyBits(ca.root.spki)).digest().equals(certId.issuerKeyHash)
  );
}

export function createCaRevocation(options: { database: Database; ring: KeyRing }): CaRevocation {
  const { db } = options.database;
  const loadCa = embeddedCaReader(db, options.ring);

  async function answer(
    ca: EmbeddedCaKey,
    certId: OcspCertId,
    now: Date,
  ): Promise<OcspSingleAnswer> {
    const base = {
      certId: certId.der,
      thisUpdate: now,
      nextUpdate: new Date(now.getTime() + ocspValidityMs),
    };
    const row =
      isOurs(ca, certId) && certId.serialNumber > 0n
        ? await findIssued(db, ca.keyHash, certId.serialNumber.toString(16))
        : undefined;
    if (!row) return { ...base, certStatus: { status: 'unknown' } };
    if (!row.revokedAt) return { ...base, certStatus: { status: 'good' } };
    return {
      ...base,
      certStatus: {
        status: 'revoked',
        revokedAt: row.revokedAt,
        reason: row.revocationReason ?? undefined,
      },
    };
  }

  async function answerOcsp(requestDer: Uint8Array): Promise<Buffer> {
    let request;
    try {
      request = readOcspRequest(requestDer);
    } catch {
      return ocspErrorResponse('malformedRequest');
    }
    if (request.certIds.length === 0 || request.certIds.length > maxOcspCertIds)
      return ocspErrorResponse('malformedRequest');
    const ca = await loadCa();
    if (!ca) return ocspErrorResponse('unauthorized');
    // Whole seconds: GeneralizedTime carries no fractions here (RFC 5280 §4.1.2.5.2).
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    const answers: OcspSingleAnswer[] = [];
    for (const certId of request.certIds) answers.push(await answer(ca, certId, now));
    return ca.withSigner((signer) =>
      buildOcspResponse({
        responderSpki: ca.root.spki,
        producedAt: now,
        answers,
        nonceExtension: request.nonceExtension,
        signer,
      }),
    );
  }

  async function makeCrl(ca: EmbeddedCaKey): Promise<Buffer> {
    return options.database.db.transaction(async (tx) => {
      const row = await lockCrl(tx, ca.keyHash);
      const now = new Date(Math.floor(Date.now() / 1000) * 1000);
      // Another instance may have made it while this one waited for the lock.
      if (!row.stale && now.getTime() < row.thisUpdate.getTime() + crlRefreshMs)
        return Buffer.from(row.der);
      const revoked = await listRevoked(tx, ca.keyHash, now);
      const values = {
        issuerKeyHash: ca.keyHash,
        crlNumber: row.crlNumber + 1n,
        thisUpdate: now,
        nextUpdate: new Date(now.getTime() + crlValidityMs),
      };
      const der = ca.withSigner((signer) =>
        buildCrl({
          issuer: ca.root.subject,
          issuerSpki: ca.root.spki,
          thisUpdate: values.thisUpdate,
          nextUpdate: values.nextUpdate,
          crlNumber: values.crlNumber,
          revoked: revoked.map((r) => ({
            serialNumber: BigInt(`0x${r.serial}`),
            revokedAt: r.revokedAt ?? now,
            reason: r.revocationReason ?? undefined,
          })),
          signer,
        }),
      );
      await storeCrl(tx, { ...values, der });
      return der;
    });
  }

  return {
    answerOcsp,
    async currentCrl() {
      const ca = await loadCa();
      if (!ca) return undefined;
      const row = await findCrl(db, ca.keyHash);
      if (row && !row.stale && Date.now() < row.thisUpdate.getTime() + crlRefreshMs)
        return Buffer.from(row.der);
      return makeCrl(ca);
    },
    async responseFor(certificate) {
      const ca = await loadCa();
      if (!ca || !issuedBy(ca, certificate)) return undefined;
      await recordIssued(db, { issuerKeyHash: ca.keyHash, ...issuedRecord(certificate) });
      const response = await answerOcsp(createOcspRequest([ocspCertId(certificate, ca.rootDer)]));
      return { response, issuer: ca.rootDer };
    },
  };
}
