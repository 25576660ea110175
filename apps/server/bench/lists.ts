/**
 * List benchmark: the users and credentials lists with 5,000 rows each, on the embedded database
 * (PGlite) and, when BENCH_DATABASE_URL names a PostgreSQL server, on a fresh database there.
 * Each case runs the list service as the API does (query parsed by the contract) and prints the
 * median and 99th percentile time of one call and the calls per second of one client.
 *
 *   npm run bench:lists -w apps/server
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:lists -w apps/server
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { credentialListQuerySchema } from '@signet/contracts/credentials';
import { userListQuerySchema } from '@signet/contracts/users';
import { loadConfig } from '#infra/config/config';
import { closeContext, createContext } from '#infra/create-context';
import type { AppContext } from '#infra/app-context';
import { listUsers } from '#platform/user-service';
import { listAllCredentials } from '#rssp/credentials/credential-service';
import { createRsspContext } from '#rssp/create-rssp-context';
import { createTestDatabase } from '#test/test-database';

const rows = 5_000;
const calls = 200;

const firstNames = ['Anna', 'Béla', 'Csilla', 'Dániel', 'Erika', 'Ferenc', 'Gábor', 'Hanna'];
const lastNames = ['Kovács', 'Nagy', 'Tóth', 'Szabó', 'Horváth', 'Varga', 'Kiss', 'Molnár'];

async function seed(context: AppContext): Promise<void> {
  const db = context.database.db;
  for (let start = 0; start < rows; start += 500) {
    const values = Array.from({ length: 500 }, (_, k) => {
      const i = start + k;
      const id = randomUUID();
      const first = firstNames[i % firstNames.length]!;
      const last = lastNames[(i * 7) % lastNames.length]!;
      return { id, email: `user${i}@example${i % 13}.org`, first, last, i };
    });
    await db.execute(sql`insert into platform.users (id, email, first_name, last_name, roles, status)
      values ${sql.join(
        values.map(
          (v) =>
            sql`(${v.id}, ${v.email}, ${v.first}, ${v.last}, '{}', ${v.i % 3 === 0 ? 'SUSPENDED' : 'ENABLED'})`,
        ),
        sql`, `,
      )}`);
    await db.execute(sql`insert into rssp.credentials (id, user_id, user_name, user_email, description,
        key_purpose, key_alg, auth_mode, enrollment_mode, status, distinguished_name, public_key, p10,
        wrapped_key)
      values ${sql.join(
        values.map(
          (v) =>
            sql`(${randomUUID()}, ${v.id}, ${`${v.first} ${v.last}`}, ${v.email}, ${`Key ${v.i} of ${v.last}`},
              'ASYMMETRIC_SIGN', 'ec', 'EXPLICIT', 'MANUAL', 'CREATED', '{}', 'x', 'x', 'x')`,
        ),
        sql`, `,
      )}`);
  }
  await db.execute(sql`analyze`);
}

async function measure(
  run: () => Promise<unknown>,
): Promise<{ p50: number; p99: number; rate: number }> {
  for (let i = 0; i < 20; i++) await run();
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  return {
    p50: times[Math.floor(calls * 0.5)]!,
    p99: times[Math.floor(calls * 0.99)]!,
    rate: (calls / total) * 1000,
  };
}

async function benchDatabase(label: string, url: string | undefined): Promise<string[]> {
  const config = loadConfig({
    PUBLIC_URL: 'http://localhost:8080',
    KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'silent',
    ...(url ? { DATABASE_URL: url } : {}),
  });
  const context = await createContext(config, null);
  try {
    await seed(context);
    const ctx = await createRsspContext(context);
    const users = (query: Record<string, string>) => () =>
      listUsers({ context, query: userListQuerySchema.parse(query) });
    const credentials = (query: Record<string, string>) => () =>
      listAllCredentials({ ctx, query: credentialListQuerySchema.parse(query) });
    const cases: [string, () => Promise<unknown>][] = [
      ['users, by name', users({ 'page-size': '10', 'sort-field': 'name' })],
      [
        'users, by e-mail, page 50',
        users({ 'page-size': '10', 'sort-field': 'email', 'page-num': '50' }),
      ],
      ['users, by status', users({ 'page-size': '10', 'sort-field': 'status' })],
      ['users, q=kovács', users({ 'page-size': '10', q: 'kovács' })],
      ['credentials, newest first', credentials({ 'page-size': '10' })],
      [
        'credentials, by description',
        credentials({ 'page-size': '10', 'sort-field': 'description', 'sort-order': 'asc' }),
      ],
      ['credentials, q=nagy', credentials({ 'page-size': '10', q: 'nagy' })],
    ];
    const lines: string[] = [];
    for (const [name, run] of cases) {
      const { p50, p99, rate } = await measure(run);
      lines.push(
        `| ${label} | ${name} | ${p50.toFixed(2)} | ${p99.toFixed(2)} | ${rate.toFixed(0)} |`,
      );
    }
    return lines;
  } finally {
    await closeContext(context);
  }
}

const lines = [
  `Lists with ${rows} users and ${rows} credentials; ${calls} sequential calls of the list service per case.`,
  '',
  '| database | case | p50 ms | p99 ms | calls/s |',
  '|---|---|---:|---:|---:|',
  ...(await benchDatabase('PGlite', undefined)),
];
const admin = process.env.BENCH_DATABASE_URL;
if (admin) {
  const database = await createTestDatabase(admin);
  try {
    lines.push(...(await benchDatabase('PostgreSQL', database.url)));
  } finally {
    await database.drop();
  }
}
console.log(lines.join('\n'));
