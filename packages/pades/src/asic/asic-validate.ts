import { createHash } from 'node:crypto';
import { derTime, parseCertificate, type Certificate } from '@signet/der';
import {
  buildChain,
  checkSignerInfo,
  digestName,
  OID,
  parseSignedData,
  signatureAlgorithmName,
  verifyTimestampToken,
} from '../cms';
import { revocationPool } from '../long-term';
import {
  applyRevocation,
  type CertificatePath,
  type CertificateSummary,
  type RevocationData,
  type RevocationPath,
  type RevocationReport,
} from '../validation';
import { ASIC_E_MIMETYPE, XMLDSIG_SHA256, parseAsicManifest } from './asic-manifest';
import { readAsic, type AsicLimits } from './asic-zip';

export interface AsicValidateOptions {
  /** DER certificates trusted as roots. */
  trustAnchors: Uint8Array[];
  limits?: AsicLimits;
  /**
   * Asked once, with the signers' and TSAs' certification paths (DER, end-entity first), for
   * their OCSP responses or CRLs (source ONLINE in the report), as a PDF's validation asks: a
   * container has no DSS, so without it revocation is not checked.
   */
  online?: (paths: RevocationPath[]) => Promise<RevocationData>;
}

/** One document a manifest names, and whether its digest matches the container's file. */
export interface AsicReferenceReport {
  name: string;
  /** The container holds a file of that name. */
  present: boolean;
  digestMatches: boolean;
}

export interface AsicSignatureReport {
  /** `META-INF/signatureN.p7s` and the manifest that points at it. */
  signatureName: string;
  manifestName: string | undefined;
  /** The CMS message-digest equals the manifest's SHA-256. */
  digestMatches: boolean;
  signatureValid: boolean;
  signer?: CertificateSummary;
  chain: string[];
  chainTrusted: boolean;
  certificateValidAtSigningTime?: boolean;
  /** By name, as a PDF signature's (`RSA_PKCS1`, `ECDSA`, …); an unknown one as its OID. */
  algorithm?: string;
  /** The signing-time attribute (claimed by the signer). */
  signingTime?: Date;
  timestamp?: {
    time?: Date;
    valid: boolean;
    trusted: boolean;
    tsa?: string;
    /** Revocation of the TSA's certificate, when asked online. */
    revocation?: RevocationReport;
  };
  /** Revocation of the signer's certificate, when asked online. */
  revocation?: RevocationReport;
  /** CAdES baseline level: B-T with a valid signature time-stamp, else B-B. */
  level: 'B-B' | 'B-T';
  references: AsicReferenceReport[];
  problems: string[];
  /** The CMS verifies over the manifest and every document it names is there, unchanged. */
  valid: boolean;
}

export interface AsicValidationReport {
  /** The first entry is the stored `mimetype` of ASiC-E. */
  mimetypeValid: boolean;
  /** The documents (every entry outside META-INF but the mimetype). */
  documents: { name: string; size: number }[];
  /** Documents no valid signature covers. */
  uncovered: string[];
  signatures: AsicSignatureReport[];
  problems: string[];
}

function summary(certificate: Certificate): CertificateSummary {
  return {
    subject: certificate.subjectName,
    issuer: certificate.issuerName,
    serialNumber: certificate.serialNumber.toString(16),
    notBefore: certificate.notBefore,
    notAfter: certificate.notAfter,
  };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

/** The signer's and the time-stamp's TSA's paths, which revocation is asked about. */
interface SignatureEvidence {
  chain: CertificatePath;
  tsaChain?: CertificatePath;
}

/** Checks one `.p7s` over its manifest, then the manifest's references against the files. */
function checkSignature(options: {
  signatureName: string;
  manifestName: string | undefined;
  files: Map<string, Uint8Array>;
  anchors: Certificate[];
  evidence: SignatureEvidence;
}): AsicSignatureReport {
  const { signatureName, manifestName, files, anchors, evidence } = options;
  const problems: string[] = [];
  const report: AsicSignatureReport = {
    signatureName,
    manifestName,
    digestMatches: false,
    signatureValid: false,
    chain: [],
    chainTrusted: false,
    level: 'B-B',
    references: [],
    problems,
    valid: false,
  };
  const manifest = manifestName ? files.get(manifestName) : undefined;
  if (!manifest) {
    problems.push('no manifest names this signature');
    return report;
  }
  let signedData: ReturnType<typeof parseSignedData>;
  try {
    signedData = parseSignedData(files.get(signatureName) as Uint8Array);
  } catch {
    problems.push('the signature is not a CMS SignedData');
    return report;
  }
  const info = signedData.signerInfos[0];
  if (!info) {
    problems.push('the CMS has no SignerInfo');
    return report;
  }
  if (signedData.eContent) problems.push('the CMS is not detached');
  report.algorithm = signatureAlgorithmName(info.signatureAlgorithm.oid);
  let digest: Buffer;
  try {
    digest = createHash(digestName(info.digestAlgorithm)).update(manifest).digest();
  } catch {
    problems.push('unsupported digest algorithm');
    return report;
  }
  const check = checkSignerInfo(info, signedData.certificates, digest);
  report.digestMatches = check.digestMatches;
  report.signatureValid = check.signatureValid;
  if (!check.digestMatches) problems.push('the manifest was changed after signing');
  if (!check.signatureValid) problems.push('the CMS signature does not verify');
  if (check.signerCertificate) {
    report.signer = summary(check.signerCertificate);
    const chain = buildChain(check.signerCertificate, signedData.certificates, anchors);
    evidence.chain = chain;
    report.chain = chain.path.map((cert) => cert.subjectName);
    report.chainTrusted = chain.trusted;
    if (!chain.trusted) problems.push('the certificate chain does not lead to a trust anchor');
  } else problems.push('the signer certificate is not in the CMS');
  const signingTime = info.attributes.get(OID.signingTime)?.[0];
  if (signingTime) report.signingTime = derTime(signingTime);
  const tokenNode = info.unsignedAttributes.get(OID.signatureTimeStampToken)?.[0];
  if (tokenNode) {
    const ts = verifyTimestampToken(
      tokenNode.buffer.subarray(tokenNode.start, tokenNode.end),
      info.signature,
    );
    if (ts.tsaCertificate)
      evidence.tsaChain = buildChain(ts.tsaCertificate, ts.certificates, anchors);
    report.timestamp = {
      time: ts.time,
      valid: ts.imprintMatches && ts.signatureValid,
      trusted: evidence.tsaChain?.trusted ?? false,
      tsa: ts.tsaCertificate?.subjectName,
    };
    if (report.timestamp.valid) report.level = 'B-T';
    else problems.push('the signature timestamp does not verify');
  }
  const when = report.timestamp?.valid ? report.timestamp.time : report.signingTime;
  if (when && check.signerCertificate) {
    const { notBefore, notAfter } = check.signerCertificate;
    report.certificateValidAtSigningTime = notBefore <= when && when <= notAfter;
    if (!report.certificateValidAtSigningTime)
      problems.push('the signer certificate was not valid at the signing time');
  }
  let parsed: ReturnType<typeof parseAsicManifest>;
  try {
    parsed = parseAsicManifest(manifest);
  } catch {
    problems.push('the manifest cannot be read');
    return report;
  }
  for (const reference of parsed.references) {
    const file = files.get(reference.name);
    const supported = reference.algorithm === XMLDSIG_SHA256;
    const digestMatches =
      file !== undefined &&
      supported &&
      reference.digest !== undefined &&
      Buffer.compare(sha256(file), reference.digest) === 0;
    report.references.push({ name: reference.name, present: file !== undefined, digestMatches });
    if (!file) problems.push(`${reference.name} is named by the manifest but missing`);
    else if (!supported) problems.push(`${reference.name}: unsupported digest method`);
    else if (!digestMatches) problems.push(`${reference.name} was changed after signing`);
  }
  if (parsed.references.length === 0) problems.push('the manifest names no document');
  report.valid =
    report.digestMatches &&
    report.signatureValid &&
    report.references.length > 0 &&
    report.references.every((r) => r.digestMatches);
  return report;
}

/** Each signer's (and TSA's) revocation now, from what `online` answers about their paths. */
async function checkRevocation(
  checked: { report: AsicSignatureReport; evidence: SignatureEvidence }[],
  online: NonNullable<AsicValidateOptions['online']>,
): Promise<void> {
  const paths = new Map<string, CertificatePath>();
  for (const { evidence } of checked) {
    for (const chain of [evidence.chain, evidence.tsaChain]) {
      const leaf = chain?.path[0];
      if (chain && leaf) paths.set(Buffer.from(leaf.der).toString('base64'), chain);
    }
  }
  if (paths.size === 0) return;
  const data = await online(
    [...paths.values()].map(({ path, trusted }) => ({ path: path.map((c) => c.der), trusted })),
  );
  const pool = revocationPool({ ocsps: data.ocsps ?? [], crls: data.crls ?? [] }, 'ONLINE');
  const now = new Date();
  for (const { report, evidence } of checked) applyRevocation(report, evidence, pool, now);
}

/**
 * Validates an ASiC-E container with CAdES signatures (EN 319 162-1): the mimetype, each
 * `META-INF/*.p7s` over the ASiCManifest that names it (CMS, chain to the anchors, time-stamp,
 * revocation when `online` answers), each manifest's digests against the documents, and which
 * documents no valid signature covers.
 */
export async function validateAsic(
  bytes: Uint8Array,
  options: AsicValidateOptions,
): Promise<AsicValidationReport> {
  const entries = await readAsic(bytes, options.limits);
  const { files } = entries;
  const anchors = options.trustAnchors.map((der) => parseCertificate(der));
  const problems: string[] = [];
  const mimetype = files.get('mimetype');
  const mimetypeValid =
    entries.mimetypeFirstStored &&
    mimetype !== undefined &&
    Buffer.from(mimetype).toString('latin1') === ASIC_E_MIMETYPE;
  if (!mimetypeValid) problems.push('the first entry is not the stored ASiC-E mimetype');
  const documents = [...files]
    .filter(([name]) => name !== 'mimetype' && !/^META-INF\//i.test(name))
    .map(([name, file]) => ({ name, size: file.length }));
  // Which manifest points at which signature.
  const manifestOf = new Map<string, string>();
  for (const name of entries.names) {
    if (!/^META-INF\/ASiCManifest[^/]*\.xml$/i.test(name)) continue;
    try {
      const reference = parseAsicManifest(files.get(name) as Uint8Array).sigReference;
      if (reference) manifestOf.set(reference, name);
    } catch {
      problems.push(`${name} cannot be read`);
    }
  }
  const checked = entries.names
    .filter((name) => /^META-INF\/[^/]*signature[^/]*\.p7s$/i.test(name))
    .map((signatureName) => {
      const evidence: SignatureEvidence = { chain: { path: [], trusted: false } };
      const report = checkSignature({
        signatureName,
        manifestName: manifestOf.get(signatureName),
        files,
        anchors,
        evidence,
      });
      return { report, evidence };
    });
  if (options.online) await checkRevocation(checked, options.online);
  const signatures = checked.map((c) => c.report);
  if (signatures.length === 0) problems.push('the container holds no signature');
  const covered = new Set(
    signatures.filter((s) => s.valid).flatMap((s) => s.references.map((r) => r.name)),
  );
  const uncovered = documents.map((d) => d.name).filter((name) => !covered.has(name));
  if (uncovered.length > 0)
    problems.push(`not covered by a valid signature: ${uncovered.join(', ')}`);
  return { mimetypeValid, documents, uncovered, signatures, problems };
}
