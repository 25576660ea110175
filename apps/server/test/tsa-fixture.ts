import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { derBytes, derChild, derChildren, derContent, derOid, readDer } from '@signet/der';
import { CMS_OID } from '@signet/pades';
import { runTool } from './signing-fixture';
import type { TestApp } from './test-app';

/** One PDF signature's CMS: its signature value and, when time-stamped, its token (DER). */
export interface SignatureParts {
  value: Buffer;
  token?: Buffer;
}

/** id-ct-TSTInfo: a document time-stamp's /Contents is a token, not a signature. */
const tstInfo = '1.2.840.113549.1.9.16.1.4';

/** The CMS of every signature in a PDF (its /Contents hex strings), in file order. */
export function signaturesOf(pdf: Uint8Array): SignatureParts[] {
  const text = Buffer.from(pdf).toString('latin1');
  const signedDataOf = (hex: string) => derChild(derChild(readDer(Buffer.from(hex, 'hex')), 1), 0);
  return [...text.matchAll(/\/Contents\s*<([0-9A-Fa-f]+)>/g)]
    .filter((m) => derOid(derChild(derChild(signedDataOf(m[1] as string), 2), 0)) !== tstInfo)
    .map((m) => {
      // ContentInfo → [0] SignedData → its last field, the SignerInfos SET → the first SignerInfo.
      const signedData = signedDataOf(m[1] as string);
      const infos = derChildren(signedData).at(-1);
      const info = infos ? derChild(infos, 0) : undefined;
      if (!info) throw new Error('no SignerInfo');
      const parts = derChildren(info);
      const unsigned = parts.at(-1)?.tag === 0xa1 ? parts.at(-1) : undefined;
      const value = derContent(parts[unsigned ? parts.length - 2 : parts.length - 1]!);
      const attribute = unsigned
        ? derChildren(unsigned).find(
            (a) => derOid(derChild(a, 0)) === CMS_OID.signatureTimeStampToken,
          )
        : undefined;
      const token = attribute ? derBytes(derChild(derChild(attribute, 1), 0)) : undefined;
      return { value, ...(token ? { token } : {}) };
    });
}

/** The embedded CA's root and the TSA's chain as PEM files, for `openssl ts -verify`. */
export async function tsaFiles(
  t: Pick<TestApp, 'app'>,
): Promise<{ dir: string; caFile: string; tsaFile: string; tsaPem: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'signet-tsa-'));
  const ca = await t.app.inject({ url: '/rssp/v1/ca/certificate' });
  const tsa = await t.app.inject({ url: '/rssp/v1/tsa/certificate' });
  if (ca.statusCode !== 200 || tsa.statusCode !== 200) {
    throw new Error(`certificates: ${ca.statusCode} ${tsa.statusCode}`);
  }
  const caFile = join(dir, 'ca.pem');
  const tsaFile = join(dir, 'tsa.pem');
  writeFileSync(caFile, ca.body);
  writeFileSync(tsaFile, tsa.body);
  return { dir, caFile, tsaFile, tsaPem: tsa.body };
}

/**
 * `openssl ts -verify` of a token over `data` (a signature value, or a document time-stamp's
 * byte ranges) against the embedded CA, the TSA's chain given as untrusted; `name` names the
 * files written for it.
 */
export function verifyToken(
  files: { dir: string; caFile: string; tsaFile: string },
  name: string,
  token: Uint8Array,
  data: Uint8Array,
): Promise<{ code: number; output: string }> {
  const tokenFile = join(files.dir, `${name}-token.der`);
  const dataFile = join(files.dir, `${name}-data.bin`);
  writeFileSync(tokenFile, token);
  writeFileSync(dataFile, data);
  return runTool('openssl', [
    'ts',
    '-verify',
    '-in',
    tokenFile,
    '-token_in',
    '-data',
    dataFile,
    '-CAfile',
    files.caFile,
    '-untrusted',
    files.tsaFile,
  ]);
}
