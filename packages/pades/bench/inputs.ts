import { execFileSync } from 'node:child_process';
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  PDFDocument,
  StandardFonts,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';

export interface BenchFile {
  name: string;
  path: string;
  bytes: Uint8Array;
  shape: string;
}

export interface BenchKey {
  key: KeyObject;
  certificate: Uint8Array;
  p12: Uint8Array;
}

export const BENCH_DIR = join(tmpdir(), 'signet-pades-bench');
const REAL_MANUAL = '/usr/share/doc/libtasn1-doc/libtasn1.pdf';

/** A key, a self-signed certificate and a PKCS#12 of them (for the libraries that want one). */
export function benchKey(): BenchKey {
  mkdirSync(BENCH_DIR, { recursive: true });
  const run = (args: string[]): void =>
    void execFileSync('openssl', args, { cwd: BENCH_DIR, stdio: 'pipe' });
  if (!existsSync(join(BENCH_DIR, 'bench.p12'))) {
    run(['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', 'bench.key']);
    run([
      'req',
      '-x509',
      '-new',
      '-key',
      'bench.key',
      '-subj',
      '/CN=Bench Signer',
      '-days',
      '30',
      '-out',
      'bench.pem',
    ]);
    run(['x509', '-in', 'bench.pem', '-outform', 'DER', '-out', 'bench.der']);
    run([
      'pkcs12',
      '-export',
      '-inkey',
      'bench.key',
      '-in',
      'bench.pem',
      '-passout',
      'pass:bench',
      '-certpbe',
      'PBE-SHA1-3DES',
      '-keypbe',
      'PBE-SHA1-3DES',
      '-macalg',
      'sha1',
      '-out',
      'bench.p12',
    ]);
  }
  return {
    key: createPrivateKey(readFileSync(join(BENCH_DIR, 'bench.key'))),
    certificate: readFileSync(join(BENCH_DIR, 'bench.der')),
    p12: readFileSync(join(BENCH_DIR, 'bench.p12')),
  };
}

async function textDocument(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([595, 842]);
    for (let line = 0; line < 40; line++) {
      page.drawText(
        `Page ${i + 1}, line ${line + 1}: lorem ipsum dolor sit amet, consectetur adipiscing.`,
        {
          x: 40,
          y: 800 - line * 19,
          size: 10,
          font,
        },
      );
    }
  }
  return doc.save();
}

/** A classic-xref PDF of about `megabytes` MB: one page per MB, each with an incompressible image. */
async function largeDocument(megabytes: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  let seed = 12345;
  for (let i = 0; i < megabytes; i++) {
    const data = new Uint8Array(1024 * 341 * 3);
    for (let j = 0; j < data.length; j++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      data[j] = seed >>> 24;
    }
    const image = doc.context.register(
      doc.context.stream(data, {
        Type: 'XObject',
        Subtype: 'Image',
        Width: 1024,
        Height: 341,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
      }),
    );
    const page = doc.addPage([595, 842]);
    const name = page.node.newXObject('Im', image);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(500, 0, 0, 166, 50, 400),
      drawObject(name),
      popGraphicsState(),
    );
  }
  return doc.save({ useObjectStreams: false });
}

export async function benchFiles(): Promise<BenchFile[]> {
  mkdirSync(BENCH_DIR, { recursive: true });
  const cached = async (name: string, make: () => Promise<Uint8Array>): Promise<string> => {
    const path = join(BENCH_DIR, name);
    if (!existsSync(path)) writeFileSync(path, await make());
    return path;
  };
  const manual = existsSync(REAL_MANUAL)
    ? { path: REAL_MANUAL, shape: 'real manual (pdfTeX, xref stream)' }
    : {
        path: await cached('manual-substitute.pdf', () => textDocument(40)),
        shape: 'generated 40 pages (no real manual found)',
      };
  const list = [
    { name: 'manual', ...manual },
    {
      name: '100 pages',
      path: await cached('100-pages.pdf', () => textDocument(100)),
      shape: 'pdf-lib, xref stream',
    },
    {
      name: '10 MB',
      path: await cached('10mb.pdf', () => largeDocument(10)),
      shape: 'pdf-lib, classic xref',
    },
    {
      name: '50 MB',
      path: await cached('50mb.pdf', () => largeDocument(50)),
      shape: 'pdf-lib, classic xref',
    },
  ];
  return list.map((file) => ({ ...file, bytes: readFileSync(file.path) }));
}
