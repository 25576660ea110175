import { constants, createHash, privateEncrypt, sign as nodeSign } from 'node:crypto';
import { PDF, P12Signer as LibPdfP12Signer } from '@libpdf/core';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import signpdfModule from '@signpdf/signpdf';
import { P12Signer } from '@signpdf/signer-p12';
import { createRequire } from 'node:module';
import type * as PdfLib from 'pdf-lib';
import { sign, signIncrement, type Signer } from '../src/index';
import type { BenchKey } from './inputs';

// @signpdf/placeholder-pdf-lib works on objects of the CommonJS build of pdf-lib.
const { PDFDocument } = createRequire(import.meta.url)('pdf-lib') as typeof PdfLib;
const signpdf =
  (signpdfModule as unknown as { default?: typeof signpdfModule }).default ?? signpdfModule;
const DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

export type Contender = (pdf: Uint8Array) => Promise<{ bytes: Uint8Array; note?: string }>;

export async function makeContenders(key: BenchKey): Promise<Record<string, Contender>> {
  const signer: Signer = {
    certificateChain: [key.certificate],
    algorithm: 'RSA_PKCS1',
    signHash: async (hash) =>
      privateEncrypt(
        { key: key.key, padding: constants.RSA_PKCS1_PADDING },
        Buffer.concat([DIGEST_INFO, hash]),
      ),
  };
  const libpdfSigner = await LibPdfP12Signer.create(key.p12, 'bench');
  return {
    limit: async (pdf) => {
      createHash('sha256').update(pdf).digest();
      return { bytes: nodeSign('sha256', Buffer.from('one RSA-2048 signature'), key.key) };
    },
    signet: async (pdf) => ({ bytes: await sign(pdf, signer) }),
    signetIncrement: async (pdf) => ({ bytes: await signIncrement(pdf, signer) }),
    signpdf: async (pdf) => {
      let withPlaceholder: Uint8Array;
      let note = 'placeholder-plain';
      try {
        withPlaceholder = plainAddPlaceholder({
          pdfBuffer: Buffer.from(pdf),
          reason: 'bench',
          contactInfo: '',
          name: 'Bench',
          location: '',
        });
      } catch {
        // placeholder-plain cannot read cross-reference streams: fall back to a full pdf-lib rewrite.
        note = 'placeholder-pdf-lib (full rewrite)';
        const doc = await PDFDocument.load(pdf);
        pdflibAddPlaceholder({
          pdfDoc: doc,
          reason: 'bench',
          contactInfo: '',
          name: 'Bench',
          location: '',
        });
        withPlaceholder = await doc.save({ useObjectStreams: false });
      }
      // A P12Signer cannot be reused (it consumes its buffer), so one per signature.
      const signer = new P12Signer(Buffer.from(key.p12), { passphrase: 'bench' });
      return { bytes: await signpdf.sign(Buffer.from(withPlaceholder), signer), note };
    },
    libpdf: async (pdf) => {
      const doc = await PDF.load(pdf);
      const result = await doc.sign({ signer: libpdfSigner, reason: 'bench' });
      return { bytes: result.bytes };
    },
  };
}
