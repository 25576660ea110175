import type {
  CertificateSummary,
  RevocationReport,
  SignatureReport,
  ValidationReport as EngineReport,
} from '@signet/pades';
import {
  overallVerdict,
  verdictOf,
  type SignatureValidation,
  type ValidationKind,
  type ValidationReason,
  type ValidationReport,
} from '@signet/contracts/validations';

/** ISO 8601, or null for a missing or unreadable time. */
export function iso(time: Date | undefined): string | null {
  return time && !Number.isNaN(time.getTime()) ? time.toISOString() : null;
}

/** A signer's certificate in the contract's shape, for a PDF signature and a container's alike. */
export function signerView(signer: CertificateSummary | undefined): SignatureValidation['signer'] {
  return signer
    ? {
        subject: signer.subject,
        issuer: signer.issuer,
        serialNumber: signer.serialNumber,
        notBefore: iso(signer.notBefore) ?? '',
        notAfter: iso(signer.notAfter) ?? '',
      }
    : null;
}

/** Why a signature is not VALID, from the engine's findings (decision 039). */
function reasonsOf(report: SignatureReport): ValidationReason[] {
  const reasons: ValidationReason[] = [];
  const { flags } = report;
  if (flags.universalSignatureForgery) reasons.push('FORMAT_FAILURE');
  else {
    if (!report.digestMatches) reasons.push('DIGEST_MISMATCH');
    if (!report.signatureValid) reasons.push('SIGNATURE_INVALID');
  }
  if (flags.signatureWrappingAttack) reasons.push('SIGNATURE_WRAPPED');
  if (flags.incrementalSavingAttack) reasons.push('MODIFIED_AFTER_SIGNING');
  if (flags.shadowAttack) reasons.push('SHADOW_ATTACK');
  if (!report.signer) return reasons;
  if (!report.chainTrusted) reasons.push('CHAIN_NOT_TRUSTED');
  if (report.certificateValidAtSigningTime === false)
    reasons.push('CERTIFICATE_NOT_VALID_AT_SIGNING_TIME');
  reasons.push(...revocationReasons(report));
  // The signed bytes are intact, but pages shown are not the pages signed (decision 056).
  if (
    report.subsequentUpdates.some((u) => u.trail === 'PAGES_ADDED' || u.trail === 'PAGES_REPLACED')
  )
    reasons.push('TRAIL_PAGES_CHANGED');
  return reasons;
}

/**
 * What a signer's revocation and the signature time-stamp add to the reasons, for a PDF
 * signature and a container's alike. A revoked certificate invalidates only a signature made
 * after the revocation: one a valid time-stamp proves earlier stays valid; without that proof
 * it is indeterminate.
 */
export function revocationReasons(report: {
  revocation?: RevocationReport | undefined;
  timestamp?: { time?: Date | undefined; valid: boolean; trusted: boolean } | undefined;
}): ValidationReason[] {
  const reasons: ValidationReason[] = [];
  const revocation = report.revocation;
  if (revocation?.status === 'REVOKED') {
    const proven = report.timestamp?.valid ? report.timestamp.time : undefined;
    const revokedAt = revocation.revokedAt;
    if (proven && revokedAt && proven < revokedAt) {
      // Signed (provably) before the revocation: valid at its time.
    } else if (!proven && revokedAt) reasons.push('CERTIFICATE_REVOKED_NO_POE');
    else reasons.push('CERTIFICATE_REVOKED');
  } else if (revocation?.status === 'UNKNOWN' && revocation.source !== 'NONE') {
    // A responder that does not know the certificate; no data at all is "not checked".
    reasons.push('REVOCATION_UNKNOWN');
  }
  if (report.timestamp && !report.timestamp.valid) reasons.push('TIMESTAMP_INVALID');
  else if (report.timestamp && !report.timestamp.trusted) reasons.push('TIMESTAMP_NOT_TRUSTED');
  return reasons;
}

/** One signature of the engine's report in the contract's shape. */
export function signatureValidation(report: SignatureReport): SignatureValidation {
  const reasons = reasonsOf(report);
  const timestamp = report.timestamp
    ? {
        time: iso(report.timestamp.time),
        tsa: report.timestamp.tsa ?? null,
        valid: report.timestamp.valid,
        trusted: report.timestamp.trusted,
      }
    : null;
  const proven = report.timestamp?.valid ? report.timestamp.time : undefined;
  const readable = report.signer !== undefined;
  return {
    name: report.fieldName,
    verdict: verdictOf(reasons),
    reasons,
    problems: report.problems,
    signer: signerView(report.signer),
    claimedSigningTime: iso(report.signingTime),
    timestamp,
    signingTime: iso(proven ?? report.signingTime),
    isTimestamped: report.timestamp?.valid === true,
    algorithm: report.algorithm ?? null,
    subFilter: report.subFilter ?? null,
    integrity: { digestMatches: report.digestMatches, signatureValid: report.signatureValid },
    trust: {
      chain: report.chain,
      trusted: report.chainTrusted,
      certificateValidAtSigningTime: report.certificateValidAtSigningTime ?? null,
    },
    revocation: revocationView(report.revocation),
    // The engine names the level once it reads validation data (B-LT, B-LTA); before that a
    // valid signature time-stamp is B-T.
    level: readable ? (report.level ?? (report.timestamp?.valid ? 'B-T' : 'B-B')) : null,
    coversWholeDocument: report.coversWholeDocument,
    page: report.page ?? null,
    laterUpdates: report.subsequentUpdates.map((update) => ({
      offset: update.offset,
      allowed: update.onlySignatures,
      changesContent: update.changesContent,
      modifications: update.modifications,
      trail: update.trail ?? null,
    })),
    attacks: {
      USF: report.flags.universalSignatureForgery,
      ISA: report.flags.incrementalSavingAttack,
      SWA: report.flags.signatureWrappingAttack,
      SHADOW: report.flags.shadowAttack,
    },
  };
}

/** A signer's revocation as the API answers it; none known is NOT_CHECKED. */
export function revocationView(
  revocation: RevocationReport | undefined,
): SignatureValidation['revocation'] {
  return revocation
    ? {
        status: revocation.source === 'NONE' ? 'NOT_CHECKED' : revocation.status,
        source: revocation.source,
        revokedAt: iso(revocation.revokedAt),
        producedAt: iso(revocation.producedAt),
        validAtSigningTime: revocation.validAtSigningTime ?? null,
        ...(revocation.missing ? { missing: revocation.missing } : {}),
      }
    : { status: 'NOT_CHECKED', source: 'NONE', revokedAt: null, producedAt: null };
}

/** The engine's report of a PDF as the API answers it. */
export function pdfValidationReport(options: {
  report: EngineReport;
  kind: ValidationKind;
  fileName: string;
  fileSize: number;
  sha256: string;
  trustAnchors: string[];
  chainId: string | null;
  validatedAt: Date;
  /** What the online revocation check could not obtain. */
  missingRevocationData?: string[];
}): ValidationReport {
  const { report } = options;
  const signatures = report.signatures.map(signatureValidation);
  return {
    kind: options.kind,
    fileName: options.fileName,
    fileSize: options.fileSize,
    sha256: options.sha256,
    validatedAt: options.validatedAt.toISOString(),
    revisions: report.revisions,
    pages: report.pages,
    verdict: overallVerdict(signatures),
    signatures,
    documentTimestamps: (report.documentTimestamps ?? []).map((ts) => ({
      name: ts.fieldName,
      time: iso(ts.time),
      tsa: ts.tsa ?? null,
      valid: ts.valid,
      trusted: ts.trusted,
      coversWholeDocument: ts.coversWholeDocument,
    })),
    trustAnchors: options.trustAnchors,
    chainId: options.chainId,
    ...(options.missingRevocationData?.length
      ? { missingRevocationData: options.missingRevocationData }
      : {}),
  };
}
