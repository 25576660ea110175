import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { generateCorpus, type CorpusFile } from './fixtures/generate-corpus';
import { createTestPki, type TestPki } from './support/pki';

declare module 'vitest' {
  export interface ProvidedContext {
    pki: Omit<TestPki, 'caDer'>;
    corpus: CorpusFile[];
    workDir: string;
  }
}

/** One PKI, NSS database and corpus per test run, in a fresh temporary directory. */
export default async function setup(project: TestProject): Promise<() => void> {
  const workDir = mkdtempSync(join(tmpdir(), 'signet-pades-'));
  const cleanup = (): void => rmSync(workDir, { recursive: true, force: true });
  let pki: TestPki;
  let corpus: CorpusFile[];
  try {
    pki = createTestPki(join(workDir, 'pki'));
    const corpusDir = join(workDir, 'corpus');
    mkdirSync(corpusDir);
    corpus = await generateCorpus(corpusDir, pki);
  } catch (error) {
    cleanup();
    throw error;
  }
  const { caDer: _caDer, ...serialisable } = pki;
  project.provide('pki', serialisable);
  project.provide('corpus', corpus);
  project.provide('workDir', workDir);
  return cleanup;
}
