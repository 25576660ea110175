import { createHash } from 'node:crypto';
import { isTrailPage, rootPageNode } from './append-pages';
import { buildChain } from './certificate-chain';
import { checkSignerInfo, digestName, parseSignedData } from './cms-signed-data';
import { derTime, parseCertificate, type Certificate } from '@signet/der';
import { OID } from './oids';
import { PdfFile, type PdfLimits } from './pdf-file';
import {
  PdfDict,
  PdfRef,
  PdfStream,
  PdfString,
  parsePdfDate,
  serialize,
  type PdfValue,
} from './pdf-objects';
import { PdfParser } from './pdf-parser';
import { pageCount, qualifiedFieldName } from './pdf-structure';
import { visibleSignaturePage } from './signature-page';
import { verifyTimestampToken } from './timestamp';

export interface ValidateOptions {
  /** DER certificates trusted as roots. */
  trustAnchors: Uint8Array[];
  /** Password of an encrypted PDF. */
  password?: string;
  /** Bounds on the work the file may cause (its inflate budget). */
  limits?: PdfLimits;
}

export interface CertificateSummary {
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
}

export interface UpdateReport {
  /** Offset of the update's cross-reference section. */
  offset: number;
  /** True when the update only adds signatures, their fields, widgets and appearances. */
  onlySignatures: boolean;
  /**
   * Some change redefines what a page draws: a page, the page tree, a content stream, XObject,
   * font, annotation or form field, optional content, or an object deleted (a shadow attack's
   * hide, replace or hide-and-replace, decision 039).
   */
  changesContent: boolean;
  modifications: string[];
}

export interface SignatureReport {
  fieldName: string;
  subFilter?: string;
  byteRange?: number[];
  /** The digest of the byte ranges equals the signed message-digest attribute. */
  digestMatches: boolean;
  /** The CMS signature verifies with the signer certificate. */
  signatureValid: boolean;
  signer?: CertificateSummary;
  /** Subjects from the signer to the anchor (or as far as the path goes). */
  chain: string[];
  /** The path ends at one of the trust anchors. */
  chainTrusted: boolean;
  /** The signer certificate was within its validity period at the (timestamped or claimed) signing time. */
  certificateValidAtSigningTime?: boolean;
  algorithm?: string;
  /** /M of the signature dictionary (claimed by the signer). */
  signingTime?: Date;
  /** The page (from 1) of a visible signature's widget; undefined for an invisible one. */
  page?: number;
  timestamp?: { time?: Date; valid: boolean; trusted: boolean; tsa?: string };
  /** The byte ranges end at the end of the file. */
  coversWholeDocument: boolean;
  /** Updates appended after the signed revision, oldest first. */
  subsequentUpdates: UpdateReport[];
  /** Some later update changes more than signatures and their fields. */
  modifiedAfterSigning: boolean;
  flags: {
    /** USF: missing, empty or unusable /Contents or /ByteRange, or a CMS without signer. */
    universalSignatureForgery: boolean;
    /** ISA: content changed by later updates, or bytes appended outside any update. */
    incrementalSavingAttack: boolean;
    /** SWA: byte ranges not starting at 0, not excluding exactly /Contents, not ending at a revision end. */
    signatureWrappingAttack: boolean;
    /** Shadow: the signed bytes are intact, yet a later update redefines what the pages show. */
    shadowAttack: boolean;
  };
  /** The PAdES baseline level the signature reaches (B-T: time-stamped, B-LT: with validation data). */
  level?: 'B-B' | 'B-T' | 'B-LT' | 'B-LTA';
  /** Revocation of the signer's certificate, and where the answer came from. */
  revocation?: {
    status: 'GOOD' | 'REVOKED' | 'UNKNOWN';
    source: 'DSS' | 'ONLINE' | 'NONE';
    revokedAt?: Date;
    /** When the OCSP response was produced or the CRL issued. */
    producedAt?: Date;
  };
  problems: string[];
  /** Cryptographically intact and structurally sound (digest, signature, no USF/SWA). */
  valid: boolean;
}

export interface ValidationReport {
  signatures: SignatureReport[];
  /** Number of cross-reference sections (revisions) in the file. */
  revisions: number;
  /** Pages of the document as it stands, its signing trail's pages included. */
  pages: number;
  /**
   * Of those, the signing trail's pages at its end (`/SignetTrail true`, decision 027): a visible
   * signature goes only on the `pages - trailPages` pages before them.
   */
  trailPages: number;
  /** Document time-stamps (`/DocTimeStamp`, ETSI.RFC3161), oldest first (B-LTA). */
  documentTimestamps?: {
    fieldName: string;
    time?: Date;
    valid: boolean;
    trusted: boolean;
    tsa?: string;
    coversWholeDocument: boolean;
  }[];
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

const ALGORITHM_NAMES: Record<string, string> = {
  [OID.rsaEncryption]: 'RSA_PKCS1',
  [OID.sha256WithRsa]: 'RSA_PKCS1',
  [OID.sha384WithRsa]: 'RSA_PKCS1',
  [OID.sha512WithRsa]: 'RSA_PKCS1',
  [OID.sha1WithRsa]: 'RSA_PKCS1',
  [OID.rsaPss]: 'RSA_PSS',
  [OID.ecdsaWithSha256]: 'ECDSA',
  [OID.ecdsaWithSha384]: 'ECDSA',
  [OID.ecdsaWithSha512]: 'ECDSA',
  [OID.ecPublicKey]: 'ECDSA',
  [OID.slhDsaSha2_128f]: 'SLH_DSA_SHA2_128F',
};

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

interface SignatureField {
  name: string;
  value: PdfValue;
  /** The widget annotation: the field itself (merged), or its first kid. */
  widget: PdfDict;
  widgetRef?: PdfRef;
}

/** The signature fields that hold a signature (a /V value), with their qualified names. */
export function collectSignatureFields(file: PdfFile): SignatureField[] {
  const out: SignatureField[] = [];
  const root = file.resolveDict(file.trailer.get('Root'));
  const form = file.resolveDict(root?.get('AcroForm'));
  const walk = (
    value: PdfValue,
    prefix: string,
    inheritedFt: string | undefined,
    depth: number,
  ): void => {
    const list = file.resolve(value);
    if (!Array.isArray(list) || depth > 32) return;
    for (const item of list) {
      const dict = file.resolveDict(item);
      if (!dict) continue;
      const name = qualifiedFieldName(dict, prefix);
      const ft = dict.nameOf('FT') ?? inheritedFt;
      const kids = dict.get('Kids');
      const v = dict.get('V');
      if (ft === 'Sig' && v !== undefined && v !== null) {
        // A field with its widgets as kids shows the first of them.
        const kidList = dict.get('Rect') === undefined ? file.resolve(kids) : undefined;
        const kid = Array.isArray(kidList) ? kidList[0] : undefined;
        const kidDict = kid === undefined ? undefined : file.resolveDict(kid);
        const widgetRef = kidDict ? kid : item;
        out.push({
          name,
          value: v,
          widget: kidDict ?? dict,
          ...(widgetRef instanceof PdfRef ? { widgetRef } : {}),
        });
      } else if (kids !== undefined) walk(kids, name, ft, depth + 1);
    }
  };
  walk(form?.get('Fields') ?? null, '', undefined, 0);
  return out;
}

function isSignatureFieldOrWidget(file: PdfFile, value: PdfValue, section: number): boolean {
  let dict = file.resolveDict(value, section);
  for (let depth = 0; dict && depth < 16; depth++) {
    if (dict.nameOf('FT') === 'Sig') return true;
    dict = file.resolveDict(dict.get('Parent'), section);
  }
  return false;
}

const same = (a: PdfValue | undefined, b: PdfValue | undefined): boolean => {
  if (a instanceof PdfStream || b instanceof PdfStream) {
    return (
      a instanceof PdfStream &&
      b instanceof PdfStream &&
      serialize(a.dict) === serialize(b.dict) &&
      Buffer.compare(a.data, b.data) === 0
    );
  }
  return serialize(a ?? null) === serialize(b ?? null);
};

/** An array that keeps every earlier item in place and only appends signature fields or widgets. */
function onlyAppendsSignatureFields(
  file: PdfFile,
  previous: PdfValue,
  next: PdfValue,
  section: number,
): boolean {
  const oldItems = Array.isArray(previous) ? previous : [];
  const newItems = Array.isArray(next) ? next : [];
  return (
    oldItems.every((item, i) => same(item, newItems[i])) &&
    newItems.slice(oldItems.length).every((item) => isSignatureFieldOrWidget(file, item, section))
  );
}

/**
 * A page node whose only change is that pages marked as signing trail pages left its kids and
 * others so marked were appended after the rest, which keep their order (decision 027).
 */
function onlyTrailPagesReplaced(
  file: PdfFile,
  previous: PdfDict,
  next: PdfDict,
  section: number,
): boolean {
  const keys = new Set([...previous.map.keys(), ...next.map.keys()]);
  for (const key of keys)
    if (key !== 'Kids' && key !== 'Count' && !same(previous.get(key), next.get(key))) return false;
  const oldKids = file.resolve(previous.get('Kids'), section + 1);
  const newKids = file.resolve(next.get('Kids'), section);
  if (!Array.isArray(oldKids) || !Array.isArray(newKids)) return false;
  const oldKept = oldKids.filter((kid) => !isTrailPage(file.resolveDict(kid, section + 1)));
  const newTrail = newKids.filter((kid) => isTrailPage(file.resolveDict(kid, section)));
  const newKept = newKids.slice(0, newKids.length - newTrail.length);
  if (newKept.length !== oldKept.length || newKept.some((kid, i) => !same(kid, oldKept[i])))
    return false;
  if (newKids.slice(newKept.length).some((kid) => !isTrailPage(file.resolveDict(kid, section))))
    return false;
  const oldCount = previous.numberOf('Count') ?? 0;
  const oldTrail = oldKids.length - oldKept.length;
  return next.numberOf('Count') === oldCount - oldTrail + newTrail.length;
}

/**
 * Compares two versions of a dictionary: keys in `allowed` may change freely, keys in `lists` may
 * only gain signature fields (resolving indirect arrays), `nested` keys are compared with
 * `compareNested`; any other difference is reported.
 */
function compareDicts(options: {
  file: PdfFile;
  section: number;
  label: string;
  previous: PdfDict;
  next: PdfDict;
  allowed?: string[];
  lists?: string[];
  nested?: Record<string, (previous: PdfValue | undefined, next: PdfValue | undefined) => string[]>;
}): string[] {
  const { file, section, label, previous, next } = options;
  const out: string[] = [];
  for (const key of new Set([...previous.map.keys(), ...next.map.keys()])) {
    const a = previous.get(key);
    const b = next.get(key);
    if (same(a, b) || options.allowed?.includes(key)) continue;
    const nested = options.nested?.[key];
    if (nested) {
      out.push(...nested(a, b));
      continue;
    }
    if (options.lists?.includes(key)) {
      const sameIndirect = a instanceof PdfRef && b instanceof PdfRef && a.num === b.num; // checked as its own object
      if (
        sameIndirect ||
        onlyAppendsSignatureFields(
          file,
          file.resolve(a, section + 1),
          file.resolve(b, section),
          section,
        )
      ) {
        continue;
      }
    }
    out.push(`${label}: /${key} changed`);
  }
  return out;
}

/** Describes what one update changes that is not a signature, a signature field or their plumbing. */
function analyseUpdate(file: PdfFile, sectionIndex: number): UpdateReport {
  const section = file.sections[sectionIndex];
  const modifications: string[] = [];
  if (!section) {
    return {
      offset: -1,
      onlySignatures: false,
      changesContent: true,
      modifications: ['missing section'],
    };
  }
  let changesContent = false;
  const rootRef = section.summary.get('Root');
  const infoRef = section.summary.get('Info') ?? file.trailer.get('Info');
  const acroFormRules = { allowed: ['SigFlags', 'DR'], lists: ['Fields'] };
  for (const num of section.numbers()) {
    const entry = section.lookup(num);
    if (!entry) continue;
    const before = file.lookup(num, sectionIndex + 1);
    if (entry.type === 0) {
      if (before && before.type !== 0) {
        modifications.push(`object ${num} deleted`);
        changesContent = true;
      }
      continue;
    }
    const next = file.getObject(num, sectionIndex);
    const previous =
      before && before.type !== 0 ? file.getObject(num, sectionIndex + 1) : undefined;
    const nextDict =
      next instanceof PdfStream ? next.dict : next instanceof PdfDict ? next : undefined;
    const type = nextDict?.nameOf('Type');
    // Cross-reference plumbing, the document information dictionary and XMP metadata do not
    // change what the document shows; signing tools routinely update the latter two.
    if (type === 'XRef' || type === 'ObjStm' || type === 'Metadata') continue;
    if (infoRef instanceof PdfRef && infoRef.num === num) continue;
    // New objects only matter once a changed object references them, and those are checked.
    if (previous === undefined || previous === null) continue;
    if (same(previous, next)) continue;
    const label = `object ${num}${type ? ` (/${type})` : ''}`;
    const already = modifications.length;
    const isRoot = rootRef instanceof PdfRef && rootRef.num === num;
    if (Array.isArray(previous) && Array.isArray(next)) {
      if (!onlyAppendsSignatureFields(file, previous, next, sectionIndex)) {
        modifications.push(`${label}: array changed beyond added signature fields`);
        changesContent = true;
      }
      continue;
    }
    if (!(previous instanceof PdfDict) || !(next instanceof PdfDict)) {
      modifications.push(`${label} changed`);
      changesContent = true;
      continue;
    }
    const common = { file, section: sectionIndex, label, previous, next };
    if (isRoot) {
      modifications.push(
        ...compareDicts({
          ...common,
          allowed: ['DSS', 'Metadata', 'Extensions'],
          nested: {
            AcroForm: (a, b) => {
              if (a instanceof PdfRef && b instanceof PdfRef && a.num === b.num) return [];
              const oldForm = file.resolveDict(a, sectionIndex + 1) ?? new PdfDict();
              const newForm = file.resolveDict(b, sectionIndex) ?? new PdfDict();
              return compareDicts({
                ...common,
                label: `${label} /AcroForm`,
                previous: oldForm,
                next: newForm,
                ...acroFormRules,
              });
            },
          },
        }),
      );
    } else if (type === 'Page') {
      modifications.push(...compareDicts({ ...common, lists: ['Annots'] }));
    } else if (type === 'Pages' && onlyTrailPagesReplaced(file, previous, next, sectionIndex)) {
      // The signing trail's pages, replaced by the next signature's (decision 027).
      continue;
    } else if (previous.get('Fields') !== undefined || next.get('Fields') !== undefined) {
      modifications.push(...compareDicts({ ...common, ...acroFormRules }));
    } else if (
      isSignatureFieldOrWidget(file, previous, sectionIndex + 1) &&
      previous.get('V') === undefined
    ) {
      // Signing an empty signature field that existed before.
      modifications.push(...compareDicts({ ...common, allowed: ['V', 'AP', 'Lock', 'SV', 'F'] }));
    } else {
      modifications.push(`${label} changed`);
    }
    // Any other object a later update redefines is drawn or decides what is drawn; of the
    // catalogue only the page tree, optional content and the form do.
    const added = modifications.slice(already);
    if (isRoot ? added.some((m) => /\/(Pages|OCProperties|AcroForm)\b/.test(m)) : added.length > 0)
      changesContent = true;
  }
  return {
    offset: section.offset,
    onlySignatures: modifications.length === 0,
    changesContent,
    modifications,
  };
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

/**
 * Checks every signature of a PDF: byte ranges, digest, CMS signature, chain to the anchors,
 * times, coverage and what later updates change; flags USF, ISA and SWA shapes.
 */
export function validate(pdf: Uint8Array, options: ValidateOptions): ValidationReport {
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
  const signatures = collectSignatureFields(file).map((field) =>
    validateSignature(file, field, anchors, ends, trailingGarbage),
  );
  return {
    signatures,
    revisions: file.sections.length,
    ...pagesOf(file),
  };
}

/** The page count and the trail's share of it; a page tree that cannot be read has none. */
function pagesOf(file: PdfFile): { pages: number; trailPages: number } {
  try {
    return { pages: pageCount(file), trailPages: rootPageNode(file).trailKids };
  } catch {
    return { pages: 0, trailPages: 0 };
  }
}

function validateSignature(
  file: PdfFile,
  field: SignatureField,
  anchors: Certificate[],
  ends: number[],
  trailingGarbage: boolean,
): SignatureReport {
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
  report.page = visibleSignaturePage(file, field.widget, field.widgetRef);
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
  report.algorithm = ALGORITHM_NAMES[info.signatureAlgorithm.oid] ?? info.signatureAlgorithm.oid;
  let digest: Buffer;
  try {
    const hash = createHash(digestName(info.digestAlgorithm));
    for (let i = 0; i + 1 < range.length; i += 2) {
      hash.update(
        bytes.subarray(range[i] as number, (range[i] as number) + (range[i + 1] as number)),
      );
    }
    digest = hash.digest();
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
  const chain = buildChain(check.signerCertificate, signedData.certificates, anchors);
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
    const tsaTrusted = ts.tsaCertificate
      ? buildChain(ts.tsaCertificate, ts.certificates, anchors).trusted
      : false;
    report.timestamp = {
      time: ts.time,
      valid: ts.imprintMatches && ts.signatureValid,
      trusted: tsaTrusted,
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
    for (const { index } of later) {
      const update = analyseUpdate(file, index);
      report.subsequentUpdates.push(update);
      if (!update.onlySignatures)
        isa(`a later update modifies the document: ${update.modifications.join('; ')}`);
      if (update.changesContent && report.digestMatches) report.flags.shadowAttack = true;
    }
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
