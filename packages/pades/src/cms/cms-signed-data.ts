import { createHash } from 'node:crypto';
import {
  derBytes,
  derChild,
  derChildren,
  derContent,
  derExplicit,
  derImplicit,
  derIntegerBytes,
  derNull,
  derOctetString,
  derOid,
  derOidBytes,
  derSequence,
  derSet,
  derTlv,
  derUnsignedInteger,
  derValidityTime,
  parseCertificate,
  readAlgorithm,
  readDer,
  type AlgorithmIdentifier,
  type Certificate,
  type DerNode,
} from '@signet/der';
import { DIGEST_NAME_BY_OID, OID } from './oids';
import type { SignatureAlgorithm } from './signer';
import { verifySignature } from './verify-signature';

const sha256 = (data: Uint8Array): Buffer => createHash('sha256').update(data).digest();

const attribute = (oid: string, ...values: Uint8Array[]): Uint8Array =>
  derSequence(derOidBytes(oid), derSet(...values));

const sha256Algorithm = (): Uint8Array => derSequence(derOidBytes(OID.sha256));

export function signatureAlgorithmIdentifier(algorithm: SignatureAlgorithm): Uint8Array {
  switch (algorithm) {
    case 'RSA_PKCS1':
      return derSequence(derOidBytes(OID.sha256WithRsa), derNull());
    case 'RSA_PSS':
      return derSequence(
        derOidBytes(OID.rsaPss),
        derSequence(
          derExplicit(0, sha256Algorithm()),
          derExplicit(1, derSequence(derOidBytes(OID.mgf1), sha256Algorithm())),
          derExplicit(2, derIntegerBytes(32)),
        ),
      );
    case 'ECDSA':
      return derSequence(derOidBytes(OID.ecdsaWithSha256));
    case 'SLH_DSA_SHA2_128F':
      return derSequence(derOidBytes(OID.slhDsaSha2_128f));
  }
}

export function algorithmIdentifierOf(algorithm: SignatureAlgorithm): AlgorithmIdentifier {
  const node = readDer(signatureAlgorithmIdentifier(algorithm));
  return readAlgorithm(node);
}

/**
 * The signed attributes of a PAdES baseline signature (content-type, message-digest,
 * signing-certificate-v2; no signing-time, the time is the dictionary's /M), DER-encoded as the
 * SET that is hashed and signed. A time-stamp token has the same three, with the content type
 * id-ct-TSTInfo (RFC 3161 §2.4.2, RFC 5816). A CAdES signature (a container's, which has no /M)
 * adds signing-time.
 */
export function buildSignedAttributes(
  messageDigest: Uint8Array,
  signerCertificate: Certificate,
  contentType: string = OID.data,
  signingTime?: Date,
): Uint8Array {
  const essCertIdV2 = derSequence(
    derOctetString(sha256(signerCertificate.der)),
    derSequence(derSequence(derExplicit(4, signerCertificate.issuer)), signerCertificate.serialDer),
  );
  return derSet(
    attribute(OID.contentType, derOidBytes(contentType)),
    attribute(OID.messageDigest, derOctetString(messageDigest)),
    attribute(OID.signingCertificateV2, derSequence(derSequence(essCertIdV2))),
    ...(signingTime ? [attribute(OID.signingTime, derValidityTime(signingTime))] : []),
  );
}

/** ECDSA signers may answer with raw r‖s; CMS wants the DER SEQUENCE { r, s }. */
export function normalizeEcdsaSignature(signature: Uint8Array): Uint8Array {
  if (signature[0] === 0x30) {
    try {
      const node = readDer(signature);
      const parts = derChildren(node);
      if (node.end === signature.length && parts.length === 2 && parts.every((p) => p.tag === 0x02))
        return signature;
    } catch {
      // not DER: fall through to r‖s
    }
  }
  if (signature.length % 2 !== 0) return signature;
  const half = signature.length / 2;
  return derSequence(
    derUnsignedInteger(signature.subarray(0, half)),
    derUnsignedInteger(signature.subarray(half)),
  );
}

/**
 * A CMS ContentInfo of SignedData with one SignerInfo (SHA-256). Detached over id-data (a PDF's
 * byte range) by default; with `encapsulated` the content is carried inside (a TSTInfo), and
 * then SignedData is version 3 (RFC 5652 §5.1). With no certificates the field is left out (a
 * time-stamp request that did not ask for them).
 */
export function buildSignedData(options: {
  certificates: Uint8Array[];
  signerCertificate: Certificate;
  signedAttributes: Uint8Array;
  algorithm: SignatureAlgorithm;
  signature: Uint8Array;
  timestampToken?: Uint8Array;
  encapsulated?: { contentType: string; content: Uint8Array };
}): Uint8Array {
  const { signerCertificate } = options;
  const signerInfoParts = [
    derIntegerBytes(1),
    derSequence(signerCertificate.issuer, signerCertificate.serialDer),
    sha256Algorithm(),
    derImplicit(0, options.signedAttributes),
    signatureAlgorithmIdentifier(options.algorithm),
    derOctetString(options.signature),
  ];
  if (options.timestampToken) {
    signerInfoParts.push(
      derTlv(0xa1, attribute(OID.signatureTimeStampToken, options.timestampToken)),
    );
  }
  const { encapsulated } = options;
  const signedData = derSequence(
    derIntegerBytes(encapsulated && encapsulated.contentType !== OID.data ? 3 : 1),
    derSet(sha256Algorithm()),
    encapsulated
      ? derSequence(
          derOidBytes(encapsulated.contentType),
          derExplicit(0, derOctetString(encapsulated.content)),
        )
      : derSequence(derOidBytes(OID.data)),
    ...(options.certificates.length > 0 ? [derTlv(0xa0, ...options.certificates)] : []),
    derSet(derSequence(...signerInfoParts)),
  );
  return derSequence(derOidBytes(OID.signedData), derExplicit(0, signedData));
}

// ---- reading ----

export interface ParsedSignerInfo {
  issuer?: Uint8Array;
  serialDer?: Uint8Array;
  subjectKeyIdentifier?: Uint8Array;
  digestAlgorithm: string;
  /** The signed attributes re-tagged as a SET, i.e. the bytes that were signed. */
  signedAttributes?: Uint8Array;
  attributes: Map<string, DerNode[]>;
  signatureAlgorithm: AlgorithmIdentifier;
  signature: Uint8Array;
  unsignedAttributes: Map<string, DerNode[]>;
}

export interface ParsedSignedData {
  eContentType: string;
  eContent?: Uint8Array;
  certificates: Certificate[];
  signerInfos: ParsedSignerInfo[];
}

function readAttributes(node: DerNode): Map<string, DerNode[]> {
  const out = new Map<string, DerNode[]>();
  for (const attr of derChildren(node)) {
    const [type, values] = derChildren(attr);
    if (type && values) out.set(derOid(type), derChildren(values));
  }
  return out;
}

export function parseSignedData(der: Uint8Array): ParsedSignedData {
  const contentInfo = readDer(der);
  const [typeNode, wrapper] = derChildren(contentInfo);
  if (!typeNode || derOid(typeNode) !== OID.signedData || !wrapper)
    throw new Error('CMS: not a SignedData');
  const fields = derChildren(derChild(wrapper, 0));
  const encap = fields[2];
  if (!encap) throw new Error('CMS: no encapsulated content info');
  const encapFields = derChildren(encap);
  const eContentType = derOid(encapFields[0] as DerNode);
  const eContentWrapper = encapFields[1];
  const eContent = eContentWrapper ? derContent(derChild(eContentWrapper, 0)) : undefined;
  const certificates: Certificate[] = [];
  const signerInfos: ParsedSignerInfo[] = [];
  for (const field of fields.slice(3)) {
    if (field.tag === 0xa0) {
      for (const cert of derChildren(field))
        if (cert.tag === 0x30) certificates.push(parseCertificate(derBytes(cert)));
    } else if (field.tag === 0x31) {
      for (const si of derChildren(field)) signerInfos.push(parseSignerInfo(si));
    }
  }
  return { eContentType, eContent, certificates, signerInfos };
}

function parseSignerInfo(node: DerNode): ParsedSignerInfo {
  const parts = derChildren(node);
  const sid = parts[1] as DerNode;
  let i = 2;
  const digestAlgorithm = readAlgorithm(parts[i++] as DerNode).oid;
  let signedAttributes: Uint8Array | undefined;
  let attributes = new Map<string, DerNode[]>();
  if (parts[i]?.tag === 0xa0) {
    const attrsNode = parts[i++] as DerNode;
    signedAttributes = Uint8Array.from(derBytes(attrsNode));
    signedAttributes[0] = 0x31;
    attributes = readAttributes(attrsNode);
  }
  const signatureAlgorithm = readAlgorithm(parts[i++] as DerNode);
  const signature = derContent(parts[i++] as DerNode);
  const unsignedAttributes =
    parts[i]?.tag === 0xa1 ? readAttributes(parts[i] as DerNode) : new Map<string, DerNode[]>();
  const info: ParsedSignerInfo = {
    digestAlgorithm,
    signedAttributes,
    attributes,
    signatureAlgorithm,
    signature,
    unsignedAttributes,
  };
  if (sid.tag === 0x30) {
    info.issuer = derBytes(derChild(sid, 0));
    info.serialDer = derBytes(derChild(sid, 1));
  } else if (sid.tag === 0x80) {
    info.subjectKeyIdentifier = derContent(sid);
  }
  return info;
}

export function findSignerCertificate(
  info: ParsedSignerInfo,
  certificates: Certificate[],
): Certificate | undefined {
  return certificates.find((cert) => {
    if (info.issuer && info.serialDer) {
      return (
        Buffer.compare(cert.issuer, info.issuer) === 0 &&
        Buffer.compare(cert.serialDer, info.serialDer) === 0
      );
    }
    const ski = cert.extensions.get(OID.subjectKeyIdentifier);
    return (
      ski !== undefined &&
      info.subjectKeyIdentifier !== undefined &&
      Buffer.compare(derContent(readDer(ski.value)), info.subjectKeyIdentifier) === 0
    );
  });
}

export function digestName(oid: string): string {
  const name = DIGEST_NAME_BY_OID[oid];
  if (!name) throw new Error(`CMS: unsupported digest ${oid}`);
  return name;
}

export interface SignerInfoCheck {
  signerCertificate?: Certificate;
  digestMatches: boolean;
  signatureValid: boolean;
}

/** Checks a SignerInfo against the digest of its content (computed by the caller with its algorithm). */
export function checkSignerInfo(
  info: ParsedSignerInfo,
  certificates: Certificate[],
  contentDigest: Uint8Array,
): SignerInfoCheck {
  const signerCertificate = findSignerCertificate(info, certificates);
  let digestMatches: boolean;
  let signedBytes: Uint8Array;
  if (info.signedAttributes) {
    const md = info.attributes.get(OID.messageDigest)?.[0];
    digestMatches = md !== undefined && Buffer.compare(derContent(md), contentDigest) === 0;
    signedBytes = info.signedAttributes;
  } else {
    digestMatches = true;
    signedBytes = contentDigest;
  }
  const signatureValid =
    signerCertificate !== undefined &&
    verifySignature({
      algorithm: info.signatureAlgorithm,
      digestName: digestName(info.digestAlgorithm),
      data: signedBytes,
      signature: info.signature,
      spki: signerCertificate.spki,
    });
  return { signerCertificate, digestMatches, signatureValid };
}
