import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFArray, PDFDocument, PDFName, PDFRef } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credential } from '@signet/contracts/credentials';
import type { ValidationReport } from '@signet/contracts/validations';
import { parseCertificate } from '@signet/der';
import {
  buildSignedAttributes,
  buildSignedData,
  prepare,
  sign,
  type PreparedSignature,
  type Signer,
} from '@signet/pades';
import {
  generateCorpus,
  type CorpusFile,
} from '../../../packages/pades/test/fixtures/generate-corpus';
import {
  createTestPki,
  ecSigner,
  rsaSigner,
  type TestPki,
} from '../../../packages/pades/test/support/pki';
import { createRsspTestApp, fastKdfEnv, person, post, type Person } from './rssp-fixture';
import { multipartBody } from './multipart';
import {
  activatedCredential,
  createChain,
  download,
  drawnSignature,
  makePdf,
  runTool,
  signBody,
} from './signing-fixture';
import type { TestApp } from './test-app';

const maxUpload = 4 * 1024 * 1024;

/**
 * Issue 27 §3: the validation API on Signet's own output, on three tampered copies (each attack
 * named), on the engine's real-world corpus, and its borders (ownership, size, format).
 */
describe('rDSS validation (POST validations, GET signatureChains/{id}/validation)', () => {
  let t: TestApp;
  let ann: Person;
  let stranger: Person;
  let pki: TestPki;
  let corpus: CorpusFile[];
  let chainId: string;
  let signed: Buffer;

  const validateBytes = (who: Person, bytes: Uint8Array, query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/rdss/v1/validations?fileName=test.pdf${query}`,
      headers: { ...who.headers, 'content-type': 'application/pdf' },
      payload: Buffer.from(bytes),
    });
  const reportOf = async (bytes: Uint8Array): Promise<ValidationReport> => {
    const res = await validateBytes(ann, bytes);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ValidationReport>();
  };

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'signet-validation-'));
    pki = createTestPki(join(dir, 'pki'));
    // The corpus's signer chains to this root: trusted through TRUST_ANCHORS_FILE (PEM).
    ({ t, ann } = await createRsspTestApp({
      ...fastKdfEnv,
      TRUST_ANCHORS_FILE: join(pki.dir, 'ca.pem'),
      MAX_UPLOAD_DOCUMENT_BYTES: String(maxUpload),
    }));
    stranger = await person(t, 'stranger@example.com');
    corpus = await generateCorpus(mkdtempSync(join(dir, 'corpus-')), pki);
    const key: Credential = await activatedCredential(t, ann, { keyAlg: 'rsa', rsaKeySize: 2048 });
    const chain = await createChain(
      t,
      ann,
      { type: 'ORDERED', signers: [{ email: ann.email }] },
      await makePdf(2),
    );
    chainId = chain.id;
    const res = await post(
      t,
      ann,
      '/rdss/v1/signatures/sign',
      signBody(chain, ann, key, {
        userImageDataUrl: drawnSignature(),
        item: {
          signatureFieldParameters: { page: 1, originX: 60, originY: 80, width: 180, height: 60 },
        },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const done = await t.app.inject({
      url: `/rdss/v1/signatureChains/${chainId}`,
      headers: ann.headers,
    });
    signed = await download(
      t,
      ann,
      done.json<{ signedDocument: { id: string } }>().signedDocument.id,
    );
  }, 180_000);
  afterAll(() => t.close());

  it("reports Signet's own signed output valid: signer, algorithm, integrity, trust, level, no attacks", async () => {
    const started = Date.now();
    const report = await reportOf(signed);
    expect(report).toMatchObject({
      kind: 'PDF',
      fileName: 'test.pdf',
      fileSize: signed.length,
      sha256: createHash('sha256').update(signed).digest('hex'),
      verdict: 'VALID',
      chainId: null,
    });
    expect(report.trustAnchors).toEqual(
      expect.arrayContaining([expect.stringContaining('Signet Test Root CA')]),
    );
    expect(report.signatures).toHaveLength(1);
    const [signature] = report.signatures;
    expect(signature).toMatchObject({
      verdict: 'VALID',
      reasons: [],
      algorithm: 'RSA_PKCS1',
      integrity: { digestMatches: true, signatureValid: true },
      trust: { trusted: true, certificateValidAtSigningTime: true },
      page: 1,
      attacks: { USF: false, ISA: false, SWA: false, SHADOW: false },
    });
    // Its validation data (DSS) and the chain's document time-stamp follow it: allowed updates
    // that change nothing shown (decision 038).
    expect(signature?.laterUpdates.every((u) => u.allowed && !u.changesContent)).toBe(true);
    expect(report.documentTimestamps).toHaveLength(1);
    expect(signature?.signer?.subject).toMatch(/CN=ann/);
    expect(signature?.signer?.serialNumber).toMatch(/^[0-9a-f]+$/);
    expect(['B-B', 'B-T', 'B-LT', 'B-LTA']).toContain(signature?.level);
    expect(signature?.isTimestamped).toBe(signature?.timestamp?.valid === true);
    const time = Date.parse(signature?.signingTime ?? '');
    expect(time).toBeLessThanOrEqual(started + 1000);
    expect(time).toBeGreaterThan(started - 10 * 60_000);

    // The chain's own validation says the same of the document as it stands.
    const chainRes = await t.app.inject({
      url: `/rdss/v1/signatureChains/${chainId}/validation`,
      headers: ann.headers,
    });
    expect(chainRes.statusCode, chainRes.body).toBe(200);
    const chainReport = chainRes.json<ValidationReport>();
    expect(chainReport).toMatchObject({ verdict: 'VALID', chainId, sha256: report.sha256 });
    expect(chainReport.signatures[0]?.signer).toEqual(signature?.signer);
  });

  it('takes the file as multipart too, and gives the report as a readable PDF (qpdf clean, text inside)', async () => {
    const body = await multipartBody({}, [{ field: 'file', name: 'contract.pdf', bytes: signed }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/validations?format=pdf',
      headers: { ...ann.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toMatch(/contract-validation\.pdf/);
    const dir = mkdtempSync(join(tmpdir(), 'signet-report-'));
    const path = join(dir, 'report.pdf');
    await import('node:fs/promises').then((fs) => fs.writeFile(path, res.rawPayload));
    expect((await runTool('qpdf', ['--check', path])).code).toBe(0);
    const text = await runTool('pdftotext', [path, '-']);
    expect(text.output).toMatch(/Signature validation report/);
    expect(text.output).toMatch(/contract\.pdf/);
    expect(text.output).toMatch(/Valid/);

    // Accept: application/pdf on the chain's validation answers the PDF as well.
    const chainPdf = await t.app.inject({
      url: `/rdss/v1/signatureChains/${chainId}/validation`,
      headers: { ...ann.headers, accept: 'application/pdf' },
    });
    expect(chainPdf.statusCode).toBe(200);
    expect(chainPdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('a byte changed inside the signed range: integrity fails, INVALID with DIGEST_MISMATCH', async () => {
    const tampered = Buffer.from(signed);
    const at = tampered.indexOf('Page 1', 0, 'latin1');
    const inContent = at > 0 ? at : tampered.indexOf('/MediaBox', 0, 'latin1') + 12;
    tampered[inContent + 5] = (tampered[inContent + 5] as number) ^ 0x01;
    const report = await reportOf(tampered);
    expect(report.verdict).toBe('INVALID');
    expect(report.signatures[0]).toMatchObject({
      verdict: 'INVALID',
      integrity: { digestMatches: false },
    });
    expect(report.signatures[0]?.reasons).toContain('DIGEST_MISMATCH');
  });

  it("a tampered file's report PDF: a time-stamp that does not verify is not called trusted", async () => {
    const tampered = Buffer.from(signed);
    const at = tampered.indexOf('Page 1', 0, 'latin1');
    const inContent = at > 0 ? at : tampered.indexOf('/MediaBox', 0, 'latin1') + 12;
    tampered[inContent + 5] = (tampered[inContent + 5] as number) ^ 0x01;
    const report = await reportOf(tampered);
    // The document time-stamp covers the changed byte; its TSA's chain is the trusted one.
    expect(report.documentTimestamps).toEqual([
      expect.objectContaining({ valid: false, trusted: true }),
    ]);
    const res = await validateBytes(ann, tampered, '&format=pdf');
    expect(res.statusCode).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'signet-report-'));
    const path = join(dir, 'tampered.pdf');
    await import('node:fs/promises').then((fs) => fs.writeFile(path, res.rawPayload));
    const output = (await runTool('pdftotext', [path, '-'])).output;
    const text = Buffer.from(output, 'latin1').toString('utf8').replace(/\s+/g, ' ');
    const stamps = text.slice(text.indexOf('Document time-stamps'));
    expect(stamps).toContain(report.documentTimestamps[0]!.name);
    expect(stamps).toMatch(/Time-Stamping Authority · does not verify(?! ·)/);
    expect(text).not.toMatch(/does not verify · (trusted|not trusted)/);
  });

  it("an incremental update that swaps a page's content after signing: ISA and shadow flagged, the change listed", async () => {
    const attacked = await swapPageContent(signed, '1 0 0 rg 50 500 400 200 re f');
    const report = await reportOf(attacked);
    const [signature] = report.signatures;
    expect(signature?.integrity).toEqual({ digestMatches: true, signatureValid: true });
    expect(signature?.coversWholeDocument).toBe(false);
    expect(signature?.attacks).toMatchObject({ ISA: true, SHADOW: true, SWA: false, USF: false });
    expect(signature?.reasons).toEqual(
      expect.arrayContaining(['MODIFIED_AFTER_SIGNING', 'SHADOW_ATTACK']),
    );
    expect(signature?.verdict).toBe('INVALID');
    // The swap is the last update (after the DSS and the document time-stamp).
    const swap = signature?.laterUpdates.at(-1);
    expect(swap).toMatchObject({ allowed: false, changesContent: true });
    expect(swap?.modifications.join()).toMatch(/changed/);
  });

  it("a later signature that replaced the signing trail's pages (decision 027's placement): said apart, INDETERMINATE, never 'Attacks detected: none'", async () => {
    const trail = async (version: string) => {
      const doc = await PDFDocument.create();
      doc.addPage([595, 842]).drawText(`Signing trail ${version}`, { x: 50, y: 780 });
      return doc.save({ useObjectStreams: false });
    };
    const once = await sign(await makePdf(2), rsaSigner(pki, 'rsa2048'), {
      trailPages: await trail('v1'),
    });
    const twice = await sign(once, ecSigner(pki), { trailPages: await trail('v2') });
    const report = await reportOf(twice);
    const [first, second] = report.signatures;
    expect(first?.laterUpdates).toEqual([
      expect.objectContaining({
        allowed: false,
        trail: 'PAGES_REPLACED',
        modifications: [],
        changesContent: false,
      }),
    ]);
    expect(first?.attacks).toEqual({ USF: false, ISA: false, SWA: false, SHADOW: false });
    expect(first?.reasons).toEqual(['TRAIL_PAGES_CHANGED']);
    expect(first?.verdict).toBe('INDETERMINATE');
    expect(second?.verdict).toBe('VALID');
    expect(report.verdict).toBe('INDETERMINATE');

    const pdf = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/validations?fileName=pages.pdf&format=pdf',
      headers: { ...ann.headers, 'content-type': 'application/pdf' },
      payload: Buffer.from(twice),
    });
    expect(pdf.statusCode).toBe(200);
    const path = join(mkdtempSync(join(tmpdir(), 'signet-report-')), 'pages.pdf');
    await import('node:fs/promises').then((fs) => fs.writeFile(path, pdf.rawPayload));
    const words = (await runTool('pdftotext', [path, '-'])).output.replace(/\s+/g, ' ');
    expect(words).toContain("the signing trail's pages replaced by a later signature's");
    expect(words).toContain("none by name; pages changed after signing (the signing trail's)");
  });

  it('a wrapped signature (its byte range moved, the CMS valid over the moved ranges): SWA flagged', async () => {
    const signer = rsaSigner(pki, 'rsa2048');
    const classic = readFileSync(corpus.find((f) => f.name === 'classic-xref')?.path ?? '');
    const prepared = prepare(classic, {
      certificateChain: signer.certificateChain,
      algorithm: signer.algorithm,
    });
    const [, a, b, c] = prepared.state.byteRange;
    const wrapped = await signOverRanges(prepared, signer, [0, a - 12, b, c]);
    const report = await reportOf(wrapped);
    const [signature] = report.signatures;
    expect(signature?.integrity.signatureValid).toBe(true);
    expect(signature?.attacks.SWA).toBe(true);
    expect(signature?.reasons).toContain('SIGNATURE_WRAPPED');
    expect(signature?.verdict).toBe('INVALID');
  });

  it("validates the engine's real-world corpus without errors", async () => {
    expect(corpus.length).toBeGreaterThanOrEqual(8);
    for (const file of corpus) {
      const bytes = readFileSync(file.path);
      const res = await validateBytes(ann, bytes);
      // The encrypted ones have a user password (qpdf --encrypt user-pw owner-pw).
      if (file.password !== undefined) {
        // Opening needs the user's password: said so, not a server error.
        expect(res.statusCode, file.name).toBe(400);
        expect(res.json()).toMatchObject({ code: 'DOCUMENT_PARSING_ERROR' });
        continue;
      }
      expect(res.statusCode, `${file.name}: ${res.body}`).toBe(200);
      const report = res.json<ValidationReport>();
      expect(report.pages, file.name).toBe(file.pages);
      if (file.name === 'already-signed') {
        // Signed by @signpdf with the corpus PKI, trusted through TRUST_ANCHORS_FILE.
        expect(report.signatures).toHaveLength(1);
        expect(report.signatures[0]).toMatchObject({
          verdict: 'VALID',
          trust: { trusted: true },
          attacks: { USF: false, ISA: false, SWA: false, SHADOW: false },
          revocation: { status: 'NOT_CHECKED', source: 'NONE' },
        });
        // Its certificates name no OCSP responder or CRL: the online check lists what it could
        // not obtain and the validation goes on.
        expect(report.missingRevocationData).toEqual(
          expect.arrayContaining([expect.stringMatching(/names no OCSP responder or CRL/)]),
        );
      } else {
        expect(report.signatures, file.name).toEqual([]);
        expect(report.verdict).toBe('INDETERMINATE');
      }
    }
  });

  it('a chain the caller cannot read is 404; an unknown id too', async () => {
    const foreign = await t.app.inject({
      url: `/rdss/v1/signatureChains/${chainId}/validation`,
      headers: stranger.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND' });
    const unknown = await t.app.inject({
      url: '/rdss/v1/signatureChains/00000000-0000-4000-8000-000000000000/validation',
      headers: ann.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('an oversized file is PAYLOAD_TOO_LARGE; a zip that is no container DOCUMENT_PARSING_ERROR; anything else UNSUPPORTED_FILE_FORMAT', async () => {
    const big = Buffer.alloc(maxUpload + 1, 0x20);
    big.write('%PDF-1.7\n', 0, 'latin1');
    const tooBig = await validateBytes(ann, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });

    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(64)]);
    const zipped = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/validations?fileName=bulk.asice',
      headers: { ...ann.headers, 'content-type': 'application/vnd.etsi.asic-e+zip' },
      payload: zip,
    });
    // Read as an ASiC-E container (decision 040), which it is not.
    expect(zipped.statusCode).toBe(400);
    expect(zipped.json()).toMatchObject({ code: 'DOCUMENT_PARSING_ERROR' });
    const text = await validateBytes(ann, Buffer.from('hello, not a PDF'));
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 'UNSUPPORTED_FILE_FORMAT' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/validations',
      headers: { 'content-type': 'application/pdf' },
      payload: signed,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

/**
 * Appends an incremental update (classic cross-reference section) that redefines the first
 * content stream of page 1: the signed bytes stay as they were, the page shows `content`.
 */
async function swapPageContent(pdf: Buffer, content: string): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const contents = doc.getPage(0).node.get(PDFName.of('Contents'));
  const first = contents instanceof PDFArray ? contents.get(0) : contents;
  if (!(first instanceof PDFRef)) throw new Error('page 1 has no content stream');
  const tail = pdf.subarray(Math.max(0, pdf.length - 64)).toString('latin1');
  const prev = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail)?.[1]);
  const root = doc.context.trailerInfo.Root as PDFRef;
  const size = doc.context.largestObjectNumber + 1;
  const object =
    `${first.objectNumber} ${first.generationNumber} obj\n<< /Length ${content.length} >>\n` +
    `stream\n${content}\nendstream\nendobj\n`;
  const objectAt = pdf.length + 1;
  const xrefAt = objectAt + object.length;
  const entry = `${String(objectAt).padStart(10, '0')} ${String(first.generationNumber).padStart(5, '0')} n\r\n`;
  const update =
    `\n${object}xref\n${first.objectNumber} 1\n${entry}` +
    `trailer\n<< /Size ${size} /Root ${root.objectNumber} ${root.generationNumber} R /Prev ${prev} >>\n` +
    `startxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(update, 'latin1')]);
}

/** Signs a prepared file over byte ranges an attacker chose, so the CMS itself verifies. */
async function signOverRanges(
  prepared: PreparedSignature,
  signer: Signer,
  ranges: [number, number, number, number],
): Promise<Buffer> {
  const pdf = Buffer.from(prepared.pdf);
  const at = pdf.indexOf('/ByteRange[', 0, 'latin1') + '/ByteRange'.length;
  pdf.write(`[${ranges.join(' ')}`.padEnd(35, ' ') + ']', at, 'latin1');
  const hash = createHash('sha256');
  hash.update(pdf.subarray(ranges[0], ranges[0] + ranges[1]));
  hash.update(pdf.subarray(ranges[2], ranges[2] + ranges[3]));
  const certificate = parseCertificate(signer.certificateChain[0] as Uint8Array);
  const attributes = buildSignedAttributes(hash.digest(), certificate);
  const signature = await signer.signHash(createHash('sha256').update(attributes).digest());
  const cms = buildSignedData({
    certificates: signer.certificateChain,
    signerCertificate: certificate,
    signedAttributes: attributes,
    algorithm: signer.algorithm,
    signature,
  });
  pdf.write(Buffer.from(cms).toString('hex'), prepared.state.contentsOffset + 1, 'latin1');
  return pdf;
}
