import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  certConfContent,
  cmpBody,
  cmpBodyOf,
  cmpHeader,
  cmpMessage,
  pbmAlgorithm,
  pbmMac,
  protectedPart,
} from './cmp-build';
import { CMP_OID } from './cmp-oids';
import { readCmpMessage, readPbmParameters } from './cmp-read';
import { derSequence } from './der-write';

describe('CMP messages', () => {
  it('a PBM-protected message reads back: header fields, body type, and a MAC that verifies only with the secret', () => {
    const salt = randomBytes(16);
    const transactionId = randomBytes(16);
    const senderNonce = randomBytes(16);
    const header = cmpHeader({
      sender: derSequence(),
      recipient: derSequence(),
      protectionAlg: pbmAlgorithm(salt, 500),
      senderKid: Buffer.from('ref'),
      transactionId,
      senderNonce,
    });
    const body = cmpBodyOf(
      cmpBody.certConf,
      certConfContent({ certHash: Buffer.alloc(32, 1), certReqId: -1n }),
    );
    const secret = Buffer.from('secret');
    const parameters = {
      salt,
      owfOid: CMP_OID.sha256,
      iterations: 500,
      macOid: CMP_OID.hmacWithSha256,
    };
    const mac = pbmMac(parameters, secret, protectedPart(header, body));
    const read = readCmpMessage(cmpMessage({ header, body, protection: mac }));
    expect(read.bodyType).toBe(cmpBody.certConf);
    expect(read.header.transactionId).toEqual(transactionId);
    expect(read.header.senderNonce).toEqual(senderNonce);
    expect(read.header.senderKid?.toString()).toBe('ref');
    expect(read.header.protectionAlgOid).toBe(CMP_OID.passwordBasedMac);
    const again = readPbmParameters(read.header.protectionParams!);
    expect(again).toEqual(parameters);
    expect(pbmMac(again, secret, read.protectedPart)).toEqual(read.protection);
    expect(pbmMac(again, Buffer.from('other'), read.protectedPart)).not.toEqual(read.protection);
  });

  it('refuses a PBM iteration count past the budget', () => {
    const parameters = {
      salt: Buffer.alloc(8),
      owfOid: CMP_OID.sha256,
      iterations: 100_001,
      macOid: CMP_OID.hmacWithSha256,
    };
    expect(() => pbmMac(parameters, Buffer.from('s'), Buffer.alloc(1))).toThrow(/iteration/);
  });
});
