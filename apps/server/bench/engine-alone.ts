/**
 * The PAdES engine alone on a document, in this process (no HTTP, no database): what the signing
 * bench's row 2 compares the whole sign request with (bench/signing.ts).
 *
 * - `engineAloneBB`: prepareIncrement, a local RSA signature, embed: a B-B signature, what a
 *   signature was when issue 29's target (≤ 2×) was set.
 * - `engineAloneLta`: the engine work a request does since issue 27 for a signature that completes
 *   its chain (the bench's 50 MB chain has one signer): the signature's time-stamp (B-T), the DSS
 *   update with the signer's and the TSA's certificates and OCSP answers (B-LT), then a document
 *   time-stamp over the whole file (B-LTA), as `signatureIncrement` (signature-evidence.ts) makes
 *   them. The TSA and the OCSP responder are a local key each, answering in process (the embedded
 *   TSA's and CA's own token and response builders), so the row counts engine work only.
 */
import {
  buildOcspResponse,
  encodeName,
  issueCertificate,
  ocspCertId,
  parseCertificate,
  X509_OID,
} from '@signet/der';
import {
  embed,
  embedDocumentTimestamp,
  prepareDocumentTimestamp,
  prepareIncrement,
  requestTimestampTokenForDigest,
  signatureTimestampChain,
  validate,
  validationDataIncrement,
  type FetchTimestamp,
} from '@signet/pades';
import { createSigner, generateKey } from '#rssp/keys/key-algorithms';
import { grantedResponse } from '#rssp/tsa/tsa-token';
import { parseTimestampQuery } from '#rssp/tsa/tsa-request';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const appearance = {
  page: 1,
  originX: 50,
  originY: 50,
  width: 150,
  height: 50,
  textLines: ['x'],
};

/** A CA, an RSA signer and a TSA it certified, each with its key. */
async function localPki() {
  const ecSpec = { keyAlg: 'ec', curve: 'prime256v1' } as const;
  const rsaSpec = { keyAlg: 'rsa', rsaKeySize: 2048 } as const;
  const [caKey, signerKey, tsaKey] = await Promise.all([
    generateKey(ecSpec),
    generateKey(rsaSpec),
    generateKey(ecSpec),
  ]);
  const caSigner = createSigner(ecSpec, caKey.pkcs8);
  const caName = encodeName([{ oid: '2.5.4.3', value: 'Bench CA' }]);
  const validity = {
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 86_400_000),
  };
  const ca = issueCertificate({
    subject: caName,
    spki: caKey.spki,
    issuer: caName,
    issuerSpki: caKey.spki,
    signer: caSigner,
    ...validity,
    isCa: true,
  });
  const issued = (name: string, spki: Buffer, extendedKeyUsage?: string) =>
    issueCertificate({
      subject: encodeName([{ oid: '2.5.4.3', value: name }]),
      spki,
      issuer: caName,
      issuerSpki: caKey.spki,
      signer: caSigner,
      ...validity,
      isCa: false,
      ...(extendedKeyUsage
        ? { extendedKeyUsage: { purposes: [extendedKeyUsage], critical: true } }
        : {}),
    });
  const signer = issued('Bench', signerKey.spki);
  const tsa = issued('Bench TSA', tsaKey.spki, X509_OID.timeStamping);
  return {
    ca,
    caKey,
    caSigner,
    signer,
    rsaSigner: createSigner(rsaSpec, signerKey.pkcs8),
    tsa,
    tsaSigner: createSigner(ecSpec, tsaKey.pkcs8),
  };
}

type LocalPki = Awaited<ReturnType<typeof localPki>>;

/** A TSA answering in process with the embedded TSA's own token builder. */
function localTsa(pki: LocalPki): FetchTimestamp {
  const key = {
    certificate: parseCertificate(pki.tsa),
    chain: [pki.tsa, pki.ca],
    sign: (data: Uint8Array) => Buffer.from(pki.tsaSigner.sign(data)),
  };
  let serial = 1n;
  return async (request) => {
    const parsed = parseTimestampQuery(request);
    if (!parsed.ok) throw new Error(parsed.text);
    return grantedResponse({ query: parsed.query, serial: serial++, time: new Date(), key });
  };
}

/** A good OCSP answer for `certificate`, signed by the CA as the embedded CA's responder does. */
function ocspOf(pki: LocalPki, certificate: Uint8Array): Buffer {
  const now = new Date();
  return buildOcspResponse({
    responderSpki: pki.caKey.spki,
    producedAt: now,
    answers: [
      {
        certId: ocspCertId(certificate, pki.ca),
        certStatus: { status: 'good' },
        thisUpdate: now,
        nextUpdate: new Date(now.getTime() + 3_600_000),
      },
    ],
    signer: pki.caSigner,
  });
}

/** prepareIncrement + a local RSA key + embed on the bytes (B-B): median ms of `runs`. */
export async function engineAloneBB(bytes: Uint8Array, runs: number): Promise<number> {
  const pki = await localPki();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const prepared = prepareIncrement(bytes, {
      certificateChain: [pki.signer],
      algorithm: 'RSA_PKCS1',
      appearance,
    });
    const signature = pki.rsaSigner.signDigest(prepared.hash, 'sha256');
    await embed(prepared, signature);
    times.push(performance.now() - started);
  }
  return median(times);
}

/**
 * The request's engine work for a chain's last signature (B-LTA), in process: median ms of
 * `runs`. As in the server, the document is extended in place in one buffer with room behind it
 * (revision-buffers.ts), filled before the clock starts (the request's read).
 */
export async function engineAloneLta(bytes: Uint8Array, runs: number): Promise<number> {
  const pki = await localPki();
  const fetchTimestamp = localTsa(pki);
  const room = Buffer.allocUnsafe(bytes.length + 1024 * 1024);
  room.set(bytes);
  const base = room.subarray(0, bytes.length);
  const extend = (document: Buffer, more: Uint8Array) => {
    room.set(more, document.length);
    return room.subarray(0, document.length + more.length);
  };
  const times: number[] = [];
  let last: Uint8Array = base;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const prepared = prepareIncrement(base, {
      certificateChain: [pki.signer, pki.ca],
      algorithm: 'RSA_PKCS1',
      timestamp: true,
      appearance,
    });
    const signature = pki.rsaSigner.signDigest(prepared.hash, 'sha256');
    const signed = await embed(prepared, signature, { fetchTimestamp });
    let document = extend(base, signed);
    // The validation data of the signer's chain and the TSA's: certificates and OCSP answers.
    const tsaChain = signatureTimestampChain(signed, prepared.state);
    const dss = validationDataIncrement(document, {
      certificates: [pki.signer, pki.ca, ...tsaChain],
      ocsps: [ocspOf(pki, pki.signer), ocspOf(pki, pki.tsa)],
    });
    document = extend(document, dss);
    const stamp = prepareDocumentTimestamp(document);
    const token = await requestTimestampTokenForDigest(stamp.digest, fetchTimestamp);
    const sealed = embedDocumentTimestamp(stamp, token);
    times.push(performance.now() - started);
    last = extend(document, sealed);
  }
  // Checked outside the clock: what was timed made a B-LTA signature.
  const report = validate(last, { trustAnchors: [pki.ca] });
  const level = report.signatures[0]?.level;
  if (report.signatures.length !== 1 || !report.signatures[0]?.valid || level !== 'B-LTA') {
    throw new Error(`the engine alone made ${level ?? 'no'} signature, not a valid B-LTA`);
  }
  return median(times);
}
