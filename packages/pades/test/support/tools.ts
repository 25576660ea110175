import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { readDer } from '@signet/der';
import type { FetchTimestamp, SignatureReport } from '../../src/index';
import type { TestPki } from './pki';

const execFileAsync = promisify(execFile);

export function testPki(): TestPki {
  const pki = inject('pki');
  return { ...pki, caDer: readFileSync(join(pki.dir, 'ca.der')) };
}

export async function runTool(
  cmd: string,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(cmd, args, {
      encoding: 'latin1',
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof e.code === 'number' ? e.code : 1,
      stdout: e.stdout ?? '',
      stderr: e.stderr ?? '',
    };
  }
}

export interface PdfsigSignature {
  valid: boolean;
  trusted: boolean;
  total: boolean;
  validation: string;
  certificate: string;
}

/** Runs pdfsig with the test NSS database and parses its per-signature lines. */
export async function pdfsig(
  pki: TestPki,
  path: string,
  password?: string,
): Promise<PdfsigSignature[]> {
  const args = ['-nssdir', `sql:${pki.nssDir}`];
  if (password) args.push('-upw', password);
  const { stdout } = await runTool('pdfsig', [...args, path]);
  return stdout
    .split(/^Signature #\d+:$/m)
    .slice(1)
    .map((block) => {
      const validation = /Signature Validation: (.*)$/m.exec(block)?.[1] ?? '';
      const certificate = /Certificate Validation: (.*)$/m.exec(block)?.[1] ?? '';
      return {
        valid: validation === 'Signature is Valid.',
        trusted: certificate === 'Certificate is Trusted.',
        total: /^\s*- Total document signed$/m.test(block),
        validation,
        certificate,
      };
    });
}

export async function qpdfCheck(
  path: string,
  password?: string,
): Promise<{ code: number; output: string }> {
  const args = ['--check'];
  if (password) args.push(`--password=${password}`);
  const { code, stdout, stderr } = await runTool('qpdf', [...args, path]);
  return { code, output: stdout + stderr };
}

/** `openssl cms -verify` of the CMS of a signature over its byte ranges, with the test CA. */
export async function opensslCmsVerify(
  pki: TestPki,
  pdf: Uint8Array,
  signature: SignatureReport,
  dir: string,
  tag: string,
): Promise<{ code: number; output: string }> {
  const [, a, b, c] = signature.byteRange as number[];
  const hex = Buffer.from(pdf.subarray((a as number) + 1, (b as number) - 1)).toString('latin1');
  const padded = Buffer.from(hex, 'hex');
  const der = padded.subarray(0, readDer(padded).end);
  const cmsPath = join(dir, `${tag}.p7s`);
  const contentPath = join(dir, `${tag}.bin`);
  writeFileSync(cmsPath, der);
  writeFileSync(
    contentPath,
    Buffer.concat([
      pdf.subarray(0, a as number),
      pdf.subarray(b as number, (b as number) + (c as number)),
    ]),
  );
  const { code, stdout, stderr } = await runTool('openssl', [
    'cms',
    '-verify',
    '-binary',
    '-inform',
    'DER',
    '-in',
    cmsPath,
    '-content',
    contentPath,
    '-CAfile',
    pki.caPem,
    '-purpose',
    'any',
    '-out',
    '/dev/null',
  ]);
  return { code, output: stdout + stderr };
}

/** A local RFC 3161 authority: `openssl ts -reply` with the test TSA certificate. */
export function localTsa(pki: TestPki, dir: string): FetchTimestamp & { calls: number } {
  let counter = 0;
  const fetch = async (request: Uint8Array): Promise<Uint8Array> => {
    counter++;
    fetch.calls = counter;
    const query = join(dir, `tsq-${process.pid}-${counter}.tsq`);
    const reply = join(dir, `tsr-${process.pid}-${counter}.tsr`);
    writeFileSync(query, request);
    const result = await runTool('openssl', [
      'ts',
      '-reply',
      '-config',
      pki.tsaConfig,
      '-section',
      'tsa_config',
      '-queryfile',
      query,
      '-out',
      reply,
    ]);
    if (result.code !== 0) throw new Error(`openssl ts failed: ${result.stderr}`);
    return readFileSync(reply);
  };
  fetch.calls = 0;
  return fetch;
}
