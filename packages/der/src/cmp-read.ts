/** Reading CMP responses (RFC 4210): the header, ip/cp/kup, error and pkiConf bodies. */
import { DerError } from './der-error';
import {
  derBytes,
  derChildren,
  derContent,
  derInteger,
  derOid,
  readDer,
  readDerAll,
  type DerNode,
} from './der-read';
import { derSequence } from './der-write';
import type { PbmParameters } from './cmp-build';

export interface CmpHeader {
  sender: Buffer;
  protectionAlgOid: string | null;
  /** The parameters node's bytes of the protection algorithm, if any. */
  protectionParams: Buffer | null;
  senderKid: Buffer | null;
  transactionId: Buffer | null;
  senderNonce: Buffer | null;
  recipNonce: Buffer | null;
}

export interface CmpResponse {
  header: CmpHeader;
  /** PKIBody choice number. */
  bodyType: number;
  /** The body's content (inside the explicit tag). */
  body: DerNode;
  /** SEQUENCE { header, body }: what the protection covers. */
  protectedPart: Buffer;
  protection: Buffer | null;
  extraCerts: Buffer[];
}

const tagged = (node: DerNode): DerNode => readDer(node.buffer, node.contentStart, node.end);

function readHeader(node: DerNode): CmpHeader {
  const [, sender, , ...optional] = derChildren(node);
  if (!sender) throw new DerError('CMP: bad PKIHeader');
  const header: CmpHeader = {
    sender: derBytes(sender),
    protectionAlgOid: null,
    protectionParams: null,
    senderKid: null,
    transactionId: null,
    senderNonce: null,
    recipNonce: null,
  };
  for (const field of optional) {
    const inner = tagged(field);
    switch (field.tag) {
      case 0xa1: {
        const [oid, params] = derChildren(inner);
        if (!oid) throw new DerError('CMP: bad protectionAlg');
        header.protectionAlgOid = derOid(oid);
        header.protectionParams = params ? derBytes(params) : null;
        break;
      }
      case 0xa2:
        header.senderKid = derContent(inner);
        break;
      case 0xa4:
        header.transactionId = derContent(inner);
        break;
      case 0xa5:
        header.senderNonce = derContent(inner);
        break;
      case 0xa6:
        header.recipNonce = derContent(inner);
        break;
    }
  }
  return header;
}

/** Reads a PKIMessage; throws a DerError when it is not one. */
export function readCmpMessage(bytes: Uint8Array): CmpResponse {
  const [headerNode, bodyNode, ...rest] = derChildren(readDerAll(bytes));
  if (!headerNode || !bodyNode || (bodyNode.tag & 0xe0) !== 0xa0) {
    throw new DerError('CMP: not a PKIMessage');
  }
  let protection: Buffer | null = null;
  let extraCerts: Buffer[] = [];
  for (const field of rest) {
    if (field.tag === 0xa0) protection = derContent(tagged(field)).subarray(1);
    if (field.tag === 0xa1) extraCerts = derChildren(tagged(field)).map(derBytes);
  }
  return {
    header: readHeader(headerNode),
    bodyType: bodyNode.tag & 0x1f,
    body: tagged(bodyNode),
    protectedPart: derSequence(derBytes(headerNode), derBytes(bodyNode)),
    protection,
    extraCerts,
  };
}

/** PBMParameter of a protectionAlg. */
export function readPbmParameters(params: Uint8Array): PbmParameters {
  const [salt, owf, iterations, mac] = derChildren(readDerAll(params));
  const owfOid = owf && derChildren(owf)[0];
  const macOid = mac && derChildren(mac)[0];
  if (!salt || !owfOid || !iterations || !macOid) throw new DerError('CMP: bad PBMParameter');
  return {
    salt: derContent(salt),
    owfOid: derOid(owfOid),
    iterations: Number(derInteger(iterations)),
    macOid: derOid(macOid),
  };
}

export interface PkiStatusInfo {
  /** 0 accepted, 1 grantedWithMods, 2 rejection, 3 waiting, 4–6 revocation notices. */
  status: number;
  texts: string[];
  /** Numbers of the PKIFailureInfo bits set. */
  failInfo: number[];
}

function readFreeText(node: DerNode): string[] {
  return derChildren(node).map((text) => derContent(text).toString('utf8'));
}

function readStatusInfo(node: DerNode): PkiStatusInfo {
  const [status, ...rest] = derChildren(node);
  if (!status) throw new DerError('CMP: bad PKIStatusInfo');
  const info: PkiStatusInfo = { status: Number(derInteger(status)), texts: [], failInfo: [] };
  for (const field of rest) {
    if (field.tag === 0x30) info.texts = readFreeText(field);
    if (field.tag === 0x03) {
      const bits = derContent(field).subarray(1);
      bits.forEach((byte, i) => {
        for (let b = 0; b < 8; b++) if (byte & (0x80 >> b)) info.failInfo.push(i * 8 + b);
      });
    }
  }
  return info;
}

export interface CertResponse {
  certReqId: bigint;
  status: PkiStatusInfo;
  certificate: Buffer | null;
}

/** CertRepMessage (ip, cp, kup): the CA certificates and the responses. */
export function readCertRep(body: DerNode): { caPubs: Buffer[]; responses: CertResponse[] } {
  let caPubs: Buffer[] = [];
  const responses: CertResponse[] = [];
  for (const field of derChildren(body)) {
    if (field.tag === 0xa1) caPubs = derChildren(tagged(field)).map(derBytes);
    if (field.tag !== 0x30) continue;
    for (const response of derChildren(field)) {
      const [id, status, pair] = derChildren(response);
      if (!id || !status) throw new DerError('CMP: bad CertResponse');
      let certificate: Buffer | null = null;
      const certOrEnc = pair && derChildren(pair)[0];
      if (certOrEnc?.tag === 0xa0) certificate = derBytes(tagged(certOrEnc));
      responses.push({ certReqId: derInteger(id), status: readStatusInfo(status), certificate });
    }
  }
  return { caPubs, responses };
}

/** ErrorMsgContent: the status and the details' texts. */
export function readErrorMessage(body: DerNode): PkiStatusInfo & { details: string[] } {
  const [status, ...rest] = derChildren(body);
  if (!status) throw new DerError('CMP: bad ErrorMsgContent');
  const details = rest.filter((n) => n.tag === 0x30).flatMap(readFreeText);
  return { ...readStatusInfo(status), details };
}
