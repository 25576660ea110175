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
import {
  collectSignatureFields,
  rootPageNode,
  visibleSignaturePlace,
  type SignatureField,
} from '../fields';
import { mergePools, revocationPool, type RevocationPool } from '../long-term';
import {
  pageCount,
  parsePdfDate,
  PdfFile,
  PdfParser,
  PdfRef,
  PdfString,
  type PdfDict,
} from '../pdf';
import {
  applyRevocation,
  applyTimestampRevocation,
  dssView,
  isDocumentTimestamp,
  signatureLevel,
  validateDocumentTimestamp,
  type DocumentTimestampReport,
  type DssView,
  type SignatureEvidence,
  type TimestampEvidence,
} from './long-term-validation';
import type { CertificatePath } from './long-term-validation';
import { RangeDigests } from './range-digests';
import { analyseUpdate } from './update-analysis';
import type {
  OnlineValidateOptions,
  CertificateSummary,
  RevocationData,
  RevocationPath,
  SignatureReport,
  ValidateOptions,
  ValidationReport,
} from './validation-report';

function summary(certificate: Certificate): CertificateSummary {
  return {
    subject: certificate.subjectName,
    issuer: certificate.issuerName,
    serialNumber: certificate.serialNumber.toString(16),
    notBefore: certificate.notBefore,
    notAfter: certificate.notAfter,
  };
}

/**
 * Offsets where a revision may end: right after each `%%EOF`, and after its end-of-line when one
 * follows (a signature may or may not cover it).
 */
function revisionEnds(bytes: Uint8Array): number[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const ends: number[] = [];
  let at = buffer.indexOf('%%EOF', 0, 'latin1');
  while (at >= 0) {
    let end = at + 5;
    ends.push(end);
    if (bytes[end] === 0x0d) ends.push(++end);
    if (bytes[end] === 0x0a) ends.push(++end);
    at = buffer.indexOf('%%EOF', at + 5, 'latin1');
  }
  return ends;
}

function checkGap(bytes: Uint8Array, a: number, b: number, contents: Uint8Array): boolean {
  if (bytes[a] !== 0x3c || bytes[b - 1] !== 0x3e) return false;
  for (let i = a + 1; i < b - 1; i++) {
    const c = bytes[i] as number;
    const isHex = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
    if (!isHex) return false;
  }
  const gap = Buffer.from(Buffer.from(bytes.subarray(a + 1, b - 1)).toString('latin1'), 'hex');
  return Buffer.compare(gap, Buffer.from(contents)) === 0;
}

/** What every signature's and time-stamp's check shares. */
interface ValidationContext {
  file: PdfFile;
  anchors: Certificate[];
  /** Offsets where a revision may end. */
  ends: number[];
  trailingGarbage: boolean;
  /** The document's DSS as it stands. */
  dss: DssView;
  digests: RangeDigests;
}

interface CheckedDocument {
  context: ValidationContext;
  signatures: { report: SignatureReport; evidence: SignatureEvidence }[];
  timestamps: { report: DocumentTimestampReport; evidence: TimestampEvidence }[];
}

/** Everything but revocation and levels, which depend on where revocation data comes from. */
function checkDocument(pdf: Uint8Array, options: ValidateOptions): CheckedDocument {
  const file = new PdfFile(pdf, options.password, options.limits);
  const anchors = options.trustAnchors.map((der) => parseCertificate(der));
  const ends = revisionEnds(pdf);
  const lastEnd = ends[ends.length - 1] ?? 0;
  let trailingGarbage = false;
  for (let i = lastEnd; i < pdf.length; i++) {
    const c = pdf[i] as number;
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x00 && c !== 0x09) {
      trailingGarbage = true;
      break;
    }
  }
  const fields = collectSignatureFields(file).map((field) => ({
    field,
    sig: file.resolveDict(field.value),
  }));
  const context: ValidationContext = {
    file,
    anchors,
    ends,
    trailingGarbage,
    dss: dssView(file),
    digests: new RangeDigests(
      pdf,
      sharedPrefix(
        file,
        fields.map((f) => f.sig),
      ),
    ),
  };
  const checked: CheckedDocument = { context, signatures: [], timestamps: [] };
  for (const { field, sig } of fields) {
    if (sig && isDocumentTimestamp(sig)) {
      checked.timestamps.push(validateDocumentTimestamp(file, field, sig, context));
      continue;
    }
    const evidence: SignatureEvidence = { chain: { path: [], trusted: false }, end: 0 };
    checked.signatures.push({ report: validateSignature(context, field, evidence), evidence });
  }
  return checked;
}

/** Where the first byte range of every signature ends at the earliest (0 when one is odd). */
function sharedPrefix(file: PdfFile, signatures: (PdfDict | undefined)[]): number {
  let end = file.bytes.length;
  for (const sig of signatures) {
    const range = file.resolve(sig?.get('ByteRange'));
    const [start, length] = Array.isArray(range) ? range : [];
    if (start !== 0 || typeof length !== 'number' || !Number.isInteger(length) || length < 0)
      return 0;
    end = Math.min(end, length);
  }
  return end;
}

/** Revocation from `pool` (the DSS's, and what was asked online), then each signature's level. */
function finish(checked: CheckedDocument, pool: RevocationPool): ValidationReport {
  const { context, signatures, timestamps } = checked;
  const { file } = context;
  const now = new Date();
  const views = new Map<number, DssView>([[0, context.dss]]);
  const dssAt = (section: number): DssView => {
    let view = views.get(section);
    if (!view) {
      view = dssView(file, section);
      views.set(section, view);
    }
    return view;
  };
  for (const { report, evidence } of timestamps)
    applyTimestampRevocation(report, evidence, pool, now);
  for (const { report, evidence } of signatures) {
    applyRevocation(report, evidence, pool, now);
    const level = signatureLevel(report, evidence, file, timestamps, dssAt);
    if (level) report.level = level;
  }
  return {
    signatures: signatures.map((s) => s.report),
    documentTimestamps: timestamps.map((t) => t.report),
    revisions: file.sections.length,
    ...pagesOf(file),
  };
}

/**
 * Checks every signature of a PDF: byte ranges, digest, CMS signature, chain to the anchors,
 * times, coverage and what later updates change; flags USF, ISA and SWA shapes. Revocation comes
 * from the document's DSS; document time-stamps are checked apart, and each signature's PAdES
 * level follows from both.
 */
export function validate(pdf: Uint8Array, options: ValidateOptions): ValidationReport {
  const checked = checkDocument(pdf, options);
  const dssPool = checked.context.dss.pool;
  if (!options.onlineData) return finish(checked, dssPool);
  const online = revocationPool(
    { ocsps: options.onlineData.ocsps ?? [], crls: options.onlineData.crls ?? [] },
    'ONLINE',
  );
  return finish(checked, mergePools(dssPool, online));
}

/** The signers' and TSAs' paths of a checked document, each once. */
function pathsOf(checked: CheckedDocument): CertificatePath[] {
  const paths = [
    ...checked.signatures.flatMap(({ evidence }) => [
      evidence.chain,
      ...(evidence.tsaChain ? [evidence.tsaChain] : []),
    ]),
    ...checked.timestamps.flatMap(({ evidence }) => (evidence.tsaChain ? [evidence.tsaChain] : [])),
  ];
  const seen = new Set<string>();
  return paths.filter(({ path }) => {
    const leaf = path[0];
    if (!leaf) return false;
    const key = Buffer.from(leaf.der).toString('base64');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The certification paths of the signers and TSAs of a PDF (DER, end-entity first), whose
 * revocation an online check asks about: a caller that cannot pass a hook (another thread) fetches
 * their OCSP responses or CRLs itself and gives them to `validate` as `onlineData`.
 */
export function revocationPaths(pdf: Uint8Array, options: ValidateOptions): RevocationPath[] {
  return pathsOf(checkDocument(pdf, options)).map(({ path, trusted }) => ({
    path: path.map((certificate) => certificate.der),
    trusted,
  }));
}

/**
 * Like `validate`, but also asks `options.online` about every certificate of the signers' and
 * TSAs' paths below their anchors (their status now, source ONLINE in the report); a revocation
 * either source knows wins, and the levels still count only what the DSS holds.
 */
export async function validateOnline(
  pdf: Uint8Array,
  options: OnlineValidateOptions,
): Promise<ValidationReport> {
  const checked = checkDocument(pdf, options);
  const dssPool = checked.context.dss.pool;
  const asked = new Map<string, Promise<RevocationData>>();
  for (const { path } of pathsOf(checked)) {
    for (const [i, certificate] of path.entries()) {
      const issuer = path[i + 1];
      const key = Buffer.from(certificate.der).toString('base64');
      if (!issuer || asked.has(key)) continue;
      asked.set(
        key,
        options.online({ certificate: certificate.der, issuer: issuer.der }).catch(() => ({})),
      );
    }
  }
  const answers = await Promise.all(asked.values());
  const online = revocationPool(
    {
      ocsps: answers.flatMap((a) => a.ocsps ?? []),
      crls: answers.flatMap((a) => a.crls ?? []),
    },
    'ONLINE',
  );
  return finish(checked, mergePools(dssPool, online));
}

/** The page count and the trail's share of it; a page tree that cannot be read has none. */
function pagesOf(file: PdfFile): { pages: number; trailPages: number } {
  try {
    return { pages: pageCount(file), trailPages: rootPageNode(file).trailKids };
  } catch {
    return { pages: 0, trailPages: 0 };
  }
}

/** Checks one signature; fills `evidence` with what its long-term checks need. */
function validateSignature(
  context: ValidationContext,
  field: SignatureField,
  evidence: SignatureEvidence,
): SignatureReport {
  const { file, anchors, ends, trailingGarbage, dss } = context;
  const bytes = file.bytes;
  const problems: string[] = [];
  const report: SignatureReport = {
    fieldName: field.name,
    digestMatches: false,
    signatureValid: false,
    chain: [],
    chainTrusted: false,
    coversWholeDocument: false,
    subsequentUpdates: [],
    modifiedAfterSigning: false,
    flags: {
      universalSignatureForgery: false,
      incrementalSavingAttack: false,
      signatureWrappingAttack: false,
      shadowAttack: false,
    },
    problems,
    valid: false,
  };
  const usf = (message: string): SignatureReport => {
    report.flags.universalSignatureForgery = true;
    problems.push(message);
    return report;
  };
  const place = visibleSignaturePlace(file, field.widget, field.widgetRef);
  if (place) {
    report.page = place.page;
    report.rect = place.rect;
  }
  const sig = file.resolveDict(field.value);
  if (!sig) return usf('the signature value is not a dictionary');
  report.subFilter = sig.nameOf('SubFilter');
  const m = sig.get('M');
  if (m instanceof PdfString) report.signingTime = parsePdfDate(m.text());
  const rangeValue = file.resolve(sig.get('ByteRange'));
  const contents = file.resolve(sig.get('Contents'));
  if (!Array.isArray(rangeValue) || rangeValue.length === 0) return usf('/ByteRange is missing');
  if (
    !(contents instanceof PdfString) ||
    contents.bytes.length === 0 ||
    contents.bytes.every((b) => b === 0)
  ) {
    return usf('/Contents is missing or empty');
  }
  const range = rangeValue.map((n) => (typeof n === 'number' ? n : NaN));
  report.byteRange = range;
  if (range.length % 2 !== 0 || range.some((n) => !Number.isInteger(n) || n < 0))
    return usf('/ByteRange is malformed');
  for (let i = 0; i < range.length; i += 2) {
    if ((range[i] as number) + (range[i + 1] as number) > bytes.length)
      return usf('/ByteRange points outside the file');
  }

  if (range.every((n, i) => i % 2 === 0 || n === 0)) return usf('/ByteRange covers no bytes');

  // Signature wrapping: the shape of the ranges.
  const swa = (message: string): void => {
    report.flags.signatureWrappingAttack = true;
    problems.push(message);
  };
  const [start, a, b, c] = range as [number, number, number, number];
  if (range.length !== 4) swa('/ByteRange does not have exactly two ranges');
  if (start !== 0) swa('/ByteRange does not start at 0');
  const end = (b ?? 0) + (c ?? 0);
  if (range.length === 4) {
    if (b <= a) swa('/ByteRange ranges overlap');
    else if (!checkGap(bytes, a, b, contents.bytes))
      swa('the unsigned gap is not exactly the /Contents string');
    else if (field.value instanceof PdfRef) {
      const entry = file.lookup(field.value.num);
      if (entry?.type === 1) {
        const parser = new PdfParser(bytes, entry.offset);
        try {
          const object = parser.parseIndirect();
          if (!(entry.offset < a && b <= object.end))
            swa('the unsigned gap lies outside the signature dictionary');
        } catch {
          swa('the signature dictionary cannot be read where the cross-reference says');
        }
      }
    }
    if (!ends.includes(end)) swa('/ByteRange does not end at the end of a revision');
  }

  // CMS.
  let signedData;
  try {
    signedData = parseSignedData(contents.bytes);
  } catch {
    return usf('/Contents is not a CMS SignedData');
  }
  const info = signedData.signerInfos[0];
  if (!info) return usf('the CMS has no SignerInfo');
  report.algorithm = signatureAlgorithmName(info.signatureAlgorithm.oid);
  let digest: Buffer;
  try {
    digest = context.digests.digest(digestName(info.digestAlgorithm), range);
  } catch {
    return usf('unsupported digest algorithm');
  }
  const check = checkSignerInfo(info, signedData.certificates, digest);
  report.digestMatches = check.digestMatches;
  report.signatureValid = check.signatureValid;
  if (!check.digestMatches)
    problems.push('the document digest does not match: the signed bytes were changed');
  if (!check.signerCertificate) return usf('the signer certificate is not in the CMS');
  if (!check.signatureValid) problems.push('the CMS signature does not verify');
  report.signer = summary(check.signerCertificate);
  const chain = buildChain(
    check.signerCertificate,
    [...signedData.certificates, ...dss.certificates],
    anchors,
  );
  evidence.chain = chain;
  report.chain = chain.path.map((cert) => cert.subjectName);
  report.chainTrusted = chain.trusted;
  if (!chain.trusted) problems.push('the certificate chain does not lead to a trust anchor');
  const signingTimeAttribute = info.attributes.get(OID.signingTime)?.[0];
  if (!report.signingTime && signingTimeAttribute)
    report.signingTime = derTime(signingTimeAttribute);

  const tokenNode = info.unsignedAttributes.get(OID.signatureTimeStampToken)?.[0];
  if (tokenNode) {
    const token = tokenNode.buffer.subarray(tokenNode.start, tokenNode.end);
    const ts = verifyTimestampToken(token, info.signature);
    const tsaChain = ts.tsaCertificate
      ? buildChain(ts.tsaCertificate, [...ts.certificates, ...dss.certificates], anchors)
      : undefined;
    if (tsaChain) evidence.tsaChain = tsaChain;
    report.timestamp = {
      time: ts.time,
      valid: ts.imprintMatches && ts.signatureValid,
      trusted: tsaChain?.trusted ?? false,
      tsa: ts.tsaCertificate?.subjectName,
    };
    if (!report.timestamp.valid) problems.push('the signature timestamp does not verify');
  }

  const when = report.timestamp?.valid ? report.timestamp.time : report.signingTime;
  if (when) {
    const certificate = check.signerCertificate;
    report.certificateValidAtSigningTime =
      certificate.notBefore <= when && when <= certificate.notAfter;
    if (!report.certificateValidAtSigningTime)
      problems.push('the signer certificate was not valid at the signing time');
  }

  // Coverage and later updates.
  evidence.end = end;
  let onlyWhitespaceAfter = true;
  for (let i = end; i < bytes.length && onlyWhitespaceAfter; i++) {
    const ch = bytes[i] as number;
    onlyWhitespaceAfter = ch === 0x20 || ch === 0x0a || ch === 0x0d || ch === 0x00 || ch === 0x09;
  }
  report.coversWholeDocument = end === bytes.length || onlyWhitespaceAfter;
  const isa = (message: string): void => {
    report.flags.incrementalSavingAttack = true;
    report.modifiedAfterSigning = true;
    problems.push(message);
  };
  if (!report.coversWholeDocument) {
    if (!file.sections.some((section) => section.offset < end)) {
      isa('the signed revision is not part of the current cross-reference chain');
    }
    const later = file.sections
      .map((section, index) => ({ section, index }))
      .filter(({ section }) => section.offset >= end)
      .reverse();
    let trailPagesChanged = false;
    for (const { index } of later) {
      const update = analyseUpdate(file, index);
      report.subsequentUpdates.push(update);
      if (update.modifications.length > 0)
        isa(`a later update modifies the document: ${update.modifications.join('; ')}`);
      if (update.changesContent && report.digestMatches) report.flags.shadowAttack = true;
      trailPagesChanged ||= update.trail === 'PAGES_ADDED' || update.trail === 'PAGES_REPLACED';
    }
    // The pages shown are no longer the pages signed: not an attack by name, not nothing.
    if (trailPagesChanged)
      problems.push(
        "a later update changed the signing trail's pages: this signature's own revision shows the pages it covers",
      );
    if (later.length === 0)
      isa('bytes were appended after the signed revision without a cross-reference section');
  }
  if (trailingGarbage && !problems.some((p) => p.startsWith('bytes were appended'))) {
    isa('bytes follow the last %%EOF');
  }
  report.valid =
    report.digestMatches &&
    report.signatureValid &&
    !report.flags.universalSignatureForgery &&
    !report.flags.signatureWrappingAttack;
  return report;
}
