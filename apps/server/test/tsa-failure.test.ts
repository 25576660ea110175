import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chain } from '@signet/contracts/chains';
import type { Credential } from '@signet/contracts/credentials';
import type { SignRequestInput, SignResult } from '@signet/contracts/signatures';
import { freePort } from './free-port';
import { createRsspTestApp, fastKdfEnv, post, type Person } from './rssp-fixture';
import {
  activatedCredential,
  checkSignedPdf,
  createChain,
  download,
  signBody,
  trustEmbeddedCa,
} from './signing-fixture';
import { signaturesOf } from './tsa-fixture';
import type { TestApp } from './test-app';

/** How the stand-in external TSA behaves: refuse by hanging, by failing, by flooding, or stamp. */
type Mode = 'hang' | 'http-500' | 'huge' | 'fail-second' | 'forward';

/**
 * An external TSA on a real socket (TSA_URL): it hangs, fails, answers too much, or forwards the
 * query to the app's own embedded TSA (`POST /rssp/v1/tsa`) so its answers are real tokens.
 */
async function startTsa(
  port: number,
  t: () => TestApp,
): Promise<{ server: Server; mode: Mode; authorization: string[]; requests: number }> {
  const state = {
    server: undefined as unknown as Server,
    mode: 'forward' as Mode,
    authorization: [] as string[],
    requests: 0,
  };
  state.server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      state.requests++;
      state.authorization.push(request.headers.authorization ?? '');
      const mode =
        state.mode === 'fail-second' && state.requests % 2 === 1 ? 'forward' : state.mode;
      if (mode === 'hang') return;
      if (mode === 'http-500' || mode === 'fail-second') {
        response.writeHead(500).end();
        return;
      }
      if (mode === 'huge') {
        response.writeHead(200, { 'content-type': 'application/timestamp-reply' });
        response.end(Buffer.alloc(300 * 1024, 0x30));
        return;
      }
      void t()
        .app.inject({
          method: 'POST',
          url: '/rssp/v1/tsa',
          headers: { 'content-type': 'application/timestamp-query' },
          payload: Buffer.concat(chunks),
        })
        .then((answer) => {
          response.writeHead(200, { 'content-type': 'application/timestamp-reply' });
          response.end(answer.rawPayload);
        });
    });
  });
  await new Promise<void>((resolve) => state.server.listen(port, '127.0.0.1', resolve));
  return state;
}

/**
 * Issue 27 §1: a TSA that fails or does not answer in time fails the signature with
 * SERVICE_UNAVAILABLE and stores nothing: the chain, its revisions, the entry and the key's
 * attempt counters are as they were. With an external TSA_URL the tokens come over HTTP with
 * basic credentials.
 */
describe('signing with an external TSA that fails (TSA_URL)', () => {
  let t: TestApp;
  let ann: Person;
  let bob: Person;
  let annsKey: Credential;
  let port: number;
  let tsa: Awaited<ReturnType<typeof startTsa>> | undefined;

  beforeAll(async () => {
    port = await freePort();
    ({ t, ann, bob } = await createRsspTestApp({
      ...fastKdfEnv,
      TSA_URL: `http://127.0.0.1:${port}/tsa`,
      TSA_USERNAME: 'signet',
      TSA_PASSWORD: 'tsa-secret',
      TSA_TIMEOUT_MS: '1500',
    }));
    annsKey = await activatedCredential(t, ann);
  }, 120_000);
  afterAll(async () => {
    tsa?.server.closeAllConnections();
    await new Promise((resolve) => tsa?.server.close(resolve) ?? resolve(undefined));
    await t.close();
  });

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.context.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  /** What a failed sign call must leave as it was. */
  const snapshot = async (chainIds: string[]) => ({
    revisions: await rows(
      sql`select chain_id, count(*)::int as n from rdss.document_revisions
          where chain_id in (${sql.join(
            chainIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) group by chain_id order by chain_id`,
    ),
    chains: await rows(
      sql`select id, status, updated_at from rdss.chains where id in (${sql.join(
        chainIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) order by id`,
    ),
    entries: await rows(
      sql`select id, status, signed_at from rdss.chain_entries where chain_id in (${sql.join(
        chainIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) order by id`,
    ),
    history: await rows(
      sql`select count(*)::int as n from rdss.chain_history where kind = 'SIGNED'`,
    ),
    key: await rows(
      sql`select failed_password_attempts, pending_password_attempts from rssp.credentials
          where id = ${annsKey.id}::uuid`,
    ),
  });
  const twoChains = async () => {
    const a = await createChain(t, ann, { type: 'ORDERED', signers: [{ email: ann.email }] });
    const b = await createChain(t, ann, {
      type: 'ORDERED',
      signers: [{ email: ann.email }, { email: bob.email }],
      signingTrailMode: 'DETACHED',
    });
    return [a, b];
  };
  const bodyFor = (chains: Chain[]): SignRequestInput => {
    const [first, ...rest] = chains.map((chain) => signBody(chain, ann, annsKey));
    return {
      ...(first as SignRequestInput),
      signatures: [first, ...rest].flatMap((body) => body?.signatures ?? []),
    };
  };

  it('a closed port, a hanging TSA, an HTTP error, an oversized answer, a failure on the second chain: SERVICE_UNAVAILABLE and nothing stored', async () => {
    const chains = await twoChains();
    const ids = chains.map((chain) => chain.id);
    const before = await snapshot(ids);
    expect(before.entries.every((e) => (e as { status: string }).status !== 'DONE')).toBe(true);

    // Nothing listens on the port yet.
    const closed = await post(t, ann, '/rdss/v1/signatures/sign', bodyFor(chains));
    expect(closed.statusCode, closed.body).toBe(503);
    expect(closed.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(await snapshot(ids)).toEqual(before);

    tsa = await startTsa(port, () => t);
    for (const mode of ['hang', 'http-500', 'huge', 'fail-second'] as const) {
      tsa.mode = mode;
      const started = Date.now();
      const res = await post(t, ann, '/rdss/v1/signatures/sign', bodyFor(chains));
      expect({ mode, status: res.statusCode }).toEqual({ mode, status: 503 });
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      // The limit holds: a TSA that hangs costs TSA_TIMEOUT_MS, not the client's patience.
      if (mode === 'hang') expect(Date.now() - started).toBeLessThan(1500 + 4000);
      expect(await snapshot(ids), mode).toEqual(before);
    }
    expect(tsa.requests).toBeGreaterThan(0);

    // The TSA answers again: the same call signs both chains B-T, time-stamped over HTTP with
    // the basic credentials, and the key password counted nothing wrong on the way.
    tsa.mode = 'forward';
    tsa.authorization.length = 0;
    const res = await post(t, ann, '/rdss/v1/signatures/sign', bodyFor(chains));
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json<SignResult>();
    expect(results.map((r) => r.level)).toEqual(['B-T', 'B-T']);
    expect(new Set(tsa.authorization)).toEqual(
      new Set([`Basic ${Buffer.from('signet:tsa-secret').toString('base64')}`]),
    );
    // Two chains, one with a detached trail: three time-stamps.
    expect(tsa.authorization).toHaveLength(3);
    const after = await snapshot(ids);
    expect(after.key).toEqual(before.key);
    const nss = await trustEmbeddedCa(t);
    for (const result of results) {
      const signed = await download(t, ann, result.signedDocument.id);
      expect(signaturesOf(signed).every((part) => part.token !== undefined)).toBe(true);
      const checked = await checkSignedPdf(nss, signed);
      expect(checked.signatures.every((s) => s.valid && s.trusted)).toBe(true);
    }
  }, 120_000);
});

describe('TSA_OPTIONAL=true: a failing TSA leaves the signature B-B', () => {
  let t: TestApp;
  let ann: Person;
  let annsKey: Credential;

  beforeAll(async () => {
    const port = await freePort();
    ({ t, ann } = await createRsspTestApp({
      ...fastKdfEnv,
      TSA_URL: `http://127.0.0.1:${port}/tsa`,
      TSA_TIMEOUT_MS: '1000',
      TSA_OPTIONAL: 'true',
    }));
    annsKey = await activatedCredential(t, ann);
  }, 120_000);
  afterAll(() => t.close());

  it('signs without a time-stamp and says so (level B-B); pdfsig finds it valid', async () => {
    const chain = await createChain(t, ann, { type: 'ORDERED', signers: [{ email: ann.email }] });
    const res = await post(t, ann, '/rdss/v1/signatures/sign', signBody(chain, ann, annsKey));
    expect(res.statusCode, res.body).toBe(200);
    const [result] = res.json<SignResult>();
    expect(result?.level).toBe('B-B');
    const signed = await download(t, ann, result?.signedDocument.id as string);
    expect(signaturesOf(signed).map((part) => part.token)).toEqual([undefined]);
    const checked = await checkSignedPdf(await trustEmbeddedCa(t), signed);
    expect(checked.signatures).toEqual([expect.objectContaining({ valid: true, trusted: true })]);
  }, 60_000);
});
