/**
 * A server in its own process for the tests that kill one (rdss-signing-crash.test.ts,
 * rssp-attempt-crash.test.ts, rdss-leftover-files.test.ts): opens the embedded database under
 * SIGNET_CHILD_DATA_DIR (or DATABASE_URL's), builds the app and sends one request as the bearer
 * SIGNET_CHILD_TOKEN: SIGNET_CHILD_BODY (JSON) to SIGNET_CHILD_URL (the sign call by default), or
 * with SIGNET_CHILD_UPLOAD the first half of that file as a PDF upload that never ends. With
 * SIGNET_TEST_CRASH_AT the server kills this process (SIGKILL) at that point; otherwise it prints
 * the answer and exits.
 */
import { createReadStream, statSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { buildApp } from '../src/app';
import { loadConfig } from '#infra/config/config';
import { closeContext, createContext } from '#infra/create-context';

const dataDir = process.env.SIGNET_CHILD_DATA_DIR || null;
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const context = await createContext(config, dataDir);
const app = await buildApp({ context, serveWebApp: false, logger: false });
await app.ready();
const authorization = `Bearer ${process.env.SIGNET_CHILD_TOKEN ?? ''}`;
const upload = process.env.SIGNET_CHILD_UPLOAD;
if (upload) {
  // Half the file arrives, then nothing more: the test kills this process meanwhile.
  const body = new PassThrough();
  createReadStream(upload, { end: Math.floor(statSync(upload).size / 2) }).pipe(body, {
    end: false,
  });
  await app.inject({
    method: 'POST',
    url: '/rdss/v1/documents?fileName=half.pdf',
    headers: {
      authorization,
      'content-type': 'application/pdf',
      'content-length': String(statSync(upload).size),
    },
    payload: body,
  });
}
const res = await app.inject({
  method: 'POST',
  url: process.env.SIGNET_CHILD_URL ?? '/rdss/v1/signatures/sign',
  headers: { authorization },
  payload: JSON.parse(process.env.SIGNET_CHILD_BODY ?? '{}') as Record<string, unknown>,
});
process.stdout.write(`${res.statusCode} ${res.body}\n`);
await app.close();
await closeContext(context);
