/**
 * A signing server in its own process for rdss-signing-crash.test.ts: opens the embedded database
 * under SIGNET_CHILD_DATA_DIR, builds the app and sends one sign request (SIGNET_CHILD_BODY) as
 * the bearer SIGNET_CHILD_TOKEN. With SIGNET_TEST_CRASH_AT the rDSS kills this process (SIGKILL)
 * at that point of the signing; otherwise it prints the answer and exits.
 */
import { buildApp } from '../src/app';
import { loadConfig } from '#infra/config';
import { closeContext, createContext } from '#infra/create-context';

const dataDir = process.env.SIGNET_CHILD_DATA_DIR ?? '';
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const context = await createContext(config, dataDir);
const app = await buildApp({ context, serveWebApp: false, logger: false });
await app.ready();
const res = await app.inject({
  method: 'POST',
  url: '/rdss/v1/signatures/sign',
  headers: { authorization: `Bearer ${process.env.SIGNET_CHILD_TOKEN ?? ''}` },
  payload: JSON.parse(process.env.SIGNET_CHILD_BODY ?? '{}') as Record<string, unknown>,
});
process.stdout.write(`${res.statusCode} ${res.body}\n`);
await app.close();
await closeContext(context);
