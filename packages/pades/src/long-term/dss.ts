/**
 * The Document Security Store (ISO 32000-2 §12.8.4.3, ETSI EN 319 142-1 §5.4): certificates, OCSP
 * responses and CRLs in the catalog's /DSS, so a signature validates offline after its
 * certificates expire (PAdES B-LT). Written as an incremental update that adds new objects and
 * changes only the catalog's /DSS, which validators count as an allowed change.
 */
import { createHash } from 'node:crypto';
import {
  parseCertificate,
  readCrl,
  readDer,
  readOcspResponse,
  type Certificate,
  type Crl,
  type OcspResponse,
} from '@signet/der';
import { findSignerCertificate, OID, parseSignedData } from '../cms';
import { collectSignatureFields } from '../fields';
import {
  getCatalog,
  IncrementalUpdate,
  pdfDate,
  PdfDict,
  PdfFile,
  PdfName,
  PdfRef,
  PdfStream,
  PdfString,
  type PdfLimits,
  type PdfValue,
} from '../pdf';
import type { PreparedState } from '../signing';
import { revocationConcerns } from './revocation-check';

export interface ValidationData {
  /** DER certificates (the signers' and TSAs' chains). */
  certificates?: Uint8Array[];
  /** DER OCSPResponse structures. */
  ocsps?: Uint8Array[];
  /** DER CertificateList structures. */
  crls?: Uint8Array[];
  /**
   * Also write a /VRI entry per signature and document time-stamp naming the items that concern
   * its certificates (default true).
   */
  vri?: boolean;
}

export interface ValidationDataOptions extends ValidationData {
  /** User or owner password of an encrypted PDF. */
  password?: string;
  limits?: PdfLimits;
  /** The /TU of new VRI entries; now by default. */
  time?: Date;
}

export interface DssContents {
  certificates: Uint8Array[];
  ocsps: Uint8Array[];
  crls: Uint8Array[];
}

type DssKey = 'Certs' | 'OCSPs' | 'CRLs';
const KEYS: Record<keyof DssContents, DssKey> = {
  certificates: 'Certs',
  ocsps: 'OCSPs',
  crls: 'CRLs',
};

/** The streams of one DSS array: their references and decoded data. */
function readDssArray(
  file: PdfFile,
  dss: PdfDict | undefined,
  key: DssKey,
  section: number,
): { ref: PdfRef; data: Uint8Array }[] {
  const list = file.resolve(dss?.get(key), section);
  const out: { ref: PdfRef; data: Uint8Array }[] = [];
  for (const item of Array.isArray(list) ? list : []) {
    if (!(item instanceof PdfRef)) continue;
    const stream = file.getObject(item.num, section);
    if (!(stream instanceof PdfStream)) continue;
    try {
      out.push({ ref: item, data: file.streamData(stream, item.num, item.gen) });
    } catch {
      // an unreadable stream holds nothing we can use
    }
  }
  return out;
}

function dssDict(file: PdfFile, section: number): PdfDict | undefined {
  const catalog = file.resolveDict(file.trailer.get('Root'), section);
  return file.resolveDict(catalog?.get('DSS'), section);
}

/**
 * What the DSS holds as of the revision whose newest cross-reference section is `section`
 * (0 = the document as it stands).
 */
export function readDss(file: PdfFile, section = 0): DssContents {
  const dss = dssDict(file, section);
  const data = (key: DssKey) => readDssArray(file, dss, key, section).map((item) => item.data);
  return { certificates: data('Certs'), ocsps: data('OCSPs'), crls: data('CRLs') };
}

/** What the DSS of a document (as it stands) holds, DER. */
export function readDocumentSecurityStore(
  pdf: Uint8Array,
  options: { password?: string; limits?: PdfLimits } = {},
): DssContents {
  return readDss(new PdfFile(pdf, options.password, options.limits));
}

const sha1Hex = (bytes: Uint8Array): string =>
  createHash('sha1').update(bytes).digest('hex').toUpperCase();

/** The certificates a signature or document time-stamp carries: its CMS's and its token's. */
function signatureCertificates(contents: Uint8Array): Certificate[] {
  try {
    const cms = parseSignedData(contents);
    const out = [...cms.certificates];
    for (const info of cms.signerInfos) {
      const token = info.unsignedAttributes.get(OID.signatureTimeStampToken)?.[0];
      if (token)
        out.push(...parseSignedData(token.buffer.subarray(token.start, token.end)).certificates);
    }
    return out;
  } catch {
    return [];
  }
}

/**
 * The chain of the TSA that time-stamped a freshly embedded signature, DER, its signing
 * certificate first (then the token's other certificates), for the validation data to collect;
 * empty without a token. `signed` is the document or the increment `embed` returned for `state`.
 */
export function signatureTimestampChain(signed: Uint8Array, state: PreparedState): Uint8Array[] {
  const start =
    signed.length === state.byteRange[2] + state.byteRange[3] ? 0 : state.originalLength;
  const from = state.contentsOffset + 1 - start;
  const hex = Buffer.from(signed.buffer, signed.byteOffset + from, state.placeholderSize * 2);
  const padded = Buffer.from(hex.toString('latin1'), 'hex');
  const info = parseSignedData(padded.subarray(0, readDer(padded).end)).signerInfos[0];
  const node = info?.unsignedAttributes.get(OID.signatureTimeStampToken)?.[0];
  if (!node) return [];
  const token = parseSignedData(node.buffer.subarray(node.start, node.end));
  const tokenSigner = token.signerInfos[0];
  const tsa = tokenSigner && findSignerCertificate(tokenSigner, token.certificates);
  const others = token.certificates.filter((certificate) => certificate !== tsa);
  return [...(tsa ? [tsa] : []), ...others].map((certificate) => certificate.der);
}

interface Item {
  ref: PdfRef;
  data: Uint8Array;
  certificate?: Certificate;
  ocsp?: OcspResponse;
  crl?: Crl;
}

/**
 * Appends an update that adds `data` to the DSS (creating it, or a new DSS dictionary that keeps
 * everything the old one held; items already there are not written twice) and returns only the
 * update: the new document is `pdf` followed by it.
 */
export function validationDataIncrement(
  pdf: Uint8Array,
  options: ValidationDataOptions,
): Uint8Array {
  const file = new PdfFile(pdf, options.password, options.limits);
  const catalog = getCatalog(file);
  const oldDss = file.resolveDict(catalog.dict.get('DSS'));
  const update = new IncrementalUpdate(file);
  const lists: Record<DssKey, Item[]> = { Certs: [], OCSPs: [], CRLs: [] };
  const known = new Map<string, Item>();
  for (const key of Object.values(KEYS)) {
    for (const existing of readDssArray(file, oldDss, key, 0)) {
      const item = { ...existing, ...describe(key, existing.data) };
      lists[key].push(item);
      known.set(`${key}:${sha1Hex(existing.data)}`, item);
    }
  }
  for (const [field, key] of Object.entries(KEYS) as [keyof DssContents, DssKey][]) {
    for (const data of options[field] ?? []) {
      const id = `${key}:${sha1Hex(data)}`;
      if (known.has(id)) continue;
      const ref = update.allocate();
      update.writeStream(ref, new PdfDict(), data);
      const item = { ref, data, ...describe(key, data) };
      lists[key].push(item);
      known.set(id, item);
    }
  }

  const dss = new PdfDict(oldDss?.map);
  dss.set('Type', new PdfName('DSS'));
  for (const key of Object.values(KEYS)) {
    if (lists[key].length > 0)
      dss.set(
        key,
        lists[key].map((item) => item.ref),
      );
  }
  if (options.vri !== false) {
    const vri = new PdfDict(file.resolveDict(oldDss?.get('VRI'))?.map);
    const time = pdfTextDate(options.time ?? new Date());
    for (const field of collectSignatureFields(file)) {
      const contents = file.resolveDict(field.value)?.get('Contents');
      if (!(contents instanceof PdfString) || contents.bytes.length === 0) continue;
      const entry = vriEntry(signatureCertificates(contents.bytes), lists);
      if (!entry) continue;
      vri.set(sha1Hex(contents.bytes), entry.set('TU', time));
    }
    if (vri.map.size > 0) {
      const vriRef = update.allocate();
      update.writeObject(vriRef, vri);
      dss.set('VRI', vriRef);
    }
  }
  const dssRef = update.allocate();
  update.writeObject(dssRef, dss);
  update.writeObject(catalog.ref, new PdfDict(catalog.dict.map).set('DSS', dssRef));
  return update.finish();
}

/** Like `validationDataIncrement`, but returns the whole new document. */
export function addValidationData(pdf: Uint8Array, options: ValidationDataOptions): Uint8Array {
  const increment = validationDataIncrement(pdf, options);
  return Buffer.concat([pdf, increment]);
}

const pdfTextDate = (date: Date): PdfString => new PdfString(Buffer.from(pdfDate(date), 'latin1'));

function describe(key: DssKey, data: Uint8Array): Omit<Item, 'ref' | 'data'> {
  try {
    if (key === 'Certs') return { certificate: parseCertificate(data) };
    if (key === 'OCSPs') return { ocsp: readOcspResponse(data) };
    return { crl: readCrl(data) };
  } catch {
    return {};
  }
}

/**
 * The VRI entry of a signature: the DSS items that concern its certificates (those it carries
 * and, transitively, their issuers found in the DSS). Undefined when none does.
 */
function vriEntry(carried: Certificate[], lists: Record<DssKey, Item[]>): PdfDict | undefined {
  const chain = [...carried];
  const certs: PdfValue[] = [];
  const same = (a: Uint8Array, b: Uint8Array) => Buffer.compare(a, b) === 0;
  for (let i = 0; i < chain.length && i < 64; i++) {
    const certificate = chain[i] as Certificate;
    for (const item of lists.Certs) {
      const candidate = item.certificate;
      if (!candidate) continue;
      const isIt = same(candidate.der, certificate.der);
      const isIssuer = same(candidate.subject, certificate.issuer);
      if ((isIt || isIssuer) && !certs.includes(item.ref)) {
        certs.push(item.ref);
        if (isIssuer && !chain.some((c) => same(c.der, candidate.der))) chain.push(candidate);
      }
    }
  }
  const concerning = (items: Item[]) =>
    items
      .filter((item) => chain.some((certificate) => revocationConcerns(item, certificate)))
      .map((item) => item.ref);
  const ocsps = concerning(lists.OCSPs);
  const crls = concerning(lists.CRLs);
  if (certs.length + ocsps.length + crls.length === 0) return undefined;
  const entry = new PdfDict();
  if (certs.length > 0) entry.set('Cert', certs);
  if (ocsps.length > 0) entry.set('OCSP', ocsps);
  if (crls.length > 0) entry.set('CRL', crls);
  return entry;
}
