import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chain } from '@signet/contracts/chains';
import type { Credential } from '@signet/contracts/credentials';
import type { SignResultItem } from '@signet/contracts/signatures';
import { createRsspTestApp, fastKdfEnv, post, type Person } from './rssp-fixture';
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
 * The signing trail in the signatures (issue 26 §2): ATTACHED, each signature's revision ends with
 * the trail up to that signature; DETACHED, the trail is a PDF of its own that each signature
 * signs too, under the same authorisation.
 */
describe('rDSS signing trail in the signed PDFs', { timeout: 180_000 }, () => {
  let t: TestApp;
  let ann: Person;
  let bob: Person;
  let nss: string;
  let dir: string;
  const keys = new Map<string, Credential>();

  beforeAll(async () => {
    // The feature's default (on) and the default mode (ATTACHED): nothing set here.
    ({ t, ann, bob } = await createRsspTestApp(fastKdfEnv));
    nss = await trustEmbeddedCa(t);
    keys.set(ann.id, await activatedCredential(t, ann, { keyAlg: 'rsa', rsaKeySize: 2048 }));
    keys.set(bob.id, await activatedCredential(t, bob));
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

  it('ATTACHED (the default): each revision is valid and ends with the whole trail so far', async () => {
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
    const onceText = await pdfText(once, 'attached-1.pdf', 4);
    expect(onceText.pages).toBeGreaterThan(3);
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
    // The document's own pages first, then the trail (replacing the first signature's).
    const { text } = await pdfText(twice, 'attached-2.pdf', 4);
    expect((await pdfText(twice, 'attached-2-doc.pdf', 1)).text).toContain('Page 3');
    for (const [who, result] of [
      [ann, first],
      [bob, second],
    ] as const) {
      expect(text).toContain(await nameOf(who));
      expect(text).toContain(who.email);
      expect(text).toContain(key(who).certChain[0]?.serialNum);
      expect(text).toContain(utc(result.signedAt ?? ''));
    }
    // Only one trail: the first signature's pages left the page tree.
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
});
