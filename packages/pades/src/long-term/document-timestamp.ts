/**
 * Document time-stamps (ISO 32000-2 §12.8.5, ETSI EN 319 142-1 §5.4.3): a signature field whose
 * value is a /DocTimeStamp dictionary with an RFC 3161 token over the byte ranges as /Contents.
 * Added after the DSS, it seals the document and its validation data at a time (PAdES B-LTA).
 */
import { createHash } from 'node:crypto';
import { requestTimestampTokenForDigest, type FetchTimestamp } from '../cms';
import { fillByteRange, writePlaceholderDictionary, writeSignatureField } from '../fields';
import {
  certificationPermission,
  collectFieldNames,
  findPage,
  getCatalog,
  IncrementalUpdate,
  PdfDict,
  PdfError,
  PdfFile,
  PdfName,
  type PdfLimits,
} from '../pdf';
import { defaultFieldName } from '../signing';

export interface DocumentTimestampOptions {
  /** User or owner password of an encrypted PDF. */
  password?: string;
  /** Name of the new field; "SignatureN" (the first free N) by default. */
  fieldName?: string;
  /** Bytes reserved for the token; 16 KiB by default (a token with a TSA chain of two). */
  placeholderSize?: number;
  limits?: PdfLimits;
  /**
   * False when the caller hashes: it holds a SHA-256 of `pdf` already (a signature's revision,
   * hashed while it was read) and completes it with `documentTimestampTail`; `digest` then comes
   * back empty, to be set before the token is asked for. True by default.
   */
  hashDocument?: boolean;
}

const DEFAULT_PLACEHOLDER = 16 * 1024;

/** A document time-stamp's update with its placeholder, and the digest its token must answer. */
export interface PreparedDocumentTimestamp {
  /** The update (the document is the original followed by it), with an empty placeholder. */
  increment: Uint8Array;
  /** SHA-256 of the byte ranges: what the TSA time-stamps. */
  digest: Uint8Array;
  /** Where the placeholder's `<` lies in the increment, and the bytes it holds. */
  contentsAt: number;
  placeholderSize: number;
}

/**
 * What the digest covers after the document itself: the update without its placeholder. The
 * digest is SHA-256 over the document followed by these.
 */
export function documentTimestampTail(
  prepared: Pick<PreparedDocumentTimestamp, 'increment' | 'contentsAt' | 'placeholderSize'>,
): Uint8Array[] {
  const { increment, contentsAt, placeholderSize } = prepared;
  // The placeholder is `<`, twice its size in hex digits, `>`.
  const contentsEnd = contentsAt + 2 * placeholderSize + 2;
  return [increment.subarray(0, contentsAt), increment.subarray(contentsEnd)];
}

/**
 * First phase (no I/O, can run on a worker thread): appends the time-stamp field and its
 * placeholder, and hashes the byte ranges (unless `hashDocument` is false).
 */
export function prepareDocumentTimestamp(
  pdf: Uint8Array,
  options: DocumentTimestampOptions = {},
): PreparedDocumentTimestamp {
  const file = new PdfFile(pdf, options.password, options.limits);
  const catalog = getCatalog(file);
  if (certificationPermission(file) === 1) {
    throw new PdfError('DOCUMENT_LOCKED', 'the document is certified with no changes allowed');
  }
  const update = new IncrementalUpdate(file);
  const page = findPage(file, 0);
  const formValue = catalog.dict.get('AcroForm');
  const form = { value: formValue, dict: new PdfDict(file.resolveDict(formValue)?.map) };
  const existing = collectFieldNames(file, form.dict.get('Fields') ?? null);
  const name = options.fieldName ?? defaultFieldName(existing);
  if (existing.has(name))
    throw new PdfError('INVALID_OPTIONS', `a field named "${name}" already exists`);
  const refs = {
    signature: update.allocate(),
    widget: update.allocate(),
    appearance: update.allocate(),
  };
  update.writeStream(
    refs.appearance,
    new PdfDict([
      ['Type', new PdfName('XObject')],
      ['Subtype', new PdfName('Form')],
      ['BBox', [0, 0, 0, 0]],
      ['Resources', new PdfDict()],
    ]),
    new Uint8Array(0),
  );
  writeSignatureField(file, update, {
    catalog,
    form,
    name,
    page,
    pageRef: page.ref,
    rect: [0, 0, 0, 0],
    refs,
  });
  const placeholderSize = options.placeholderSize ?? DEFAULT_PLACEHOLDER;
  const layout = writePlaceholderDictionary(
    update,
    refs.signature,
    '<</Type/DocTimeStamp/Filter/Adobe.PPKLite/SubFilter/ETSI.RFC3161',
    placeholderSize,
  );
  const updateBytes = update.finish();
  fillByteRange(updateBytes, pdf.length, layout);
  const prepared = {
    increment: updateBytes,
    digest: new Uint8Array(0),
    contentsAt: layout.contentsAt,
    placeholderSize,
  };
  if (options.hashDocument === false) return prepared;
  const hash = createHash('sha256').update(pdf);
  for (const part of documentTimestampTail(prepared)) hash.update(part);
  return { ...prepared, digest: hash.digest() };
}

/**
 * Second phase: writes the token (checked against the digest by `requestTimestampTokenForDigest`)
 * into the placeholder, in place, and returns the increment.
 */
export function embedDocumentTimestamp(
  prepared: PreparedDocumentTimestamp,
  token: Uint8Array,
): Uint8Array {
  if (token.length > prepared.placeholderSize) {
    throw new PdfError(
      'PLACEHOLDER_TOO_SMALL',
      `the time-stamp token needs ${token.length} bytes but the placeholder holds ${prepared.placeholderSize}`,
    );
  }
  const out = Buffer.from(
    prepared.increment.buffer,
    prepared.increment.byteOffset,
    prepared.increment.length,
  );
  out.write(Buffer.from(token).toString('hex'), prepared.contentsAt + 1, 'latin1');
  return prepared.increment;
}

/**
 * Appends a document time-stamp and returns only the update: the new document is `pdf` followed
 * by it. The token is requested with `fetchTimestamp` over the SHA-256 of the byte ranges.
 */
export async function documentTimestampIncrement(
  pdf: Uint8Array,
  fetchTimestamp: FetchTimestamp,
  options: DocumentTimestampOptions = {},
): Promise<Uint8Array> {
  const prepared = prepareDocumentTimestamp(pdf, options);
  const token = await requestTimestampTokenForDigest(prepared.digest, fetchTimestamp);
  return embedDocumentTimestamp(prepared, token);
}

/** Like `documentTimestampIncrement`, but returns the whole new document. */
export async function addDocumentTimestamp(
  pdf: Uint8Array,
  fetchTimestamp: FetchTimestamp,
  options: DocumentTimestampOptions = {},
): Promise<Uint8Array> {
  const increment = await documentTimestampIncrement(pdf, fetchTimestamp, options);
  return Buffer.concat([pdf, increment]);
}
