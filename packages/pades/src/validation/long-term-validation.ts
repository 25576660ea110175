/**
 * The long-term part of validation: revocation of the signers' and TSAs' certificates from the
 * DSS (or online), document time-stamps, and the PAdES baseline level each signature reaches.
 */
import { parseCertificate, type Certificate } from '@signet/der';
import { buildChain, verifyTimestampImprint } from '../cms';
import type { SignatureField } from '../fields';
import {
  readDss,
  revocationOf,
  revocationPool,
  type RevocationAnswer,
  type RevocationPool,
} from '../long-term';
import { PdfString, type PdfDict, type PdfFile } from '../pdf';
import type { RangeDigests } from './range-digests';
import type { RevocationReport, SignatureReport, ValidationReport } from './validation-report';

export type DocumentTimestampReport = NonNullable<ValidationReport['documentTimestamps']>[number];

/** What validating a signature found that its long-term checks need. */
export interface SignatureEvidence {
  /** The signer's path. */
  chain: CertificatePath;
  /** The signature time-stamp's TSA path, when the token names its signer. */
  tsaChain?: CertificatePath;
  /** Where its byte ranges end. */
  end: number;
}

export interface TimestampEvidence {
  tsaChain?: CertificatePath;
  end: number;
}

/** The DSS of a revision: its certificates parsed and its revocation data read. */
export interface DssView {
  certificates: Certificate[];
  pool: RevocationPool;
}

export function dssView(file: PdfFile, section = 0): DssView {
  let contents;
  try {
    contents = readDss(file, section);
  } catch {
    return { certificates: [], pool: { ocsps: [], crls: [] } };
  }
  const certificates: Certificate[] = [];
  for (const der of contents.certificates) {
    try {
      certificates.push(parseCertificate(der));
    } catch {
      // not a certificate we can read
    }
  }
  return { certificates, pool: revocationPool(contents, 'DSS') };
}

/** A certification path, end-entity first; when trusted it ends at the anchor. */
export interface CertificatePath {
  path: Certificate[];
  trusted: boolean;
}

/**
 * Certificates of a path that no item of `pool` answers for: every certificate but a trusted
 * path's anchor needs revocation data (an untrusted path's last one has no issuer to check it).
 */
export function unanswered(
  { path, trusted }: CertificatePath,
  pool: RevocationPool,
): Certificate[] {
  const checked = trusted ? path.slice(0, -1) : path;
  return checked.filter((certificate, i) => {
    const issuer = path[i + 1];
    return !issuer || !revocationOf(certificate, issuer, pool);
  });
}

/**
 * The revocation report of the end-entity of `path` at `time` (the time-stamped signing time, or
 * the validation time when there is none), naming the certificates nothing answers for.
 */
export function revocationReport(
  chain: CertificatePath,
  pool: RevocationPool,
  time: Date,
): RevocationReport {
  const [leaf, issuer] = chain.path;
  const answer: RevocationAnswer | undefined =
    leaf && issuer ? revocationOf(leaf, issuer, pool) : undefined;
  const missing = unanswered(chain, pool).map((certificate) => certificate.subjectName);
  const report: RevocationReport = answer
    ? {
        status: answer.status,
        source: answer.source,
        kind: answer.kind,
        producedAt: answer.producedAt,
        ...(answer.revokedAt ? { revokedAt: answer.revokedAt } : {}),
      }
    : { status: 'UNKNOWN', source: 'NONE' };
  if (answer?.status === 'GOOD') report.validAtSigningTime = true;
  if (answer?.status === 'REVOKED')
    report.validAtSigningTime = answer.revokedAt !== undefined && answer.revokedAt > time;
  if (missing.length > 0) report.missing = missing;
  return report;
}

/**
 * Fills a signature's revocation (and its TSA's) and adds what they mean to its problems: a PDF
 * signature's, or a container's (what both reports share).
 */
export function applyRevocation(
  report: Pick<SignatureReport, 'timestamp' | 'revocation' | 'problems'>,
  evidence: Pick<SignatureEvidence, 'chain' | 'tsaChain'>,
  pool: RevocationPool,
  now: Date,
): void {
  if (evidence.chain.path.length === 0) return;
  const time = report.timestamp?.valid && report.timestamp.time ? report.timestamp.time : now;
  report.revocation = revocationReport(evidence.chain, pool, time);
  if (report.revocation.validAtSigningTime === false) {
    report.problems.push(
      report.timestamp?.valid
        ? 'the signer certificate was revoked before the time-stamped signing time'
        : 'the signer certificate is revoked and the signing time is not time-stamped',
    );
  }
  if (report.timestamp && evidence.tsaChain) {
    const stamped = report.timestamp.time ?? now;
    report.timestamp.revocation = revocationReport(evidence.tsaChain, pool, stamped);
    if (report.timestamp.revocation.validAtSigningTime === false)
      report.problems.push('the TSA certificate was revoked before the time-stamp');
  }
}

/** The level a signature reaches, given the document time-stamps and each revision's DSS. */
export function signatureLevel(
  report: SignatureReport,
  evidence: SignatureEvidence,
  file: PdfFile,
  documentTimestamps: { report: DocumentTimestampReport; evidence: TimestampEvidence }[],
  dssAt: (section: number) => DssView,
): SignatureReport['level'] {
  if (!report.valid) return undefined;
  if (!report.timestamp?.valid) return 'B-B';
  const covered = (view: DssView) => unanswered(evidence.chain, view.pool).length === 0;
  if (!covered(dssAt(0))) return 'B-T';
  const sealed = documentTimestamps.some(
    ({ report: ts, evidence: tsEvidence }) =>
      ts.valid &&
      tsEvidence.end > evidence.end &&
      covered(dssAt(sectionEndingAt(file, tsEvidence.end))),
  );
  return sealed ? 'B-LTA' : 'B-LT';
}

/** The newest cross-reference section of the revision that ends at `end`. */
function sectionEndingAt(file: PdfFile, end: number): number {
  let best = -1;
  file.sections.forEach((section, index) => {
    if (section.offset < end && (best < 0 || section.offset > (file.sections[best]?.offset ?? 0)))
      best = index;
  });
  return Math.max(best, 0);
}

function sameBytes(bytes: Uint8Array, a: number, b: number, contents: Uint8Array): boolean {
  if (bytes[a] !== 0x3c || bytes[b - 1] !== 0x3e) return false;
  const gap = Buffer.from(Buffer.from(bytes.subarray(a + 1, b - 1)).toString('latin1'), 'hex');
  return Buffer.compare(gap, Buffer.from(contents)) === 0;
}

/**
 * Checks a document time-stamp: the byte ranges' shape, the token's imprint over them, its
 * signature and its TSA's path to the anchors (with the DSS's certificates to build it).
 */
export function validateDocumentTimestamp(
  file: PdfFile,
  field: SignatureField,
  sig: PdfDict,
  context: { anchors: Certificate[]; ends: number[]; dss: DssView; digests: RangeDigests },
): { report: DocumentTimestampReport; evidence: TimestampEvidence } {
  const bytes = file.bytes;
  const problems: string[] = [];
  const report: DocumentTimestampReport = {
    fieldName: field.name,
    valid: false,
    trusted: false,
    coversWholeDocument: false,
    problems,
  };
  const evidence: TimestampEvidence = { end: 0 };
  const rangeValue = file.resolve(sig.get('ByteRange'));
  const contents = file.resolve(sig.get('Contents'));
  const range = Array.isArray(rangeValue)
    ? rangeValue.map((n) => (typeof n === 'number' ? n : NaN))
    : [];
  const [start, a, b, c] = range as [number, number, number, number];
  const shapeOk =
    range.length === 4 &&
    range.every((n) => Number.isInteger(n) && n >= 0) &&
    start === 0 &&
    a < b &&
    b + c <= bytes.length &&
    contents instanceof PdfString &&
    sameBytes(bytes, a, b, contents.bytes) &&
    context.ends.includes(b + c);
  if (!shapeOk || !(contents instanceof PdfString)) {
    problems.push('the byte ranges do not cover the revision except exactly the token');
    return { report, evidence };
  }
  report.byteRange = range;
  evidence.end = b + c;
  let onlyWhitespaceAfter = true;
  for (let i = evidence.end; i < bytes.length && onlyWhitespaceAfter; i++) {
    const ch = bytes[i] as number;
    onlyWhitespaceAfter = ch === 0x20 || ch === 0x0a || ch === 0x0d || ch === 0x00 || ch === 0x09;
  }
  report.coversWholeDocument = onlyWhitespaceAfter;
  const check = verifyTimestampImprint(contents.bytes, (hash) =>
    context.digests.digest(hash, range),
  );
  report.time = check.time;
  report.valid = check.imprintMatches && check.signatureValid;
  if (!check.imprintMatches) problems.push('the token does not time-stamp these bytes');
  if (!check.signatureValid) problems.push('the token signature does not verify');
  if (check.tsaCertificate) {
    report.tsa = check.tsaCertificate.subjectName;
    const chain = buildChain(
      check.tsaCertificate,
      [...check.certificates, ...context.dss.certificates],
      context.anchors,
    );
    report.trusted = chain.trusted;
    evidence.tsaChain = chain;
    if (!chain.trusted) problems.push('the TSA certificate does not lead to a trust anchor');
  }
  return { report, evidence };
}

/** A document time-stamp's TSA revocation at its own time. */
export function applyTimestampRevocation(
  report: DocumentTimestampReport,
  evidence: TimestampEvidence,
  pool: RevocationPool,
  now: Date,
): void {
  if (!evidence.tsaChain) return;
  report.revocation = revocationReport(evidence.tsaChain, pool, report.time ?? now);
  if (report.revocation.validAtSigningTime === false)
    report.problems.push('the TSA certificate was revoked before the time-stamp');
}

/** Whether a signature dictionary is a document time-stamp rather than a signature. */
export function isDocumentTimestamp(sig: PdfDict): boolean {
  return sig.nameOf('Type') === 'DocTimeStamp' || sig.nameOf('SubFilter') === 'ETSI.RFC3161';
}
