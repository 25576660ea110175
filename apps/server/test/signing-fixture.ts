import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import type { Chain, CreateChainInput } from '@signet/contracts/chains';
import type { CreateCredentialInput, Credential } from '@signet/contracts/credentials';
import type { SignRequestInput } from '@signet/contracts/signatures';
import { createCredential, keyPassword, post, puk, type Person } from './rssp-fixture';
import type { TestApp } from './test-app';

const execFileAsync = promisify(execFile);

/** Runs a tool Signet did not write; never throws, answers its exit code and output. */
export async function runTool(
  cmd: string,
  args: string[],
): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(cmd, args, {
      encoding: 'latin1',
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, output: `${e.stdout}${e.stderr}` };
  }
}

/** An NSS database (for pdfsig) trusting the app's embedded CA. */
export async function trustEmbeddedCa(t: Pick<TestApp, 'app'>): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'signet-nss-'));
  const res = await t.app.inject({ url: '/rssp/v1/ca/certificate' });
  if (res.statusCode !== 200) throw new Error(`ca/certificate: ${res.statusCode}`);
  const pem = join(dir, 'ca.pem');
  writeFileSync(pem, res.body);
  const nss = join(dir, 'nss');
  mkdirSync(nss);
  await runTool('certutil', ['-N', '--empty-password', '-d', `sql:${nss}`]);
  const added = await runTool('certutil', [
    '-A',
    '-n',
    'Signet embedded CA',
    '-t',
    'CT,C,C',
    '-i',
    pem,
    '-d',
    `sql:${nss}`,
  ]);
  if (added.code !== 0) throw new Error(`certutil: ${added.output}`);
  return nss;
}

export interface PdfsigResult {
  valid: boolean;
  trusted: boolean;
  signer: string;
}

/** pdfsig's verdict per signature, and qpdf --check's exit code, of the bytes. */
export async function checkSignedPdf(
  nss: string,
  bytes: Uint8Array,
  password?: string,
  /** Let pdfsig ask OCSP responders: for a certificate that names none (another CA's). */
  options: { ocsp?: boolean } = {},
): Promise<{
  signatures: PdfsigResult[];
  documentTimestamps: number;
  qpdf: number;
  qpdfOutput: string;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'signet-pdf-'));
  const path = join(dir, 'signed.pdf');
  writeFileSync(path, bytes);
  // Offline: a test app answers by inject, so the OCSP responder its certificates name (at
  // PUBLIC_URL) is not listening; rssp-revocation.test.ts asks it with `openssl ocsp`, and the
  // engine reads the revocation data the document carries (DSS). pdfsig 22.12 reads NSS's last
  // error even after a successful verification: offline, a valid chain says "Trusted" only for
  // a leaf with both a CRL DP and an extendedKeyUsage, as the embedded CA issues (decision 037).
  const { output } = await runTool('pdfsig', [
    ...(options.ocsp ? [] : ['-no-ocsp']),
    '-nssdir',
    `sql:${nss}`,
    ...(password ? ['-upw', password] : []),
    path,
  ]);
  // A document time-stamp (B-LTA) is listed too, as a signature of unknown type that poppler
  // does not verify: it is counted apart from the signatures.
  const blocks = output.split(/^Signature #\d+:$/m).slice(1);
  const isTimestamp = (block: string) => /Signature Type: (unknown|ETSI\.RFC3161)/.test(block);
  const documentTimestamps = blocks.filter(isTimestamp).length;
  const signatures = blocks
    .filter((block) => !isTimestamp(block))
    .map((block) => ({
      valid: /Signature Validation: Signature is Valid\./.test(block),
      trusted: /Certificate Validation: Certificate is Trusted\./.test(block),
      signer: /Signer Certificate Common Name: (.*)$/m.exec(block)?.[1] ?? '',
    }));
  const qpdf = await runTool('qpdf', [
    '--check',
    ...(password ? [`--password=${password}`] : []),
    path,
  ]);
  return { signatures, documentTimestamps, qpdf: qpdf.code, qpdfOutput: qpdf.output };
}

/** An activated EXPLICIT credential with a certificate of the embedded CA (CMP). */
export async function activatedCredential(
  t: Pick<TestApp, 'app'>,
  who: Person,
  overrides: Partial<CreateCredentialInput> = {},
): Promise<Credential> {
  const created = await createCredential(t, who, {
    certificateEnrollmentMode: 'CMP',
    distinguishedName: { commonName: who.email.split('@')[0] ?? 'x', countryName: 'HU' },
    ...overrides,
  });
  const res = await post(t, who, `/rssp/v1/credentials/${created.id}/activate`, {
    keyPassword,
    keyPuk: puk,
  });
  if (res.statusCode !== 200) throw new Error(`activate: ${res.statusCode} ${res.body}`);
  return res.json<Credential>();
}

/** A PDF of `pages` pages made with pdf-lib. */
export async function makePdf(pages = 1): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage().drawText(`Page ${i + 1}`, { x: 50, y: 700 });
  return pdf.save({ useObjectStreams: false });
}

export async function uploadPdf(
  t: Pick<TestApp, 'app'>,
  who: Person,
  bytes: Uint8Array,
  fileName = 'contract.pdf',
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/rdss/v1/documents?fileName=${encodeURIComponent(fileName)}`,
    headers: { ...who.headers, 'content-type': 'application/pdf' },
    payload: Buffer.from(bytes),
  });
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string }>().id;
}

export async function createChain(
  t: Pick<TestApp, 'app'>,
  by: Person,
  input: Omit<CreateChainInput, 'origDocId'> & { origDocId?: string },
  bytes?: Uint8Array,
): Promise<Chain> {
  const origDocId = input.origDocId ?? (await uploadPdf(t, by, bytes ?? (await makePdf(3))));
  const res = await post(t, by, '/rdss/v1/signatureChains', { ...input, origDocId });
  if (res.statusCode !== 201) throw new Error(`chain: ${res.statusCode} ${res.body}`);
  return res.json<Chain>();
}

/** The sign body for one chain entry of `who`'s, with their key password. */
export function signBody(
  chain: Chain,
  who: Person,
  credential: Credential,
  extra: Partial<SignRequestInput> & { item?: Partial<SignRequestInput['signatures'][0]> } = {},
): SignRequestInput {
  const entry = chain.signatures.find((s) => s.user.id === who.id);
  if (!entry) throw new Error(`${who.email} is not in chain ${chain.id}`);
  const { item, ...rest } = extra;
  return {
    credentialOptions: { credentialId: credential.id, PIN: keyPassword },
    signatures: [{ signatureId: chain.id, currentSignatureId: entry.id, ...item }],
    ...rest,
  };
}

/** A small PNG of a pen stroke, as a data URL (what the drawer sends). */
export function drawnSignature(width = 120, height = 40): string {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1);
    for (let x = 0; x < width; x++) {
      const curve = height / 2 + Math.sin((x / width) * Math.PI * 3) * (height / 3);
      const p = row + 1 + x * 4;
      raw[p + 2] = 160;
      raw[p + 3] = Math.abs(y - curve) < 3 ? 255 : 0;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** GET documents/{id}/file (ORIGINAL: as it stands; UPLOAD: as uploaded). */
export async function download(
  t: Pick<TestApp, 'app'>,
  who: Person,
  id: string,
  mode: 'ORIGINAL' | 'UPLOAD' | 'DETACHED' = 'ORIGINAL',
): Promise<Buffer> {
  const res = await t.app.inject({
    url: `/rdss/v1/documents/${id}/file?mode=${mode}`,
    headers: who.headers,
  });
  if (res.statusCode !== 200) throw new Error(`download: ${res.statusCode} ${res.body}`);
  return res.rawPayload;
}

/**
 * A one-page PDF of about `bytes` bytes: the bulk is an image XObject of random bytes (drawn small
 * on the page), written by hand with a classic cross-reference table.
 */
export function bigPdf(bytes: number): Buffer {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i += 4096) pixels.writeUInt32LE((i * 2654435761) >>> 0, i);
  const content = Buffer.from(
    'q 100 0 0 100 50 600 cm /Im1 Do Q BT /F1 24 Tf 50 500 Td (Big) Tj ET',
  );
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ' +
        '/Resources << /XObject << /Im1 5 0 R >> /Font << /F1 6 0 R >> >> >>',
    ),
    Buffer.concat([
      Buffer.from(`<< /Length ${content.length} >>\nstream\n`),
      content,
      Buffer.from('\nendstream'),
    ]),
    Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} ` +
          `/ColorSpace /DeviceRGB /BitsPerComponent 8 /Length ${pixels.length} >>\nstream\n`,
      ),
      pixels,
      Buffer.from('\nendstream'),
    ]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(obj);
    offset += obj.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`;
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
}
