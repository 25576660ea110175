import { createHash, randomBytes } from 'node:crypto';
import {
  derBoolean,
  derBytes,
  derChild,
  derChildren,
  derContent,
  derInteger,
  derIntegerBytes,
  derOctetString,
  derOid,
  derOidBytes,
  derSequence,
  derTime,
  derUnsignedInteger,
  readDer,
  type Certificate,
} from '@signet/der';
import { PdfError } from '../pdf';
import { checkSignerInfo, digestName, parseSignedData } from './cms-signed-data';
import { OID } from './oids';
import type { FetchTimestamp } from './signer';

/** RFC 3161 TimeStampReq over SHA-256(data), asking for the TSA certificate. */
export function buildTimestampRequest(
  data: Uint8Array,
  nonce: Uint8Array = randomBytes(8),
): Uint8Array {
  return buildTimestampRequestForDigest(createHash('sha256').update(data).digest(), nonce);
}

/** RFC 3161 TimeStampReq over a SHA-256 digest the caller computed (of data it never joins). */
export function buildTimestampRequestForDigest(
  digest: Uint8Array,
  nonce: Uint8Array = randomBytes(8),
): Uint8Array {
  return derSequence(
    derIntegerBytes(1),
    derSequence(derSequence(derOidBytes(OID.sha256)), derOctetString(digest)),
    derUnsignedInteger(nonce),
    derBoolean(true),
  );
}

/** Requests a token for a signature value and returns the token (a CMS ContentInfo, DER). */
export async function requestTimestampToken(
  signature: Uint8Array,
  fetchTimestamp: FetchTimestamp,
): Promise<Uint8Array> {
  return requestTimestampTokenForDigest(
    createHash('sha256').update(signature).digest(),
    fetchTimestamp,
  );
}

/** Requests a token over a SHA-256 digest and checks that it answers that digest. */
export async function requestTimestampTokenForDigest(
  digest: Uint8Array,
  fetchTimestamp: FetchTimestamp,
): Promise<Uint8Array> {
  const request = buildTimestampRequestForDigest(digest);
  let response: Uint8Array;
  try {
    response = await fetchTimestamp(request);
  } catch (error) {
    throw new PdfError('TIMESTAMP_FAILED', 'the timestamp authority could not be reached', {
      cause: error,
    });
  }
  let token: Uint8Array;
  try {
    const root = readDer(response);
    const [statusInfo, tokenNode] = derChildren(root);
    const status = statusInfo ? Number(derInteger(derChild(statusInfo, 0))) : -1;
    if (status !== 0 && status !== 1) throw new Error(`status ${status}`);
    if (!tokenNode) throw new Error('no token');
    token = derBytes(tokenNode);
  } catch (error) {
    throw new PdfError('TIMESTAMP_FAILED', 'the timestamp authority refused the request', {
      cause: error,
    });
  }
  const check = verifyTimestampImprint(token, (hash) =>
    hash === 'sha256' ? Buffer.from(digest) : undefined,
  );
  if (!check.imprintMatches || !check.signatureValid) {
    throw new PdfError('TIMESTAMP_FAILED', 'the timestamp token does not match the request');
  }
  return token;
}

export interface TimestampCheck {
  time?: Date;
  /** The token's message imprint equals the digest of the timestamped data. */
  imprintMatches: boolean;
  /** The token's CMS signature verifies (digest of TSTInfo and signature). */
  signatureValid: boolean;
  tsaCertificate?: Certificate;
  certificates: Certificate[];
}

export function verifyTimestampToken(
  token: Uint8Array,
  timestampedData: Uint8Array,
): TimestampCheck {
  return verifyTimestampImprint(token, (hash) => createHash(hash).update(timestampedData).digest());
}

/**
 * Verifies a token against the digest of what it time-stamps, which `digestOf` computes with the
 * token's hash algorithm (undefined when it cannot).
 */
export function verifyTimestampImprint(
  token: Uint8Array,
  digestOf: (hashName: string) => Buffer | undefined,
): TimestampCheck {
  try {
    const signedData = parseSignedData(token);
    const info = signedData.signerInfos[0];
    if (signedData.eContentType !== OID.tstInfo || !signedData.eContent || !info) {
      return { imprintMatches: false, signatureValid: false, certificates: [] };
    }
    const tstInfo = readDer(signedData.eContent);
    const fields = derChildren(tstInfo);
    const imprint = fields[2];
    const genTime = fields[4];
    if (!imprint || !genTime) throw new Error('TSTInfo: incomplete');
    const hashOid = derOid(derChild(derChild(imprint, 0), 0));
    const hashed = derContent(derChild(imprint, 1));
    const expected = digestOf(digestName(hashOid));
    const contentDigest = createHash(digestName(info.digestAlgorithm))
      .update(signedData.eContent)
      .digest();
    const check = checkSignerInfo(info, signedData.certificates, contentDigest);
    return {
      time: derTime(genTime),
      imprintMatches: expected !== undefined && Buffer.compare(expected, hashed) === 0,
      signatureValid: check.digestMatches && check.signatureValid,
      tsaCertificate: check.signerCertificate,
      certificates: signedData.certificates,
    };
  } catch {
    return { imprintMatches: false, signatureValid: false, certificates: [] };
  }
}
