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
import { createOcspAnswerCache } from './ocsp-answer-cache';
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
/**
 * How long `responseFor` gives the same GOOD answer out again (decision 038): short, so a
 * signature's OCSP response is at most this much older than its time-stamp, and still long enough
 * for the TSA's certificate (in every signature) and a signer's batch to share one answer.
 */
export const ocspReuseMs = 60_000;
const maxKeptAnswers = 1024;

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

  /** The OCSPResponse, and the answers it signed when it is a successful one. */
  async function respond(
    requestDer: Uint8Array,
  ): Promise<{ response: Buffer; answers: OcspSingleAnswer[] }> {
    let request;
    try {
      request = readOcspRequest(requestDer);
    } catch {
      return { response: ocspErrorResponse('malformedRequest'), answers: [] };
    }
    if (request.certIds.length === 0 || request.certIds.length > maxOcspCertIds)
      return { response: ocspErrorResponse('malformedRequest'), answers: [] };
    const ca = await loadCa();
    if (!ca) return { response: ocspErrorResponse('unauthorized'), answers: [] };
    // Whole seconds: GeneralizedTime carries no fractions here (RFC 5280 §4.1.2.5.2).
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    const answers: OcspSingleAnswer[] = [];
    for (const certId of request.certIds) answers.push(await answer(ca, certId, now));
    const response = ca.withSigner((signer) =>
      buildOcspResponse({
        responderSpki: ca.root.spki,
        producedAt: now,
        answers,
        nonceExtension: request.nonceExtension,
        signer,
      }),
    );
    return { response, answers };
  }
  const answerOcsp = async (requestDer: Uint8Array) => (await respond(requestDer)).response;
  const kept = createOcspAnswerCache({ reuseMs: ocspReuseMs, maxEntries: maxKeptAnswers });

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
      if (!ca) return undefined;
      const hash = createHash('sha256').update(certificate).digest('hex');
      const cached = kept.get(hash, Date.now());
      if (cached) {
        // Never GOOD from memory alone: the record is read (one primary-key row) every time, so
        // a revocation here or on another instance is answered by the very next request.
        const row = await findIssued(db, ca.keyHash, cached.serial);
        if (row && !row.revokedAt && row.certificateSha256 === hash)
          return { response: cached.response, issuer: ca.rootDer };
        kept.drop(hash);
      }
      if (!issuedBy(ca, certificate)) return undefined;
      const record = issuedRecord(certificate);
      await recordIssued(db, { issuerKeyHash: ca.keyHash, ...record });
      const { response, answers } = await respond(
        createOcspRequest([ocspCertId(certificate, ca.rootDer)]),
      );
      if (answers.length === 1 && answers[0]?.certStatus.status === 'good')
        kept.set(hash, { response, serial: record.serial }, Date.now());
      return { response, issuer: ca.rootDer };
    },
  };
}
