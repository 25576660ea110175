import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readDer, readOcspResponse } from '@signet/der';
import {
  addDocumentTimestamp,
  addValidationData,
  documentTimestampTail,
  embed,
  embedDocumentTimestamp,
  prepareDocumentTimestamp,
  prepareIncrement,
  readDocumentSecurityStore,
  requestTimestampTokenForDigest,
  signatureTimestampChain,
  sign,
  validate,
  validateOnline,
  validationDataIncrement,
  type FetchTimestamp,
  type OnlineRevocation,
} from '../src/index';
import { PdfFile } from '../src/pdf/pdf-file';
import { PdfDict, PdfString } from '../src/pdf/pdf-objects';
import { certificateDer, ecSigner, rsaSigner, type TestPki } from './support/pki';
import { crl, ocspResponse } from './support/revocation';
import { localTsa, pdfsig, qpdfCheck, runTool, testPki } from './support/tools';

const corpus = inject('corpus');
const corpusFile = (name: string) => readFileSync(corpus.find((f) => f.name === name)?.path ?? '');
/** Until the clock's whole second is past `time`'s: tokens and OCSP answers have one-second resolution. */
async function pastSecondOf(time: Date): Promise<void> {
  const second = Math.floor(time.getTime() / 1000);
  while (Math.floor(Date.now() / 1000) <= second) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('PAdES B-LT and B-LTA', () => {
  let pki: TestPki;
  let dir: string;
  let tsa: FetchTimestamp;
  let anchors: Uint8Array[];
  /** OCSP responses for Alice, Bob and the TSA, all good (made once: openssl is slow). */
  let goodOcsps: Buffer[];
  let chainCertificates: Uint8Array[];

  beforeAll(() => {
    pki = testPki();
    dir = mkdtempSync(join(inject('workDir'), 'long-term-'));
    tsa = localTsa(pki, dir);
    anchors = [pki.caDer];
    goodOcsps = (['rsa2048', 'ec256', 'tsa'] as const).map((name) => ocspResponse(pki, dir, name));
    chainCertificates = [
      certificateDer(pki, 'rsa2048'),
      certificateDer(pki, 'ec256'),
      certificateDer(pki, 'tsa'),
      pki.caDer,
    ];
  });

  async function twoSignatures(name: string, password?: string): Promise<Uint8Array> {
    const options = { fetchTimestamp: tsa, ...(password ? { password } : {}) };
    const first = await sign(corpusFile(name), rsaSigner(pki, 'rsa2048'), options);
    return sign(first, ecSigner(pki), options);
  }

  /**
   * qpdf finds nothing to fix; pdfsig says every signature is valid and trusted. A document
   * time-stamp (`sealed`, the last) pdfsig lists as covering the whole document but does not
   * verify ("Unable to validate this type of signature": poppler checks no ETSI.RFC3161);
   * openssl ts -verify and the engine do.
   */
  async function checkTools(pdf: Uint8Array, tag: string, password?: string, sealed = false) {
    const path = join(dir, `${tag}.pdf`);
    writeFileSync(path, pdf);
    const qpdf = await qpdfCheck(path, password);
    expect(qpdf.code, qpdf.output).toBe(0);
    expect(qpdf.output).not.toMatch(/WARNING/);
    const poppler = await pdfsig(pki, path, password);
    expect(poppler).toHaveLength(sealed ? 3 : 2);
    const documentTimestamp = sealed ? poppler.pop() : undefined;
    if (documentTimestamp) {
      expect(documentTimestamp.total).toBe(true);
      expect(documentTimestamp.validation).toBe('Signature has not yet been verified.');
    }
    for (const signature of poppler) {
      expect(signature.validation).toBe('Signature is Valid.');
      expect(signature.certificate).toBe('Certificate is Trusted.');
    }
  }

  it('adds a DSS with VRI entries: every signature stays valid, B-LT, then B-LTA', async () => {
    const signed = await twoSignatures('classic-xref');
    const beforeDss = validate(signed, { trustAnchors: anchors });
    expect(beforeDss.signatures.map((s) => s.level)).toEqual(['B-T', 'B-T']);
    expect(beforeDss.signatures[0]?.revocation).toMatchObject({
      status: 'UNKNOWN',
      source: 'NONE',
      missing: ['CN=Alice RSA-2048, O=Signet Tests'],
    });

    const withDss = addValidationData(signed, {
      certificates: chainCertificates,
      ocsps: goodOcsps,
    });
    expect(Buffer.compare(withDss.subarray(0, signed.length), signed)).toBe(0);
    const report = validate(withDss, { trustAnchors: anchors });
    expect(report.signatures).toHaveLength(2);
    for (const signature of report.signatures) {
      expect(signature.valid).toBe(true);
      expect(signature.level).toBe('B-LT');
      expect(signature.modifiedAfterSigning).toBe(false);
      expect(signature.revocation).toMatchObject({
        status: 'GOOD',
        source: 'DSS',
        kind: 'OCSP',
        validAtSigningTime: true,
      });
      expect(signature.revocation?.missing).toBeUndefined();
      expect(signature.timestamp?.revocation).toMatchObject({ status: 'GOOD', source: 'DSS' });
    }
    // The DSS update is an allowed change for the earlier signatures.
    const dssUpdate = report.signatures[1]?.subsequentUpdates[0];
    expect(dssUpdate).toMatchObject({ onlySignatures: true, modifications: [] });

    // VRI keys: the upper-case hex SHA-1 of each signature's /Contents.
    const file = new PdfFile(withDss);
    const catalog = file.resolveDict(file.trailer.get('Root'));
    const dss = file.resolveDict(catalog?.get('DSS'));
    const vri = file.resolveDict(dss?.get('VRI'));
    const contentsKeys = report.signatures.map((s) => {
      const [, a, b] = s.byteRange as number[];
      const hex = Buffer.from(withDss.subarray((a as number) + 1, (b as number) - 1)).toString(
        'latin1',
      );
      return createHash('sha1').update(Buffer.from(hex, 'hex')).digest('hex').toUpperCase();
    });
    expect([...(vri?.map.keys() ?? [])].sort()).toEqual([...contentsKeys].sort());
    const aliceEntry = vri?.get(contentsKeys[0] as string);
    expect(aliceEntry).toBeInstanceOf(PdfDict);
    const entry = aliceEntry as PdfDict;
    expect(entry.get('TU')).toBeInstanceOf(PdfString);
    // Alice's VRI names her OCSP response and the TSA's (her token's), not Bob's.
    expect(Array.isArray(entry.get('OCSP')) && (entry.get('OCSP') as unknown[]).length).toBe(2);
    await checkTools(withDss, 'b-lt');

    const sealed = await addDocumentTimestamp(withDss, tsa);
    const final = validate(sealed, { trustAnchors: anchors });
    expect(final.signatures.map((s) => s.level)).toEqual(['B-LTA', 'B-LTA']);
    expect(final.signatures.every((s) => !s.modifiedAfterSigning)).toBe(true);
    expect(final.documentTimestamps).toHaveLength(1);
    const documentTimestamp = final.documentTimestamps?.[0];
    expect(documentTimestamp).toMatchObject({
      valid: true,
      trusted: true,
      coversWholeDocument: true,
      tsa: 'CN=Signet Test TSA, O=Signet Tests',
      revocation: { status: 'GOOD', source: 'DSS' },
      problems: [],
    });
    await checkTools(sealed, 'b-lta', undefined, true);

    // openssl ts -verify accepts the document time-stamp's token over its byte ranges.
    const [, a, b, c] = documentTimestamp?.byteRange as number[];
    const hex = Buffer.from(sealed.subarray((a as number) + 1, (b as number) - 1)).toString(
      'latin1',
    );
    const padded = Buffer.from(hex, 'hex');
    writeFileSync(join(dir, 'doc-ts.der'), padded.subarray(0, readDer(padded).end));
    writeFileSync(
      join(dir, 'doc-ts.bin'),
      Buffer.concat([
        sealed.subarray(0, a as number),
        sealed.subarray(b as number, (b as number) + (c as number)),
      ]),
    );
    const verified = await runTool('openssl', [
      'ts',
      '-verify',
      '-token_in',
      '-in',
      join(dir, 'doc-ts.der'),
      '-data',
      join(dir, 'doc-ts.bin'),
      '-CAfile',
      pki.caPem,
    ]);
    expect(verified.stdout + verified.stderr).toMatch(/Verification: OK/);
  });

  it('a document time-stamp whose digest the caller completes from its own hash of the document seals it as well', async () => {
    const signed = await twoSignatures('xref-stream');
    const prepared = prepareDocumentTimestamp(signed, { hashDocument: false });
    expect(prepared.digest).toHaveLength(0);
    // The caller's hash of the document (signing hashes the revision while reading it).
    const hash = createHash('sha256').update(signed);
    for (const part of documentTimestampTail(prepared)) hash.update(part);
    const digest = hash.digest();
    const increment = embedDocumentTimestamp(
      { ...prepared, digest },
      await requestTimestampTokenForDigest(digest, tsa),
    );
    const sealed = Buffer.concat([signed, increment]);
    const report = validate(sealed, { trustAnchors: anchors });
    const stamp = report.documentTimestamps?.[0];
    expect(stamp).toMatchObject({ valid: true, coversWholeDocument: true });
    // The digest is the one over the byte ranges.
    const [a, b, c, d] = stamp?.byteRange as number[];
    const ranges = createHash('sha256')
      .update(sealed.subarray(a, (a as number) + (b as number)))
      .update(sealed.subarray(c, (c as number) + (d as number)))
      .digest();
    expect(ranges.equals(digest)).toBe(true);
  });

  it('extends an existing DSS without writing an item twice, on xref streams', async () => {
    const signed = await twoSignatures('xref-stream');
    const once = addValidationData(signed, {
      certificates: chainCertificates,
      ocsps: goodOcsps.slice(0, 1),
    });
    const caCrl = crl(pki, dir, []);
    const twice = addValidationData(once, {
      certificates: chainCertificates,
      ocsps: goodOcsps,
      crls: [caCrl],
    });
    const dss = readDocumentSecurityStore(twice);
    expect(dss.certificates).toHaveLength(4);
    expect(dss.ocsps).toHaveLength(3);
    expect(dss.crls).toHaveLength(1);
    const report = validate(twice, { trustAnchors: anchors });
    expect(report.signatures.map((s) => s.level)).toEqual(['B-LT', 'B-LT']);
    expect(report.signatures.every((s) => s.subsequentUpdates.every((u) => u.onlySignatures))).toBe(
      true,
    );
    await checkTools(twice, 'dss-twice');
  });

  it('handles an encrypted PDF: streams and strings encrypted, tools still agree', async () => {
    const password = 'user-pw';
    const signed = await twoSignatures('aes-256', password);
    const increment = validationDataIncrement(signed, {
      certificates: chainCertificates,
      ocsps: goodOcsps,
      password,
    });
    const withDss = Buffer.concat([signed, increment]);
    // The OCSP responses are not in the clear.
    expect(withDss.indexOf(goodOcsps[0] as Buffer)).toBe(-1);
    const sealed = await addDocumentTimestamp(withDss, tsa, { password });
    const report = validate(sealed, { trustAnchors: anchors, password });
    expect(report.signatures.map((s) => s.level)).toEqual(['B-LTA', 'B-LTA']);
    expect(report.documentTimestamps?.[0]?.valid).toBe(true);
    await checkTools(sealed, 'encrypted-lta', password, true);
  });

  it('a certificate revoked after the time-stamped signing time was valid at that time', async () => {
    const signed = await sign(corpusFile('classic-xref'), rsaSigner(pki, 'rsa2048'), {
      fetchTimestamp: tsa,
    });
    const stamped = validate(signed, { trustAnchors: anchors }).signatures[0]?.timestamp?.time;
    expect(stamped).toBeInstanceOf(Date);
    await pastSecondOf(stamped as Date);
    const revokedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    const withDss = addValidationData(signed, {
      certificates: chainCertificates,
      ocsps: [ocspResponse(pki, dir, 'rsa2048', revokedAt), goodOcsps[2] as Buffer],
    });
    const signature = validate(withDss, { trustAnchors: anchors }).signatures[0];
    expect(signature?.revocation).toMatchObject({
      status: 'REVOKED',
      source: 'DSS',
      revokedAt,
      validAtSigningTime: true,
    });
    expect((signature?.revocation?.revokedAt?.getTime() ?? 0) > (stamped?.getTime() ?? 0)).toBe(
      true,
    );
    expect(signature?.problems).toEqual([]);
    expect(signature?.level).toBe('B-LT');

    // Revoked before it (a CRL this time): invalid at the signing time.
    const before = addValidationData(signed, {
      certificates: chainCertificates,
      crls: [crl(pki, dir, [{ name: 'rsa2048', revokedAt: new Date('2020-01-01T00:00:00Z') }])],
    });
    const revoked = validate(before, { trustAnchors: anchors }).signatures[0];
    expect(revoked?.revocation).toMatchObject({
      status: 'REVOKED',
      kind: 'CRL',
      validAtSigningTime: false,
    });
    expect(revoked?.problems).toContain(
      'the signer certificate was revoked before the time-stamped signing time',
    );
  });

  it('ignores revocation data whose signature does not verify, and names what is missing', async () => {
    const signed = await sign(corpusFile('classic-xref'), rsaSigner(pki, 'rsa2048'), {
      fetchTimestamp: tsa,
    });
    // A byte of the responder's signature changed.
    const forged = Buffer.from(goodOcsps[0] as Buffer);
    const at = forged.indexOf(readOcspResponse(forged).signature) + 10;
    forged[at] = (forged[at] as number) ^ 0xff;
    const withDss = addValidationData(signed, { certificates: chainCertificates, ocsps: [forged] });
    const signature = validate(withDss, { trustAnchors: anchors }).signatures[0];
    expect(signature?.revocation).toMatchObject({
      status: 'UNKNOWN',
      source: 'NONE',
      missing: ['CN=Alice RSA-2048, O=Signet Tests'],
    });
    expect(signature?.level).toBe('B-T');
  });

  it('asks the online hook about every certificate: source ONLINE, a later revocation wins, the level stays', async () => {
    const signed = await sign(corpusFile('classic-xref'), rsaSigner(pki, 'rsa2048'), {
      fetchTimestamp: tsa,
    });
    const [aliceGood, , tsaGood] = goodOcsps as [Buffer, Buffer, Buffer];
    const online = (alice: Buffer) => {
      const asked: string[] = [];
      const hook: OnlineRevocation = async ({ certificate }) => {
        const isTsa = Buffer.from(certificate).equals(certificateDer(pki, 'tsa'));
        asked.push(isTsa ? 'tsa' : 'alice');
        return { ocsps: [isTsa ? tsaGood : alice] };
      };
      return { hook, asked };
    };
    const first = online(aliceGood);
    const report = await validateOnline(signed, { trustAnchors: anchors, online: first.hook });
    expect(first.asked.sort()).toEqual(['alice', 'tsa']);
    const signature = report.signatures[0];
    expect(signature?.revocation).toMatchObject({ status: 'GOOD', source: 'ONLINE' });
    expect(signature?.timestamp?.revocation).toMatchObject({ status: 'GOOD', source: 'ONLINE' });
    expect(signature?.level).toBe('B-T');

    // The DSS says good (collected at signing); revoked since, as the responder now says.
    const withDss = addValidationData(signed, {
      certificates: chainCertificates,
      ocsps: [aliceGood, tsaGood],
    });
    await pastSecondOf(new Date());
    const now = online(ocspResponse(pki, dir, 'rsa2048', new Date()));
    const later = await validateOnline(withDss, { trustAnchors: anchors, online: now.hook });
    expect(now.asked.sort()).toEqual(['alice', 'tsa']);
    expect(later.signatures[0]?.revocation).toMatchObject({
      status: 'REVOKED',
      source: 'ONLINE',
      validAtSigningTime: true,
    });
    expect(later.signatures[0]?.level).toBe('B-LT');
  });

  it("names the chain of a signed increment's TSA, its signing certificate first", async () => {
    const signer = rsaSigner(pki, 'rsa2048');
    const pdf = corpusFile('classic-xref');
    const prepared = prepareIncrement(pdf, {
      certificateChain: signer.certificateChain,
      algorithm: signer.algorithm,
      timestamp: true,
    });
    const increment = await embed(prepared, await signer.signHash(prepared.hash), {
      fetchTimestamp: tsa,
    });
    const expected = [certificateDer(pki, 'tsa'), pki.caDer].map((der) =>
      Buffer.from(der).toString('base64'),
    );
    const base64 = (list: Uint8Array[]) => list.map((der) => Buffer.from(der).toString('base64'));
    expect(base64(signatureTimestampChain(increment, prepared.state))).toEqual(expected);
    const whole = Buffer.concat([pdf, increment]);
    expect(base64(signatureTimestampChain(whole, prepared.state))).toEqual(expected);
    const untimed = await embed(prepared, await signer.signHash(prepared.hash));
    expect(signatureTimestampChain(untimed, prepared.state)).toEqual([]);
  });

  it('a B-B signature stays B-B; a tampered document time-stamp is reported invalid', async () => {
    const signed = await sign(corpusFile('classic-xref'), rsaSigner(pki, 'rsa2048'));
    const sealed = Buffer.from(await addDocumentTimestamp(signed, tsa));
    expect(validate(sealed, { trustAnchors: anchors }).signatures[0]?.level).toBe('B-B');
    // A byte inside the signed range of the time-stamp (its own dictionary's /Type name).
    const at = sealed.lastIndexOf('/DocTimeStamp');
    sealed[at + 1] = 'd'.charCodeAt(0);
    // Still a document time-stamp by its /SubFilter, but no longer the bytes it stamped.
    const tampered = validate(sealed, { trustAnchors: anchors }).documentTimestamps?.[0];
    expect(tampered?.valid).toBe(false);
    expect(tampered?.problems).toContain('the token does not time-stamp these bytes');
  });
});
