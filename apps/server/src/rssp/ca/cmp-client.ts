/**
 * A CMP client (RFC 4210/6712: HTTP POST of application/pkixcmp) for one enrollment
 * transaction: request (ir, p10cr or kur) → ip/cp/kup → certConf → pkiConf. Requests are
 * protected with a shared secret (PBM) or a client key; responses must carry the same
 * protection, verified, with this transaction's id and nonces. What the CA refuses becomes
 * CA_ENROLLMENT_FAILED with the CA's text; an unreachable or silent CA SERVICE_UNAVAILABLE.
 */
import { createHash, randomBytes, timingSafeEqual, verify, X509Certificate } from 'node:crypto';
import {
  certConfContent,
  certificateParts,
  derChildren,
  derOid,
  readDerAll,
  X509_OID,
  cmpBody,
  cmpBodyOf,
  cmpHeader,
  cmpMessage,
  CMP_OID,
  DerError,
  pbmAlgorithm,
  pbmMac,
  protectedPart,
  readCertRep,
  readCmpMessage,
  readErrorMessage,
  readPbmParameters,
  type CmpResponse,
  type PkiStatusInfo,
} from '@signet/der';
import { caFailure, describeStatus } from './cmp-status';
import type { CmpProtection } from './cmp-protection';
import { cmpTransport, type CmpTransport } from './cmp-transport';

const pbmIterations = 10_000;

export interface CmpClientOptions {
  url: string;
  /** DER Name of the CA. */
  recipient: Buffer;
  protection: CmpProtection;
  /** The CA's certificate: signature-protected responses must be signed by it or a certificate it issued. */
  caCertificate: X509Certificate | null;
  timeoutMs: number;
}

export interface CmpEnrollmentResult {
  certificate: Buffer;
  /** caPubs and extraCerts of the response: the chain is built from them. */
  caPubs: Buffer[];
  extraCerts: Buffer[];
}

interface Transaction {
  transport: CmpTransport;
  transactionId: Buffer;
  /** The nonce of our last message; the answer must echo it. */
  senderNonce: Buffer;
  /** The CA's last nonce; our next message echoes it. */
  recipNonce?: Buffer;
}

/** Signs or MACs one message and returns its DER. */
function protect(options: CmpClientOptions, tx: Transaction, bodyType: number, content: Buffer) {
  const { protection } = options;
  const salt = randomBytes(16);
  const header = cmpHeader({
    sender: protection.kind === 'pbm' ? Buffer.from([0x30, 0x00]) : protection.subject,
    recipient: options.recipient,
    protectionAlg:
      protection.kind === 'pbm'
        ? pbmAlgorithm(salt, pbmIterations)
        : protection.signer.signatureAlgorithm,
    ...(protection.kind === 'pbm' ? { senderKid: protection.reference } : {}),
    transactionId: tx.transactionId,
    senderNonce: tx.senderNonce,
    ...(tx.recipNonce ? { recipNonce: tx.recipNonce } : {}),
  });
  const body = cmpBodyOf(bodyType, content);
  const part = protectedPart(header, body);
  if (protection.kind === 'pbm') {
    const mac = pbmMac(
      { salt, owfOid: CMP_OID.sha256, iterations: pbmIterations, macOid: CMP_OID.hmacWithSha256 },
      protection.secret,
      part,
    );
    return cmpMessage({ header, body, protection: mac });
  }
  return cmpMessage({
    header,
    body,
    protection: protection.signer.sign(part),
    extraCerts: [protection.certificate],
  });
}

/** True when the response's protection verifies with our secret or the CA's certificate. */
function verifyProtection(options: CmpClientOptions, response: CmpResponse): boolean {
  const { header, protection } = response;
  if (!protection || !header.protectionAlgOid) return false;
  try {
    if (header.protectionAlgOid === CMP_OID.passwordBasedMac) {
      if (options.protection.kind !== 'pbm' || !header.protectionParams) return false;
      const parameters = readPbmParameters(header.protectionParams);
      const mac = pbmMac(parameters, options.protection.secret, response.protectedPart);
      return mac.length === protection.length && timingSafeEqual(mac, protection);
    }
    const ca = options.caCertificate;
    const [first] = response.extraCerts;
    if (!ca || !first) return false;
    const signer = new X509Certificate(first);
    const trusted =
      signer.raw.equals(ca.raw) || (signer.checkIssued(ca) && signer.verify(ca.publicKey));
    const hash = signatureHash(header.protectionAlgOid);
    return trusted && verify(hash, response.protectedPart, signer.publicKey, protection);
  } catch {
    return false;
  }
}

/** The hash of a signature algorithm (RSA PKCS#1 v1.5 and ECDSA), null for Ed25519. */
function signatureHash(oid: string): string | null {
  if (oid === X509_OID.sha384WithRsa || oid === X509_OID.ecdsaWithSha384) return 'sha384';
  if (oid === X509_OID.sha512WithRsa || oid === X509_OID.ecdsaWithSha512) return 'sha512';
  if (oid === X509_OID.ed25519) return null;
  return 'sha256';
}

/** Sends one message and reads the answer, checked against the transaction. */
async function exchange(
  options: CmpClientOptions,
  tx: Transaction,
  bodyType: number,
  content: Buffer,
): Promise<CmpResponse> {
  const bytes = await tx.transport.post(protect(options, tx, bodyType, content));
  let response: CmpResponse;
  try {
    response = readCmpMessage(bytes);
  } catch (error) {
    if (error instanceof DerError) throw caFailure('the answer is not a CMP message');
    throw error;
  }
  const trusted = verifyProtection(options, response);
  if (response.bodyType === cmpBody.error) {
    // An error changes nothing here, so its text is shown even when its protection does not
    // verify (a wrong shared secret makes every answer unverifiable), marked as such.
    const error = readErrorMessage(response.body);
    const text = [describeStatus(error), ...error.details].filter(Boolean).join('; ');
    throw caFailure(trusted ? text : `${text} (the answer's protection did not verify)`);
  }
  if (!trusted) throw caFailure("the answer's protection did not verify");
  const { header } = response;
  if (
    !header.transactionId?.equals(tx.transactionId) ||
    !header.recipNonce?.equals(tx.senderNonce)
  ) {
    throw caFailure('the answer belongs to another transaction');
  }
  tx.recipNonce = header.senderNonce ?? undefined;
  tx.senderNonce = randomBytes(16);
  return response;
}

/** certConf's certHash: the certificate under its own signature's hash (SHA-256 for Ed25519). */
function hashOfCertificate(der: Buffer): Buffer {
  const algorithm = derChildren(readDerAll(certificateParts(der).signatureAlgorithm))[0];
  const hash = algorithm ? signatureHash(derOid(algorithm)) : null;
  return createHash(hash ?? 'sha256')
    .update(der)
    .digest();
}

/**
 * One enrollment. `accept` checks the issued certificate (the credential's key); when it throws,
 * the certificate is not confirmed and the error is passed on.
 */
export async function cmpEnroll(
  options: CmpClientOptions,
  request: { bodyType: number; content: Buffer; accept: (certificate: Buffer) => void },
): Promise<CmpEnrollmentResult> {
  const tx: Transaction = {
    transport: cmpTransport(options.url, options.timeoutMs),
    transactionId: randomBytes(16),
    senderNonce: randomBytes(16),
  };
  try {
    return await transact(options, tx, request);
  } finally {
    tx.transport.close();
  }
}

async function transact(
  options: CmpClientOptions,
  tx: Transaction,
  request: { bodyType: number; content: Buffer; accept: (certificate: Buffer) => void },
): Promise<CmpEnrollmentResult> {
  const response = await exchange(options, tx, request.bodyType, request.content);
  const expected =
    request.bodyType === cmpBody.kur
      ? cmpBody.kup
      : request.bodyType === cmpBody.ir
        ? cmpBody.ip
        : cmpBody.cp;
  if (response.bodyType !== expected)
    throw caFailure(`unexpected answer (body ${response.bodyType})`);
  const { caPubs, responses } = readCertRep(response.body);
  const [first] = responses;
  if (!first) throw caFailure('the answer holds no certificate response');
  checkGranted(first.status);
  if (!first.certificate)
    throw caFailure('the answer holds no certificate (encrypted certificates are not supported)');
  const certHash = hashOfCertificate(first.certificate);
  try {
    request.accept(first.certificate);
  } catch (error) {
    // Tell the CA the certificate is not taken (RFC 4210 §5.3.18); its answer changes nothing.
    const rejection = error instanceof Error ? error.message : 'rejected';
    const reject = certConfContent({ certHash, certReqId: first.certReqId, rejection });
    await exchange(options, tx, cmpBody.certConf, reject).catch(() => undefined);
    throw error;
  }
  const confirm = certConfContent({ certHash, certReqId: first.certReqId });
  const conf = await exchange(options, tx, cmpBody.certConf, confirm);
  if (conf.bodyType !== cmpBody.pkiConf) throw caFailure('the CA did not confirm (no pkiConf)');
  return { certificate: first.certificate, caPubs, extraCerts: response.extraCerts };
}

function checkGranted(status: PkiStatusInfo): void {
  if (status.status === 0 || status.status === 1) return;
  if (status.status === 3) throw caFailure('the CA asks to poll later, which Signet does not do');
  throw caFailure(describeStatus(status));
}
