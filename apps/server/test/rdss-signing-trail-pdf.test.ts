import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chain } from '@signet/contracts/chains';
import type { Credential } from '@signet/contracts/credentials';
import type { SignResultItem } from '@signet/contracts/signatures';
import type { ValidationReport } from '@signet/contracts/validations';
import { createRsspTestApp, fastKdfEnv, person, post, type Person } from './rssp-fixture';
import {
  activatedCredential,
  checkSignedPdf,
  createChain,
  download,
  makePdf,
  runTool,
  signBody,
  trustEmbeddedCa,
} from './signing-fixture';
import type { TestApp } from './test-app';

/** The trail's way of writing a time: "2026-11-27 02:31:05 UTC". */
const utc = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')} UTC`;

/**
 * The signing trail in the signatures (issue 26 §2): ATTACHED, each signature's revision carries
 * the trail up to that signature as its attached file (decision 056); DETACHED, the trail is a PDF of its own that each signature
 * signs too, under the same authorisation.
 */
describe('rDSS signing trail in the signed PDFs', { timeout: 180_000 }, () => {
  let t: TestApp;
  let ann: Person;
  let bob: Person;
  let carol: Person;
  let nss: string;
  let dir: string;
  const keys = new Map<string, Credential>();

  beforeAll(async () => {
    // The feature's default (on) and the default mode (ATTACHED): nothing set here.
    ({ t, ann, bob } = await createRsspTestApp(fastKdfEnv));
    nss = await trustEmbeddedCa(t);
    keys.set(ann.id, await activatedCredential(t, ann, { keyAlg: 'rsa', rsaKeySize: 2048 }));
    keys.set(bob.id, await activatedCredential(t, bob));
    carol = await person(t, 'carol@example.com');
    keys.set(carol.id, await activatedCredential(t, carol));
    dir = mkdtempSync(join(tmpdir(), 'signet-trail-pdf-'));
  });
  afterAll(async () => {
    await t?.close();
  });

  const key = (who: Person) => keys.get(who.id) as Credential;
  const sign = async (chain: Chain, who: Person, page?: number) => {
    const res = await post(
      t,
      who,
      '/rdss/v1/signatures/sign',
      signBody(chain, who, key(who), {
        ...(page
          ? {
              item: {
                signatureFieldParameters: {
                  page,
                  originX: 300,
                  originY: 60,
                  width: 180,
                  height: 60,
                },
              },
            }
          : {}),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SignResultItem[]>()[0] as SignResultItem;
  };
  const pdfText = async (bytes: Uint8Array, name: string, first = 1) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    const info = await runTool('pdfinfo', [path]);
    const text = await runTool('pdftotext', ['-f', String(first), path, '-']);
    return { pages: Number(/^Pages:\s+(\d+)/m.exec(info.output)?.[1]), text: text.output };
  };
  const nameOf = async (who: Person) => (await t.context.users.find(who.id))?.name ?? '';
  const authorisedHashes = async (who: Person) => {
    const result = await t.context.database.db.execute(
      `select num_signatures as n from rssp.signing_authorisations
        where user_id = '${who.id}' and used_at is not null order by created_at`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows.map((r) => Number(r.n));
  };

  /** The files attached to a PDF (`pdfdetach`), by name, with their bytes. */
  const attachedFiles = async (bytes: Uint8Array, name: string) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    const list = await runTool('pdfdetach', ['-list', path]);
    const names = [...list.output.matchAll(/^\d+: (.*)$/gm)].map((m) => m[1] as string);
    const files = new Map<string, Buffer>();
    for (const [index, file] of names.entries()) {
      const out = join(dir, `${name}-attached-${index + 1}.pdf`);
      await runTool('pdfdetach', ['-save', String(index + 1), '-o', out, path]);
      files.set(file, readFileSync(out));
    }
    return files;
  };
  const validation = async (who: Person, bytes: Uint8Array, format: 'json' | 'pdf' = 'json') => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/rdss/v1/validations?fileName=three.pdf&format=${format}`,
      headers: { ...who.headers, 'content-type': 'application/pdf' },
      payload: Buffer.from(bytes),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('ATTACHED (the default): each revision is valid and carries the whole trail so far, attached', async () => {
    const chain = await createChain(
      t,
      ann,
      {
        type: 'ORDERED',
        signers: [{ email: ann.email }, { email: bob.email }],
      },
      await makePdf(3),
    );
    expect(chain.signingTrailMode).toBe('ATTACHED');
    const before = await authorisedHashes(ann);

    const first = await sign(chain, ann, 1);
    const once = await download(t, ann, first.signedDocument?.id ?? '');
    const checkedOnce = await checkSignedPdf(nss, once);
    expect(checkedOnce.signatures).toHaveLength(1);
    expect(checkedOnce.signatures.every((s) => s.valid && s.trusted)).toBe(true);
    expect(checkedOnce.qpdf, checkedOnce.qpdfOutput).toBe(0);
    // The document keeps its own pages; the trail is the file attached to it (decision 056).
    expect((await pdfText(once, 'attached-1.pdf')).pages).toBe(3);
    const onceTrail = (await attachedFiles(once, 'attached-1')).get('contract-signingtrail.pdf');
    const onceText = await pdfText(onceTrail ?? Buffer.alloc(0), 'attached-1-trail.pdf');
    expect(onceText.text).toContain(ann.email);
    expect(onceText.text).toContain(key(ann).certChain[0]?.serialNum);
    expect(onceText.text).not.toContain(key(bob).certChain[0]?.serialNum);
    // One hash for the signature: the trail is inside the signed revision.
    expect((await authorisedHashes(ann)).slice(before.length)).toEqual([1]);

    const second = await sign(chain, bob);
    expect(second.chainStatus).toBe('DONE');
    const twice = await download(t, bob, second.signedDocument?.id ?? '');
    const checked = await checkSignedPdf(nss, twice);
    expect(checked.signatures).toHaveLength(2);
    for (const signature of checked.signatures) {
      expect(signature.valid).toBe(true);
      expect(signature.trusted).toBe(true);
    }
    expect(checked.qpdf, checked.qpdfOutput).toBe(0);
    // The document's own pages, and one trail attached: the second signature's replaced the first.
    expect((await pdfText(twice, 'attached-2-doc.pdf', 1)).text).toContain('Page 3');
    const files = await attachedFiles(twice, 'attached-2');
    expect([...files.keys()]).toEqual(['contract-signingtrail.pdf']);
    const { text } = await pdfText(
      files.get('contract-signingtrail.pdf') ?? Buffer.alloc(0),
      'attached-2-trail.pdf',
    );
    for (const [who, result] of [
      [ann, first],
      [bob, second],
    ] as const) {
      expect(text).toContain(await nameOf(who));
      expect(text).toContain(who.email);
      expect(text).toContain(key(who).certChain[0]?.serialNum);
      expect(text).toContain(utc(result.signedAt ?? ''));
    }
    expect(text.split(key(ann).certChain[0]?.serialNum ?? '-').length - 1).toBe(1);
  });

  it('DETACHED: the trail is a PDF of its own; each signature signs both (two hashes)', async () => {
    const chain = await createChain(
      t,
      ann,
      {
        type: 'ORDERED',
        signers: [{ email: ann.email }, { email: bob.email }],
        signingTrailMode: 'DETACHED',
      },
      await makePdf(2),
    );
    expect(chain.signingTrailMode).toBe('DETACHED');
    const trailOf = async () => {
      const result = await t.context.database.db.execute(
        `select r.id, d.file_name from rdss.chains c join rdss.documents d on d.id = c.trail_document_id
          left join rdss.document_revisions r on r.document_id = d.id
          where c.id = '${chain.id}' order by r.seq desc nulls last limit 1`,
      );
      return (result as unknown as { rows: { id: string | null; file_name: string }[] }).rows[0];
    };
    expect((await trailOf())?.file_name).toBe('contract-signingtrail.pdf');
    const annBefore = (await authorisedHashes(ann)).length;
    const bobBefore = (await authorisedHashes(bob)).length;

    await sign(chain, ann, 2);
    const second = await sign(chain, bob);
    expect((await authorisedHashes(ann)).slice(annBefore)).toEqual([2]);
    expect((await authorisedHashes(bob)).slice(bobBefore)).toEqual([2]);

    // The document: two signatures, no trail pages.
    const document = await download(t, bob, second.signedDocument?.id ?? '');
    const checkedDocument = await checkSignedPdf(nss, document);
    expect(checkedDocument.signatures.map((s) => s.valid && s.trusted)).toEqual([true, true]);
    expect(checkedDocument.qpdf, checkedDocument.qpdfOutput).toBe(0);
    expect((await pdfText(document, 'detached-document.pdf')).pages).toBe(2);

    // The trail: its latest revision, signed by both, listing both.
    const trailRevision = (await trailOf())?.id;
    expect(trailRevision).toBeTruthy();
    const trail = await download(t, bob, trailRevision ?? '');
    const checkedTrail = await checkSignedPdf(nss, trail);
    expect(checkedTrail.signatures.map((s) => s.valid && s.trusted)).toEqual([true, true]);
    expect(checkedTrail.qpdf, checkedTrail.qpdfOutput).toBe(0);
    const { text } = await pdfText(trail, 'detached-trail.pdf');
    for (const who of [ann, bob]) {
      expect(text).toContain(await nameOf(who));
      expect(text).toContain(who.email);
      expect(text).toContain(key(who).certChain[0]?.serialNum);
    }
    // The chain's signed document is the document's revision, never the trail's.
    const view = await t.app.inject({
      url: `/rdss/v1/signatureChains/${chain.id}`,
      headers: ann.headers,
    });
    expect(view.json<Chain>().signedDocument?.id).toBe(second.signedDocument?.id);
  });
  it('ATTACHED, three signers: no page added or replaced; pdfsig finds every signature valid; the report for signature 1 names the trail updates', async () => {
    const chain = await createChain(
      t,
      ann,
      {
        type: 'ORDERED',
        signers: [{ email: ann.email }, { email: bob.email }, { email: carol.email }],
      },
      await makePdf(3),
    );
    expect(chain.signingTrailMode).toBe('ATTACHED');
    const results = [await sign(chain, ann, 1), await sign(chain, bob), await sign(chain, carol)];
    expect(results[2]?.chainStatus).toBe('DONE');
    const revisions = await Promise.all(
      results.map((r) => download(t, carol, r.signedDocument?.id ?? '')),
    );
    const signed = revisions[2] as Buffer;
    writeFileSync(join(dir, 'three-signers.pdf'), signed);

    // What the decision (056) quotes: the reports, kept beside the file.
    const report = (await validation(ann, signed)).json<ValidationReport>();
    writeFileSync(join(dir, 'three-signers-report.json'), JSON.stringify(report, null, 2));
    const pdf = (await validation(ann, signed, 'pdf')).rawPayload;
    const { text } = await pdfText(pdf, 'three-signers-report.pdf');
    writeFileSync(join(dir, 'three-signers-report.txt'), text);
    const checked = await checkSignedPdf(nss, signed);
    expect(checked.signatures.map((s) => s.valid && s.trusted)).toEqual([true, true, true]);
    expect(checked.documentTimestamps).toBe(1);
    expect(checked.qpdf, checked.qpdfOutput).toBe(0);
    // Every revision shows the document's own three pages and nothing else: no signature's
    // update adds, removes or replaces a page.
    for (const [index, revision] of revisions.entries())
      expect((await pdfText(revision, `three-${index + 1}.pdf`)).pages).toBe(3);
    // The trail travels as the file attached to the PDF, each signature's covering itself.
    for (const [index, revision] of revisions.entries()) {
      const files = await attachedFiles(revision, `three-${index + 1}`);
      expect([...files.keys()]).toEqual(['contract-signingtrail.pdf']);
      const trail = await pdfText(
        files.get('contract-signingtrail.pdf') as Buffer,
        `trail-${index + 1}.pdf`,
      );
      for (const [signer, who] of [ann, bob, carol].entries()) {
        const serial = key(who).certChain[0]?.serialNum ?? '-';
        if (signer <= index) expect(trail.text).toContain(serial);
        else expect(trail.text).not.toContain(serial);
      }
    }

    expect(report.verdict).toBe('VALID');
    expect(report.pages).toBe(3);
    const [first] = report.signatures;
    expect(first?.attacks).toEqual({ USF: false, ISA: false, SWA: false, SHADOW: false });
    // Signatures 2 and 3 each replaced the attached trail: said so, apart from the updates
    // that only add a signature's validation data or the document time-stamp.
    const trailUpdates = first?.laterUpdates.filter((u) => u.trail !== null) ?? [];
    expect(trailUpdates.map((u) => u.trail)).toEqual(['FILE_REPLACED', 'FILE_REPLACED']);
    for (const update of trailUpdates)
      expect(update).toMatchObject({ allowed: false, changesContent: false, modifications: [] });
    expect(first?.laterUpdates.filter((u) => u.trail === null).every((u) => u.allowed)).toBe(true);
    expect(report.signatures[2]?.laterUpdates.every((u) => u.allowed && u.trail === null)).toBe(
      true,
    );
    // The readable report says the same: twice for signature 1, once for signature 2.
    const words = text.replace(/\s+/g, ' ');
    expect(words.match(/the signing trail attached to the document replaced/g)).toHaveLength(3);
  });

  it('the trail downloaded beside an ATTACHED chain is the one its last signature covered, byte for byte', async () => {
    const chain = await createChain(
      t,
      ann,
      { type: 'ORDERED', signers: [{ email: ann.email }, { email: bob.email }] },
      await makePdf(2),
    );
    const first = await sign(chain, ann);
    const firstRevision = first.signedDocument?.id ?? '';
    const covered = async (revision: string) =>
      (await attachedFiles(await download(t, ann, revision), `covered-${revision}`)).get(
        'contract-signingtrail.pdf',
      );
    const once = await download(t, ann, chain.origDocument?.id ?? '', 'DETACHED');
    // A "Generated" time rendered at download would differ once the clock is in a later second.
    const onceSecond = Math.floor(Date.now() / 1000);
    await expect
      .poll(() => Math.floor(Date.now() / 1000), { interval: 50, timeout: 3000 })
      .toBeGreaterThan(onceSecond);
    const again = await download(t, bob, chain.origDocument?.id ?? '', 'DETACHED');
    expect(Buffer.compare(once, again)).toBe(0);
    expect(Buffer.compare(once, (await covered(firstRevision)) ?? Buffer.alloc(0))).toBe(0);

    const second = await sign(chain, bob);
    const last = await download(t, ann, chain.origDocument?.id ?? '', 'DETACHED');
    expect(Buffer.compare(last, (await covered(second.signedDocument?.id ?? '')) ?? once)).toBe(0);
    expect(Buffer.compare(last, once)).not.toBe(0);
    // A signed revision's own id gives the trail that signature covered.
    const ofFirst = await download(t, bob, firstRevision, 'DETACHED');
    expect(Buffer.compare(ofFirst, once)).toBe(0);
  });
});
