import type { AsicSignatureReport, AsicValidationReport } from '@signet/pades';
import {
  overallVerdict,
  verdictOf,
  type SignatureValidation,
  type ValidationReason,
  type ValidationReport,
} from '@signet/contracts/validations';
import { iso, revocationReasons, revocationView, signerView } from './validation-report';

/**
 * Why a container signature is not VALID (decision 039's reasons): a signature without a
 * manifest or CMS, or in a container without its stored mimetype, is a format failure; a
 * manifest or a document changed after signing is a digest mismatch.
 */
function reasonsOf(report: AsicSignatureReport, mimetypeValid: boolean): ValidationReason[] {
  const reasons: ValidationReason[] = [];
  const readable = report.signer !== undefined && report.manifestName !== undefined;
  if (!readable || !mimetypeValid || report.references.length === 0) reasons.push('FORMAT_FAILURE');
  if (readable && (!report.digestMatches || report.references.some((r) => !r.digestMatches))) {
    reasons.push('DIGEST_MISMATCH');
  }
  if (readable && !report.signatureValid) reasons.push('SIGNATURE_INVALID');
  if (!report.signer) return reasons;
  if (!report.chainTrusted) reasons.push('CHAIN_NOT_TRUSTED');
  if (report.certificateValidAtSigningTime === false) {
    reasons.push('CERTIFICATE_NOT_VALID_AT_SIGNING_TIME');
  }
  return [...reasons, ...revocationReasons(report)];
}

function signatureOf(
  report: AsicSignatureReport,
  container: AsicValidationReport,
): SignatureValidation {
  const reasons = reasonsOf(report, container.mimetypeValid);
  const proven = report.timestamp?.valid ? report.timestamp.time : undefined;
  const covered = report.references.filter((r) => r.digestMatches).map((r) => r.name);
  return {
    name: report.signatureName,
    verdict: verdictOf(reasons),
    reasons,
    problems: container.mimetypeValid
      ? report.problems
      : ['the first entry is not the stored ASiC-E mimetype', ...report.problems],
    signer: signerView(report.signer),
    claimedSigningTime: iso(report.signingTime),
    timestamp: report.timestamp
      ? {
          time: iso(report.timestamp.time),
          tsa: report.timestamp.tsa ?? null,
          valid: report.timestamp.valid,
          trusted: report.timestamp.trusted,
        }
      : null,
    signingTime: iso(proven ?? report.signingTime),
    isTimestamped: report.timestamp?.valid === true,
    algorithm: report.algorithm ?? null,
    subFilter: null,
    integrity: {
      digestMatches: report.digestMatches && report.references.every((r) => r.digestMatches),
      signatureValid: report.signatureValid,
    },
    trust: {
      chain: report.chain,
      trusted: report.chainTrusted,
      certificateValidAtSigningTime: report.certificateValidAtSigningTime ?? null,
    },
    // Asked online, as a PDF's is (a container has no DSS to carry it).
    revocation: revocationView(report.revocation),
    level: report.signer ? report.level : null,
    // Whole: it covers every document of the container, each unchanged.
    coversWholeDocument: container.documents.every((d) => covered.includes(d.name)),
    page: null,
    laterUpdates: [],
    attacks: { USF: false, ISA: false, SWA: false, SHADOW: false },
    coveredDocuments: covered,
  };
}

/** The engine's report of an ASiC-E container as the API answers it (kind ASIC_E). */
export function asicValidationReport(options: {
  report: AsicValidationReport;
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
  const signatures = report.signatures.map((s) => signatureOf(s, report));
  return {
    kind: 'ASIC_E',
    fileName: options.fileName,
    fileSize: options.fileSize,
    sha256: options.sha256,
    validatedAt: options.validatedAt.toISOString(),
    revisions: 0,
    pages: 0,
    verdict: overallVerdict(signatures),
    signatures,
    documentTimestamps: [],
    trustAnchors: options.trustAnchors,
    chainId: options.chainId,
    ...(options.missingRevocationData?.length
      ? { missingRevocationData: options.missingRevocationData }
      : {}),
  };
}
