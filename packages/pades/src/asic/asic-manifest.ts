import { PdfError } from '../pdf';

/** The media type of an ASiC-E container (ETSI EN 319 162-1 §A.1), its `mimetype` entry. */
export const ASIC_E_MIMETYPE = 'application/vnd.etsi.asic-e+zip';
/** XML Signature's name for SHA-256 (the manifests' DigestMethod). */
export const XMLDSIG_SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const ASIC_NS = 'http://uri.etsi.org/02918/v1.2.1#';
const DS_NS = 'http://www.w3.org/2000/09/xmldsig#';

/** The n-th signer's manifest and CAdES signature inside the container (n from 1). */
export const asicManifestName = (n: number) => `META-INF/ASiCManifest${n}.xml`;
export const asicSignatureName = (n: number) => `META-INF/signature${n}.p7s`;

/** A document a manifest covers: its name in the container and its SHA-256. */
export interface ManifestReference {
  name: string;
  digest: Uint8Array;
  mimeType?: string;
}

/** A manifest as read: the signature it belongs to and what it references. */
export interface ParsedManifest {
  sigReference: string | undefined;
  references: { name: string; algorithm: string | undefined; digest: Uint8Array | undefined }[];
}

/** Largest manifest read (a few hundred references are a few dozen KB). */
export const maxManifestBytes = 1024 * 1024;
const maxReferences = 10_000;

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`,
  );

/** A container path as a relative URI (each segment percent-encoded). */
const toUri = (name: string) => name.split('/').map(encodeURIComponent).join('/');

/** Names a document may have inside the container: not the container's own entries. */
export function checkEntryName(name: string): void {
  const bad =
    name.length === 0 ||
    name.length > 1024 ||
    name === 'mimetype' ||
    /^meta-inf\//i.test(name) ||
    name.startsWith('/') ||
    name.includes('\\') ||
    name.split('/').some((segment) => segment === '' || segment === '.' || segment === '..') ||
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f]/.test(name);
  if (bad) throw new PdfError('INVALID_OPTIONS', `not a document name in a container: ${name}`);
}

/**
 * The ASiCManifest (EN 319 162-1 §A.4) of one signature: a SigReference to its `.p7s` and a
 * DataObjectReference with the SHA-256 of every document. The CAdES signature signs these bytes.
 */
export function buildAsicManifest(options: {
  signatureName: string;
  references: ManifestReference[];
}): Uint8Array {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    `<asic:ASiCManifest xmlns:asic="${ASIC_NS}" xmlns:ds="${DS_NS}">`,
    `  <asic:SigReference URI="${escapeXml(toUri(options.signatureName))}" MimeType="application/x-pkcs7-signature"/>`,
  ];
  for (const reference of options.references) {
    checkEntryName(reference.name);
    lines.push(
      `  <asic:DataObjectReference URI="${escapeXml(toUri(reference.name))}" MimeType="${escapeXml(reference.mimeType ?? 'application/pdf')}">`,
      `    <ds:DigestMethod Algorithm="${XMLDSIG_SHA256}"/>`,
      `    <ds:DigestValue>${Buffer.from(reference.digest).toString('base64')}</ds:DigestValue>`,
      '  </asic:DataObjectReference>',
    );
  }
  lines.push('</asic:ASiCManifest>', '');
  return Buffer.from(lines.join('\n'), 'utf8');
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return entities[name] ?? whole;
  });
}

const attributePattern = /([^\s=/>]+)\s*=\s*("([^"]*)"|'([^']*)')/g;
function attributesOf(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const match of text.matchAll(attributePattern)) {
    const local = (match[1] as string).replace(/^.*:/, '');
    out.set(local, unescapeXml(match[3] ?? match[4] ?? ''));
  }
  return out;
}

function fromUri(uri: string): string {
  try {
    return decodeURIComponent(uri.replace(/^\.\//, ''));
  } catch {
    return uri;
  }
}

/**
 * Reads an ASiCManifest: only the elements that matter (namespace prefixes ignored, names
 * compared locally). A DOCTYPE is refused, so no entity of the file's own is ever expanded.
 */
export function parseAsicManifest(xml: Uint8Array): ParsedManifest {
  if (xml.length > maxManifestBytes) throw new PdfError('TOO_COMPLEX', 'the manifest is too large');
  const text = Buffer.from(xml)
    .toString('utf8')
    .replace(/<!--[\s\S]*?-->/g, '');
  if (/<!DOCTYPE|<!ENTITY/i.test(text))
    throw new PdfError('NOT_A_CONTAINER', 'a manifest with a DOCTYPE');
  const tags = /<(\/?)(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)([^>]*?)(\/?)>|<\?[\s\S]*?\?>/g;
  const result: ParsedManifest = { sigReference: undefined, references: [] };
  let root: string | undefined;
  let current: ParsedManifest['references'][number] | undefined;
  let inDigestValue = false;
  let valueStart = 0;
  for (const match of text.matchAll(tags)) {
    const [, closing, name, attributes, selfClosing] = match;
    if (name === undefined) continue;
    root ??= name;
    if (closing) {
      if (name === 'DigestValue' && inDigestValue && current) {
        const value = text.slice(valueStart, match.index).replace(/\s+/g, '');
        current.digest = /^[A-Za-z0-9+/]*={0,2}$/.test(value)
          ? Buffer.from(value, 'base64')
          : undefined;
        inDigestValue = false;
      }
      if (name === 'DataObjectReference') current = undefined;
      continue;
    }
    const attrs = attributesOf(attributes ?? '');
    if (name === 'SigReference') result.sigReference ??= fromUri(attrs.get('URI') ?? '');
    else if (name === 'DataObjectReference') {
      if (result.references.length >= maxReferences)
        throw new PdfError('TOO_COMPLEX', 'the manifest references too many documents');
      current = { name: fromUri(attrs.get('URI') ?? ''), algorithm: undefined, digest: undefined };
      result.references.push(current);
      if (selfClosing) current = undefined;
    } else if (name === 'DigestMethod' && current) current.algorithm = attrs.get('Algorithm');
    else if (name === 'DigestValue' && current && !selfClosing) {
      inDigestValue = true;
      valueStart = (match.index ?? 0) + match[0].length;
    }
  }
  if (root !== 'ASiCManifest') throw new PdfError('NOT_A_CONTAINER', 'not an ASiCManifest');
  return result;
}
