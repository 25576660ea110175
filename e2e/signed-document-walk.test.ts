import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from './fixtures/app-texts';
import { launchBrowser, screenshot } from './fixtures/browser';
import { attachedTrail, downloadFromRow, pdfPageCount, zipEntries } from './fixtures/downloads';
import { mailSubjects, mailSubjectsTo } from './fixtures/mailbox';
import { certificateSerial, newSigner, type Signer } from './fixtures/people';
import { checkSignedPdf, keepForLooking, multiPagePdf } from './fixtures/pdf-tools';
import { signFromList } from './fixtures/signing-ui';
import { startServer, type RunningServer } from './fixtures/server';

/**
 * Issue 26's acceptance walk, as a person does it: a creator uploads a manual through the upload
 * dialog for two registered signers in order, with the signing trail attached (the default);
 * each signer is told at their turn and signs on the signing screen; the creator is told it is
 * done and downloads the signed PDF from the list, which tools Signet did not write accept, and
 * with the trail naming both signers attached to it as a file (decision 056).
 */
let server: RunningServer;
let browser: Browser;
const people: Signer[] = [];
const documentPages = 4;
const fileName = 'walk-manual.pdf';

beforeAll(async () => {
  // Without SMTP_URL the server prints every mail, which `mailSubjectsTo` reads.
  server = await startServer({ env: { SIGNING_TRAIL_ENABLED: 'true' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const person of people) await person.context.close();
  await browser?.close();
  await server?.stop();
});

async function person(prefix: string, firstName: string, lastName: string) {
  const signer = await newSigner(browser, server, prefix, { firstName, lastName });
  people.push(signer);
  return signer;
}

const mailsTo = (who: Signer) => mailSubjectsTo(server, who.email);

describe('the signed document and its evidence (issue 26 acceptance)', () => {
  it('two signers sign in order with an attached trail; the creator downloads a valid PDF ending with the trail, and full zips it with the trail', async () => {
    const [creator, first, second] = await Promise.all([
      person('walk-creator', 'Cecil', 'Creator'),
      person('walk-first', 'Fanni', 'First'),
      person('walk-second', 'Simon', 'Second'),
    ]);

    // The creator uploads through the upload dialog: ordered, the trail attached by default.
    const page = creator.page;
    await page.goto('/signatureChains/list');
    await page.getByTestId('upload-document').click();
    await page.getByTestId('upload-dialog').waitFor();
    await page.getByTestId('upload-drop-input').setInputFiles({
      name: fileName,
      mimeType: 'application/pdf',
      buffer: await multiPagePdf('Walk manual', documentPages),
    });
    await page.getByTestId('upload-file').waitFor();
    expect(await page.getByTestId('upload-signing-trail').isChecked()).toBe(true);
    expect(await page.getByTestId('upload-trail-attached').isChecked()).toBe(true);
    for (const signer of [first, second]) {
      await page.getByTestId('recipient-search').fill(signer.email);
      await page.getByTestId('recipient-option').filter({ hasText: signer.email }).click();
    }
    await page.getByTestId('upload-ordered').check();
    await page.getByTestId('upload-submit').click();
    await page
      .getByTestId('toast-success')
      .filter({ hasText: texts.chainsEn.toast.created })
      .waitFor();

    // Only the first signer's turn is told at creation; the second's once the first signed.
    await expect.poll(() => mailsTo(first), { timeout: 30_000 }).toContain(mailSubjects.yourTurn);
    expect(mailsTo(second)).not.toContain(mailSubjects.yourTurn);
    await signFromList(first, fileName);
    await expect.poll(() => mailsTo(second), { timeout: 30_000 }).toContain(mailSubjects.yourTurn);
    expect(mailsTo(creator)).not.toContain(mailSubjects.completed);
    await signFromList(second, fileName);
    await expect
      .poll(() => mailsTo(creator), { timeout: 30_000 })
      .toContain(mailSubjects.completed);

    // The list row's Download: the document as it stands, both signatures valid and trusted.
    await page.goto('/signatureChains/list');
    await page.getByTestId('chain-row').filter({ hasText: fileName }).waitFor();
    const signed = await downloadFromRow(page, fileName, 'ORIGINAL');
    expect(signed.name).toBe(fileName);
    await keepForLooking('signed-document-walk.pdf', signed.bytes);
    const caPem = await (await fetch(`${server.baseUrl}/rssp/v1/ca/certificate`)).text();
    const checked = await checkSignedPdf(signed.bytes, caPem);
    expect(checked.signatures, checked.pdfsigOutput).toHaveLength(2);
    for (const signature of checked.signatures) {
      expect(signature, checked.pdfsigOutput).toMatchObject({ valid: true, trusted: true });
    }
    expect(checked.qpdf.code, checked.qpdf.output).toBe(0);
    expect(checked.qpdf.output).toMatch(/No syntax or stream encoding errors found/);

    // The manual's own pages, untouched; the trail naming both signers is the file attached to
    // it (decision 056).
    expect(await pdfPageCount(signed.bytes)).toBe(documentPages);
    const trail = await attachedTrail(signed.bytes);
    expect(trail.names).toEqual(['walk-manual-signingtrail.pdf']);
    for (const signer of [first, second]) {
      expect(trail.text).toContain(`${signer.firstName} ${signer.lastName}`);
      expect(trail.text).toContain(signer.email);
      expect(trail.text).toContain(await certificateSerial(signer));
    }
    await screenshot(page, 'signed-document-walk-list-600');

    // Download → full: a zip of the signed PDF and its trail.
    const full = await downloadFromRow(page, fileName, 'FULL');
    expect(full.name).toBe('walk-manual.zip');
    expect(await zipEntries(full.bytes)).toEqual([fileName, 'walk-manual-signingtrail.pdf']);
  }, 600_000);
});
