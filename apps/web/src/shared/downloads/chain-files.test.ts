import { describe, expect, it } from 'vitest';
import { createI18n } from '../../app/i18n';
import { downloadModes, downloadName, modeLabelKey, type DownloadableChain } from './chain-files';

const id = '00000000-0000-4000-8000-000000000001';
const signedEntry = [{ status: 'DONE' }] as DownloadableChain['signatures'];
const waitingEntry = [{ status: 'CREATED' }] as DownloadableChain['signatures'];

const pdfChain: DownloadableChain = {
  id,
  origDocument: { id, fileName: 'Lease 2026', fileSize: 1, security: 'NONE' },
  batch: null,
  signingTrailMode: 'ATTACHED',
  signedDocument: null,
  signatures: signedEntry,
};

const batchChain = (signatures: DownloadableChain['signatures']): DownloadableChain => ({
  ...pdfChain,
  origDocument: null,
  batch: { id, name: 'Board pack', documents: [] },
  signatures,
});

/** What the download menu shows for a chain, mode by mode, in a language. */
async function menuOf(chain: DownloadableChain, language: 'en' | 'hu') {
  const i18n = await createI18n(language);
  return downloadModes(chain, 'download').map((mode) =>
    i18n.t(modeLabelKey(chain, mode, 'download'), { ns: 'common' }),
  );
}

describe('download names (issue 38 §9)', () => {
  it('names the upload apart from the signed document, which keeps the name (D§9)', () => {
    expect(downloadName(pdfChain, 'ORIGINAL')).toBe('Lease 2026.pdf');
    expect(downloadName(pdfChain, 'UPLOAD')).toBe('Lease 2026-upload.pdf');
    expect(
      downloadName(
        { ...pdfChain, origDocument: { ...pdfChain.origDocument!, fileName: 'a.pdf' } },
        'UPLOAD',
      ),
    ).toBe('a-upload.pdf');
    expect(downloadName(pdfChain, 'DETACHED')).toBe('Lease 2026-signingtrail.pdf');
    expect(downloadName(pdfChain, 'FULL')).toBe('Lease 2026.zip');
  });
});

describe('a batch chain’s download menu (issue 38 §4)', () => {
  it.each(['en', 'hu'] as const)(
    '%s: a signed batch offers its container as a container, alone and with the trail',
    async (language) => {
      const [original, full] = await menuOf(batchChain(signedEntry), language);
      expect(original).toMatch(/ASiC-E/);
      expect(original).not.toMatch(/PDF/);
      expect(full).toMatch(/ZIP/);
      expect(full).toMatch(language === 'en' ? /container/ : /konténer/);
      expect(downloadName(batchChain(signedEntry), 'ORIGINAL')).toBe('Board pack.asice');
    },
  );

  it.each(['en', 'hu'] as const)(
    '%s: an unsigned batch offers its documents as a zip, a one-PDF chain its document',
    async (language) => {
      const [original] = await menuOf(batchChain(waitingEntry), language);
      expect(original).toMatch(/ZIP/);
      expect(original).not.toMatch(/ASiC-E/);
      const single = await menuOf(pdfChain, language);
      expect(single[0]).toMatch(/PDF/);
      expect(single).toHaveLength(4);
    },
  );
});
