import {
  derBytes,
  derChildren,
  derContent,
  derInteger,
  derOid,
  readDerAll,
  type DerNode,
} from '@signet/der';
import { CMS_OID } from '@signet/pades';

/**
 * Signet's time-stamp policy: an OID of its own under the UUID arc (2.25, ITU-T X.667), so it
 * needs no registration (decision 036). A request naming another policy is refused.
 */
export const tsaPolicyOid = '2.25.58260382918384546232505843496513878375';

/** The message-imprint digests the TSA accepts, by OID, with their length. */
const imprintDigests: Record<string, number> = {
  [CMS_OID.sha256]: 32,
  [CMS_OID.sha384]: 48,
  [CMS_OID.sha512]: 64,
};

/** PKIFailureInfo bits (RFC 3161 §2.4.2) the TSA answers with. */
export type TsaFailure =
  | 'badAlg'
  | 'badRequest'
  | 'badDataFormat'
  | 'unacceptedPolicy'
  | 'unacceptedExtension'
  | 'systemFailure';

/** What a TimeStampReq asks for, as the token must echo it. */
export interface TimestampQuery {
  /** The MessageImprint exactly as sent (the token carries the same bytes). */
  messageImprint: Buffer;
  /** The nonce INTEGER exactly as sent, when there is one. */
  nonce?: Buffer;
  /** Whether the token is to carry the TSA's certificates (certReq, default false). */
  certReq: boolean;
}

export type ParsedQuery =
  { ok: true; query: TimestampQuery } | { ok: false; failure: TsaFailure; text: string };

const refuse = (failure: TsaFailure, text: string): ParsedQuery => ({ ok: false, failure, text });

/**
 * Reads a DER TimeStampReq (RFC 3161 §2.4.1):
 * `SEQUENCE { version INTEGER (1), messageImprint, reqPolicy OID OPTIONAL, nonce INTEGER
 * OPTIONAL, certReq BOOLEAN DEFAULT FALSE, extensions [0] OPTIONAL }`.
 */
export function parseTimestampQuery(bytes: Uint8Array): ParsedQuery {
  let fields: DerNode[];
  try {
    const root = readDerAll(bytes);
    if (root.tag !== 0x30) return refuse('badDataFormat', 'not a TimeStampReq');
    fields = derChildren(root);
  } catch {
    return refuse('badDataFormat', 'not DER');
  }
  try {
    const [version, imprint, ...rest] = fields;
    if (!version || version.tag !== 0x02 || derInteger(version) !== 1n) {
      return refuse('badRequest', 'version must be 1');
    }
    if (!imprint || imprint.tag !== 0x30) return refuse('badDataFormat', 'no messageImprint');
    const [algorithm, hashed] = derChildren(imprint);
    const [algorithmOid, parameters] = algorithm ? derChildren(algorithm) : [];
    if (!algorithmOid || !hashed || hashed.tag !== 0x04) {
      return refuse('badDataFormat', 'malformed messageImprint');
    }
    const length = imprintDigests[derOid(algorithmOid)];
    // Parameters of a SHA-2 AlgorithmIdentifier are absent or NULL.
    if (length === undefined || (parameters && parameters.tag !== 0x05)) {
      return refuse('badAlg', 'the imprint must be SHA-256, SHA-384 or SHA-512');
    }
    if (derContent(hashed).length !== length) {
      return refuse('badDataFormat', 'the imprint has the wrong length for its algorithm');
    }
    const query: TimestampQuery = { messageImprint: derBytes(imprint), certReq: false };
    let i = 0;
    if (rest[i]?.tag === 0x06) {
      if (derOid(rest[i] as DerNode) !== tsaPolicyOid) {
        return refuse('unacceptedPolicy', `the policy is ${tsaPolicyOid}`);
      }
      i++;
    }
    if (rest[i]?.tag === 0x02) query.nonce = derBytes(rest[i++] as DerNode);
    if (rest[i]?.tag === 0x01) query.certReq = derContent(rest[i++] as DerNode)[0] !== 0;
    if (rest[i]?.tag === 0xa0) return refuse('unacceptedExtension', 'no extensions are supported');
    if (i !== rest.length) return refuse('badDataFormat', 'unexpected fields');
    return { ok: true, query };
  } catch {
    return refuse('badDataFormat', 'malformed TimeStampReq');
  }
}
