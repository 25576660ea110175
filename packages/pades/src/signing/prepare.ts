import { createHash, type Hash } from 'node:crypto';
import { parseCertificate, rsaModulusLength, type Certificate } from '@signet/der';
import { buildSignedAttributes, OID, type SignatureAlgorithm } from '../cms';
import {
  appendTrailPages,
  attachTrailFile,
  fillByteRange,
  rootPageNode,
  writePlaceholderDictionary,
  writeSignatureField,
  type TrailFile,
} from '../fields';
import {
  certificationPermission,
  collectFieldNames,
  findPage,
  getCatalog,
  IncrementalUpdate,
  inheritedAttribute,
  pageCount,
  pdfDate,
  PdfDict,
  PdfError,
  PdfFile,
  PdfName,
  pdfTextString,
  serializeName,
  type PdfLimits,
  type PdfRef,
} from '../pdf';
import {
  buildAppearanceContent,
  encodeTextLines,
  helveticaWidths,
  type AppearanceOptions,
} from './appearance';
import { loadImage } from './image';

export interface PrepareOptions {
  /** DER certificates, end-entity first. */
  certificateChain: Uint8Array[];
  algorithm: SignatureAlgorithm;
  /** User or owner password of an encrypted PDF. */
  password?: string;
  /** Visible appearance; the signature is invisible when absent. */
  appearance?: AppearanceOptions;
  /** Name of the new signature field; "SignatureN" (the first free N) by default. */
  fieldName?: string;
  reason?: string;
  location?: string;
  contactInfo?: string;
  /** Signer name written to /Name. */
  name?: string;
  /** Time written to /M; now by default. */
  signingTime?: Date;
  /** Reserve room for an RFC 3161 token (embed then needs `fetchTimestamp`). */
  timestamp?: boolean;
  /** Bytes reserved for the CMS; estimated from the chain and algorithm by default. */
  placeholderSize?: number;
  /** Bounds on the work the file may cause (its inflate budget). */
  limits?: PdfLimits;
  /**
   * A standalone, unencrypted PDF whose pages go into the same update (a DETACHED signing
   * trail's document, decision 027): they replace the pages an earlier update appended so, at the
   * end of the document. The visible signature's page then counts the document's own pages only.
   */
  trailPages?: Uint8Array;
  /**
   * The signing trail attached to the document in the same update (decision 056), replacing the
   * one an earlier signature attached; no page changes. A document whose trail an earlier
   * signature appended as pages (decision 027, before 056) gets its pages replaced instead.
   */
  trailFile?: TrailFile;
  /**
   * False when the caller hashes (`prepareIncrement` only): it holds a SHA-256 of `pdf` already
   * (a large revision, hashed while it was read), continues it over `signatureDigestTail` and
   * gives the digest to `withDocumentDigest`. `hash` and the signed attributes then come back
   * empty. True by default.
   */
  hashDocument?: boolean;
}

/** Everything `embed` needs besides the prepared bytes: small and JSON-serialisable. */
export interface PreparedState {
  version: 1;
  algorithm: SignatureAlgorithm;
  fieldName: string;
  byteRange: [number, number, number, number];
  /** Offset of the `<` that opens the /Contents placeholder. */
  contentsOffset: number;
  /** Length of the PDF before this update (where an increment starts). */
  originalLength: number;
  /** Bytes of CMS the placeholder holds (it is twice as many hex digits). */
  placeholderSize: number;
  /** Base64 DER of the signed attributes (the SET that is signed). */
  signedAttributes: string;
  /** Base64 DER certificates, end-entity first. */
  certificateChain: string[];
}

export interface PreparedSignature {
  /** The PDF with the incremental update and an empty placeholder. */
  pdf: Uint8Array;
  /**
   * What the key signs: SHA-256 of the signed attributes, or for SLH-DSA the signed attributes
   * themselves (RFC 9814 pure mode).
   */
  hash: Uint8Array;
  state: PreparedState;
}

function checkKey(certificate: Certificate, algorithm: SignatureAlgorithm): void {
  const key = certificate.keyAlgorithm;
  const ok =
    algorithm === 'ECDSA'
      ? key === OID.ecPublicKey
      : algorithm === 'SLH_DSA_SHA2_128F'
        ? key === OID.slhDsaSha2_128f
        : key === OID.rsaEncryption || key === OID.rsaPss;
  if (!ok)
    throw new PdfError('CERTIFICATE_MISMATCH', `the certificate key does not fit ${algorithm}`);
}

function estimatePlaceholder(
  chain: Uint8Array[],
  signer: Certificate,
  options: PrepareOptions,
): number {
  if (options.placeholderSize) return options.placeholderSize;
  const signatureSize =
    options.algorithm === 'SLH_DSA_SHA2_128F'
      ? 17088
      : options.algorithm === 'ECDSA'
        ? 150
        : (rsaModulusLength(signer) ?? 512);
  const certificates = chain.reduce((sum, cert) => sum + cert.length, 0);
  const attributes = 200 + signer.issuer.length + signer.serialDer.length;
  return certificates + signatureSize + attributes + 1024 + (options.timestamp ? 8192 : 0);
}

function helveticaFont(lines: string[]): PdfDict {
  const { differences, characters } = encodeTextLines(lines);
  const encoding =
    differences.length === 0
      ? new PdfName('WinAnsiEncoding')
      : new PdfDict([
          ['Type', new PdfName('Encoding')],
          ['BaseEncoding', new PdfName('WinAnsiEncoding')],
          [
            'Differences',
            differences.map((item) => (typeof item === 'number' ? item : new PdfName(item))),
          ],
        ]);
  return new PdfDict([
    ['Type', new PdfName('Font')],
    ['Subtype', new PdfName('Type1')],
    ['BaseFont', new PdfName('Helvetica')],
    ['Encoding', encoding],
    ['FirstChar', 1],
    ['LastChar', 255],
    ['Widths', helveticaWidths(characters)],
  ]);
}

export function defaultFieldName(existing: Set<string>): string {
  for (let i = 1; ; i++) if (!existing.has(`Signature${i}`)) return `Signature${i}`;
}

const CHUNK = 1024 * 1024;

/**
 * Copies `source` into `target` while hashing it, chunk by chunk, so each chunk is read from
 * memory once and copied while still in cache: the file is hashed once and copied once.
 */
function hashAndCopy(hash: Hash, source: Uint8Array, target: Uint8Array): void {
  for (let offset = 0; offset < source.length; offset += CHUNK) {
    const chunk = source.subarray(offset, Math.min(offset + CHUNK, source.length));
    hash.update(chunk);
    target.set(chunk, offset);
  }
}

/**
 * Appends an incremental update with a signature field, its widget and appearance, and a signature
 * dictionary whose /Contents is an empty placeholder. Returns the new bytes, what the key must
 * sign, and the state `embed` needs. Earlier bytes are never changed.
 */
export function prepare(pdf: Uint8Array, options: PrepareOptions): PreparedSignature {
  return prepareOutput(pdf, options, 'document');
}

/**
 * Like `prepare`, but the returned `pdf` holds only the appended update: the document is the
 * original bytes followed by it. Nothing of the original is copied.
 */
export function prepareIncrement(pdf: Uint8Array, options: PrepareOptions): PreparedSignature {
  return prepareOutput(pdf, options, 'increment');
}

function prepareOutput(
  pdf: Uint8Array,
  options: PrepareOptions,
  output: 'document' | 'increment',
): PreparedSignature {
  const file = new PdfFile(pdf, options.password, options.limits);
  if (options.certificateChain.length === 0)
    throw new PdfError('INVALID_OPTIONS', 'the certificate chain is empty');
  let signerCertificate: Certificate;
  try {
    signerCertificate = parseCertificate(options.certificateChain[0] as Uint8Array);
  } catch (error) {
    throw new PdfError('INVALID_OPTIONS', 'the end-entity certificate cannot be read', {
      cause: error,
    });
  }
  checkKey(signerCertificate, options.algorithm);

  const catalog = getCatalog(file);
  if (certificationPermission(file) === 1) {
    throw new PdfError('DOCUMENT_LOCKED', 'the document is certified with no changes allowed');
  }
  const update = new IncrementalUpdate(file);
  const appearance = options.appearance;
  const pageNumber = appearance?.page ?? 1;
  const trailKids = options.trailPages || options.trailFile ? rootPageNode(file).trailKids : 0;
  const trailPages = options.trailPages ?? (trailKids > 0 ? options.trailFile?.bytes : undefined);
  const trailFile = trailPages ? undefined : options.trailFile;
  const pages = pageCount(file) - trailKids;
  // A document of trail pages only (a detached trail): the invisible widget goes on the new trail.
  const onTrail = trailPages !== undefined && pages === 0 && !appearance;
  if (!onTrail && (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > pages)) {
    throw new PdfError(
      'INVALID_OPTIONS',
      `page ${pageNumber} is outside the document (1–${pages})`,
    );
  }
  const page = onTrail ? undefined : findPage(file, pageNumber - 1);

  // Form and field name.
  const acroFormValue = catalog.dict.get('AcroForm');
  const acroForm = new PdfDict(file.resolveDict(acroFormValue)?.map);
  const existingNames = collectFieldNames(file, acroForm.get('Fields') ?? null);
  const name = options.fieldName ?? defaultFieldName(existingNames);
  if (existingNames.has(name))
    throw new PdfError('INVALID_OPTIONS', `a field named "${name}" already exists`);

  const sigRef = update.allocate();
  const widgetRef = update.allocate();
  const apRef = update.allocate();

  const catalogCopy = new PdfDict(catalog.dict.map);
  if (trailFile && certificationPermission(file) !== undefined)
    throw new PdfError('DOCUMENT_LOCKED', 'files cannot be attached to a certified document');
  const catalogChanged = trailFile ? attachTrailFile(file, update, trailFile, catalogCopy) : false;

  // Appearance stream (an empty form for invisible signatures).
  const trailPageRefs = trailPages && appendTrailPages(file, update, trailPages, [widgetRef]);
  const pageRef = page?.ref ?? (trailPageRefs?.[0] as PdfRef);
  let rect: number[] = [0, 0, 0, 0];
  let apWidth = 0;
  let apHeight = 0;
  const resources = new PdfDict();
  let content = '';
  if (appearance && page) {
    const box =
      inheritedAttribute(file, page.dict, 'CropBox') ??
      inheritedAttribute(file, page.dict, 'MediaBox');
    const llx = Array.isArray(box) && typeof box[0] === 'number' ? box[0] : 0;
    const lly = Array.isArray(box) && typeof box[1] === 'number' ? box[1] : 0;
    apWidth = appearance.width;
    apHeight = appearance.height;
    if (!(apWidth > 0 && apHeight > 0))
      throw new PdfError('INVALID_OPTIONS', 'the appearance needs a width and a height');
    const x = llx + (appearance.originX ?? 0);
    const y = lly + (appearance.originY ?? 0);
    rect = [x, y, x + apWidth, y + apHeight];
    // Images as XObjects: /Im0 the background, /Im1 the signature's own.
    const xObjects = new PdfDict();
    const writeImage = (bytes: Uint8Array, name: string) => {
      const image = loadImage(bytes);
      const imageRef = update.allocate();
      if (image.softMask) {
        const maskRef = update.allocate();
        update.writeStream(maskRef, image.softMask.dict, image.softMask.data);
        image.dict.set('SMask', maskRef);
      }
      update.writeStream(imageRef, image.dict, image.data);
      xObjects.set(name, imageRef);
      return { width: image.width, height: image.height };
    };
    const backgroundSize = appearance.backgroundImage
      ? writeImage(appearance.backgroundImage, 'Im0')
      : undefined;
    const imageSize = appearance.image ? writeImage(appearance.image, 'Im1') : undefined;
    if (backgroundSize || imageSize) resources.set('XObject', xObjects);
    const textLines = appearance.textLines ?? [];
    if (textLines.length > 0) {
      resources.set('Font', new PdfDict([['F1', helveticaFont(textLines)]]));
    }
    content = buildAppearanceContent({
      width: apWidth,
      height: apHeight,
      backgroundImage: backgroundSize,
      image: imageSize,
      textLines,
      textColor: appearance.textColor,
      backgroundColor: appearance.backgroundColor,
    });
  }
  update.writeStream(
    apRef,
    new PdfDict([
      ['Type', new PdfName('XObject')],
      ['Subtype', new PdfName('Form')],
      ['BBox', [0, 0, apWidth, apHeight]],
      ['Resources', resources],
    ]),
    Buffer.from(content, 'latin1'),
  );

  writeSignatureField(file, update, {
    catalog: { ref: catalog.ref, dict: catalogCopy, changed: catalogChanged },
    form: { value: acroFormValue, dict: acroForm },
    name,
    page,
    pageRef,
    rect,
    refs: { widget: widgetRef, signature: sigRef, appearance: apRef },
  });

  // Signature dictionary with the placeholders, laid out by hand so the offsets are known.
  const signerName = options.name;
  const placeholderSize = estimatePlaceholder(options.certificateChain, signerCertificate, options);
  const encrypt = (text: string): string => {
    const bytes = pdfTextString(text).bytes;
    const out = file.security ? file.security.encryptString(bytes, sigRef.num, sigRef.gen) : bytes;
    return '<' + Buffer.from(out).toString('hex') + '>';
  };
  let head = '<</Type/Sig/Filter/Adobe.PPKLite/SubFilter/ETSI.CAdES.detached';
  head += `/M${encrypt(pdfDate(options.signingTime ?? new Date()))}`;
  const extras: [string, string | undefined][] = [
    ['Name', signerName],
    ['Reason', options.reason],
    ['Location', options.location],
    ['ContactInfo', options.contactInfo],
  ];
  for (const [key, value] of extras) if (value) head += `${serializeName(key)}${encrypt(value)}`;
  const layout = writePlaceholderDictionary(update, sigRef, head, placeholderSize);
  const updateBytes = update.finish();
  const base = pdf.length;
  const byteRange = fillByteRange(updateBytes, base, layout);
  const total = base + updateBytes.length;

  const state: PreparedState = {
    version: 1,
    algorithm: options.algorithm,
    fieldName: name,
    byteRange,
    contentsOffset: base + layout.contentsAt,
    originalLength: base,
    placeholderSize,
    signedAttributes: '',
    certificateChain: options.certificateChain.map((cert) => Buffer.from(cert).toString('base64')),
  };
  if (options.hashDocument === false) {
    if (output === 'document') {
      throw new PdfError('INVALID_OPTIONS', 'only an increment can be prepared unhashed');
    }
    return { pdf: updateBytes, hash: new Uint8Array(0), state };
  }
  const hasher = createHash('sha256');
  let out: Buffer;
  if (output === 'document') {
    out = Buffer.allocUnsafe(total);
    hashAndCopy(hasher, pdf, out);
    out.set(updateBytes, base);
  } else {
    hasher.update(pdf);
    out = updateBytes;
  }
  for (const part of tailOf(updateBytes, state)) hasher.update(part);
  return { ...signedWith(state, hasher.digest(), signerCertificate), pdf: out };
}

/** The increment's bytes the signature covers: all of it but the /Contents placeholder. */
function tailOf(increment: Uint8Array, state: PreparedState): Uint8Array[] {
  const [, firstEnd, secondStart] = state.byteRange;
  return [
    increment.subarray(0, firstEnd - state.originalLength),
    increment.subarray(secondStart - state.originalLength),
  ];
}

/** The signed attributes over `digest` (the byte ranges'), and what the key signs. */
function signedWith(
  state: PreparedState,
  digest: Uint8Array,
  signerCertificate: Certificate,
): Omit<PreparedSignature, 'pdf'> {
  const signedAttributes = buildSignedAttributes(digest, signerCertificate);
  const hash =
    state.algorithm === 'SLH_DSA_SHA2_128F'
      ? signedAttributes
      : createHash('sha256').update(signedAttributes).digest();
  return {
    hash,
    state: { ...state, signedAttributes: Buffer.from(signedAttributes).toString('base64') },
  };
}

/**
 * What the signature's digest covers after the document itself, for an increment prepared with
 * `hashDocument: false`: the increment without its placeholder. The digest is SHA-256 over the
 * document followed by these.
 */
export function signatureDigestTail(prepared: PreparedSignature): Uint8Array[] {
  return tailOf(prepared.pdf, prepared.state);
}

/** An increment prepared with `hashDocument: false`, completed with the caller's digest. */
export function withDocumentDigest(
  prepared: PreparedSignature,
  digest: Uint8Array,
): PreparedSignature {
  const signer = parseCertificate(Buffer.from(prepared.state.certificateChain[0] ?? '', 'base64'));
  return { ...signedWith(prepared.state, digest, signer), pdf: prepared.pdf };
}

/** Prepares several documents for one authorisation; the hashes come back in the same order. */
export function prepareBatch(
  documents: { pdf: Uint8Array; options?: Partial<PrepareOptions> }[],
  options: PrepareOptions,
): { prepared: PreparedSignature[]; hashes: Uint8Array[] } {
  const prepared = documents.map((doc) => prepare(doc.pdf, { ...options, ...doc.options }));
  return { prepared, hashes: prepared.map((p) => p.hash) };
}
