import { createHash } from 'node:crypto';
import {
  buildCrl,
  buildOcspResponse,
  digestName,
  ocspCertId,
  ocspErrorResponse,
  publicKeyBits,
  readOcspRequest,
  type OcspCertId,
  type OcspSingleAnswer,
} from '@signet/der';
import type { Database } from '#infra/database';
import type { KeyRing } from '#infra/keys';
import { embeddedCaReader, issuedRecord, type EmbeddedCaKey } from './embedded-ca-key';
import { issuedBy } from './issued-adoption';
import { createOcspAnswerCache } from './ocsp-answer-cache';
import {
  findCrl,
  findIssued,
  findIssuedByHashes,
  listRevoked,
  lockCrl,
  recordIssued,
  storeCrl,
  type CaId,
  type IssuedCertificateRow,
} from '../records';

/** Certificates one OCSP request may ask about. */
export const maxOcspCertIds = 20;
/** A nonce's length (RFC 8954 §2.1: 1 to 32 bytes; others are a malformedRequest). */
const minNonceBytes = 1;
const maxNonceBytes = 32;
const hourMs = 3_600_000;
/** An OCSP answer is good for a day; a CRL for a week, made afresh daily and on each revocation. */
const ocspValidityMs = 24 * hourMs;
const crlValidityMs = 7 * 24 * hourMs;
const crlRefreshMs = 24 * hourMs;

/** What an embedded CA answers about one of its certificates, in process. */
export interface EmbeddedAnswer {
  /** An OCSP response (the classical CA) or the current CRL (the post-quantum one), DER. */
  kind: 'ocsp' | 'crl';
  der: Buffer;
  /** The issuing CA's certificate (DER). */
  issuer: Buffer;
}

/**
 * The embedded CAs' revocation answers (decision 037): the classical CA's OCSP responder and CRL,
 * and the post-quantum CA's CRL (it runs no OCSP responder, decision 057).
 */
export interface CaRevocation {
  /**
   * A DER OCSPResponse of the classical CA for a DER OCSPRequest (malformedRequest for bytes that
   * are not one, or a nonce outside 1–32 bytes); a certificate of another CA is unknown to it.
   * Without a nonce, an answer signed in the last minute that says the same is given again
   * (ocsp-answer-cache.ts).
   */
  answerOcsp(request: Uint8Array): Promise<Buffer>;
  /**
   * A CA's current CRL (DER), made when a revocation made it stale or it is a day old; undefined
   * while there is no such CA.
   */
  currentCrl(id?: CaId): Promise<Buffer | undefined>;
  /**
   * For each of `certificates` (DER) an embedded CA's key signed: an OCSP response of the
   * classical CA, made now and signed in process (one CA key unwrap for all of them), never
   * reused, since each signature's validation data is produced after its time-stamp (decision
   * 038); or the post-quantum CA's current CRL. Undefined at the place of a certificate of
   * another CA. A certificate a CA signed and did not record (issued outside enrollment) is
   * recorded first, so it answers good rather than unknown.
   */
  responsesFor(certificates: Buffer[]): Promise<(EmbeddedAnswer | undefined)[]>;
}

/** What a certificate's issuance record says (none: unknown). */
function statusOf(row: IssuedCertificateRow | undefined): OcspSingleAnswer['certStatus'] {
  if (!row) return { status: 'unknown' };
  if (!row.revokedAt) return { status: 'good' };
  return {
    status: 'revoked',
    revokedAt: row.revokedAt,
    reason: row.revocationReason ?? undefined,
  };
}

/** Now, in whole seconds: GeneralizedTime carries no fractions here (RFC 5280 §4.1.2.5.2). */
const wholeSecondsNow = () => new Date(Math.floor(Date.now() / 1000) * 1000);

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
  const readers: Record<CaId, () => Promise<EmbeddedCaKey | undefined>> = {
    embedded: embeddedCaReader(db, options.ring, 'embedded'),
    'post-quantum': embeddedCaReader(db, options.ring, 'post-quantum'),
  };
  const loadCa = readers.embedded;
  const recentAnswers = createOcspAnswerCache();

  const singleAnswer = (certId: Uint8Array, row: IssuedCertificateRow | undefined, now: Date) => ({
    certId,
    certStatus: statusOf(row),
    thisUpdate: now,
    nextUpdate: new Date(now.getTime() + ocspValidityMs),
  });

  async function answerOcsp(requestDer: Uint8Array): Promise<Buffer> {
    let request;
    try {
      request = readOcspRequest(requestDer);
    } catch {
      return ocspErrorResponse('malformedRequest');
    }
    if (request.certIds.length === 0 || request.certIds.length > maxOcspCertIds)
      return ocspErrorResponse('malformedRequest');
    const { nonce } = request;
    if (nonce && (nonce.length < minNonceBytes || nonce.length > maxNonceBytes))
      return ocspErrorResponse('malformedRequest');
    const ca = await loadCa();
    if (!ca) return ocspErrorResponse('unauthorized');
    const now = wholeSecondsNow();
    const answers: OcspSingleAnswer[] = [];
    for (const certId of request.certIds) {
      const row =
        isOurs(ca, certId) && certId.serialNumber > 0n
          ? await findIssued(db, ca.keyHash, certId.serialNumber.toString(16))
          : undefined;
      answers.push(singleAnswer(certId.der, row, now));
    }
    const kept = nonce ? undefined : recentAnswers.find(ca.keyHash, answers);
    if (kept) return kept;
    const response = ca.withSigner((signer) =>
      buildOcspResponse({
        responderSpki: ca.root.spki,
        producedAt: now,
        answers,
        nonceExtension: request.nonceExtension,
        signer,
      }),
    );
    if (!nonce) recentAnswers.keep(ca.keyHash, answers, response);
    return response;
  }

  /**
   * The issuance records of certificates for `responsesFor`: one indexed read by their SHA-256
   * for all of them; only a certificate not recorded yet is checked against the CA key (is it
   * ours?) and recorded. A record found by hash needs no check: only certificates the CA signed
   * are ever recorded. Undefined at the place of a certificate of another CA.
   */
  async function recordsOf(
    ca: EmbeddedCaKey,
    certificates: Buffer[],
  ): Promise<(IssuedCertificateRow | undefined)[]> {
    const hashes = certificates.map((c) => createHash('sha256').update(c).digest('hex'));
    const known = await findIssuedByHashes(db, ca.keyHash, [...new Set(hashes)]);
    const records: (IssuedCertificateRow | undefined)[] = [];
    for (const [i, certificate] of certificates.entries()) {
      const hash = hashes[i] ?? '';
      let row = known.get(hash);
      if (!row && issuedBy(ca, certificate)) {
        const record = issuedRecord(certificate);
        // Another request recorded it meanwhile (or its serial is taken): the serial's record
        // answers, as the HTTP responder would.
        row =
          (await recordIssued(db, { issuerKeyHash: ca.keyHash, ...record })) ??
          (await findIssued(db, ca.keyHash, record.serial));
        if (row) known.set(hash, row);
      }
      records.push(row);
    }
    return records;
  }

  async function makeCrl(ca: EmbeddedCaKey): Promise<Buffer> {
    return options.database.db.transaction(async (tx) => {
      const row = await lockCrl(tx, ca.keyHash);
      const now = wholeSecondsNow();
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

  async function crlOf(ca: EmbeddedCaKey): Promise<Buffer> {
    const row = await findCrl(db, ca.keyHash);
    if (row && !row.stale && Date.now() < row.thisUpdate.getTime() + crlRefreshMs)
      return Buffer.from(row.der);
    return makeCrl(ca);
  }

  /** The classical CA's OCSP responses for the certificates it signed. */
  async function ocspAnswers(certificates: Buffer[]): Promise<(EmbeddedAnswer | undefined)[]> {
    const ca = await loadCa();
    if (!ca) return certificates.map(() => undefined);
    const records = await recordsOf(ca, certificates);
    if (records.every((row) => !row)) return records.map(() => undefined);
    // The records are read before `now`: each answer states what was recorded when it was made.
    const now = wholeSecondsNow();
    // One unwrap of the CA key signs every answer (withSigner wipes it after); one response
    // per certificate, each produced now, none kept.
    return ca.withSigner((signer) =>
      certificates.map((certificate, i) => {
        const row = records[i];
        if (!row) return undefined;
        const der = buildOcspResponse({
          responderSpki: ca.root.spki,
          producedAt: now,
          answers: [singleAnswer(ocspCertId(certificate, ca.rootDer), row, now)],
          signer,
        });
        return { kind: 'ocsp' as const, der, issuer: ca.rootDer };
      }),
    );
  }

  return {
    answerOcsp,
    async currentCrl(id = 'embedded') {
      const ca = await readers[id]();
      return ca ? crlOf(ca) : undefined;
    },
    async responsesFor(certificates) {
      const answers = await ocspAnswers(certificates);
      const left = certificates.filter((_, i) => !answers[i]);
      const pq = left.length > 0 ? await readers['post-quantum']() : undefined;
      if (!pq) return answers;
      // The post-quantum CA's certificates: its CRL, signed daily and on a revocation.
      const records = await recordsOf(pq, left);
      if (records.every((row) => !row)) return answers;
      const crl = { kind: 'crl' as const, der: await crlOf(pq), issuer: pq.rootDer };
      let next = 0;
      return answers.map((answer) => answer ?? (records[next++] ? crl : undefined));
    },
  };
}
