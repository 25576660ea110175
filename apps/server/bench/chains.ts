/**
 * Chain list benchmark (issue 12 §4): the real server over HTTP, loaded from a second process at a
 * fixed rate, on PostgreSQL with 100,000 chains of 3 participants (200 requests/s) and on the
 * embedded database with 10,000 (100 requests/s). Each case prints p50 and p99 against its
 * target, and the query plans the lists rely on. A printed table, not a test: it exits 0 either way.
 *
 *   npm run bench:chains -w apps/server
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:chains -w apps/server
 *
 * BENCH_SECONDS (default 10) per case, BENCH_CASES a pattern of the cases to run (e.g. 'admin'),
 * BENCH_REPEAT to run each chosen case several times, BENCH_EMBEDDED=0 to leave the embedded
 * database out, BENCH_RATE to send at another rate than the target's (the latency of a request
 * when the machine has no room for the target rate).
 *
 * BENCH_KEEP_DATABASE=<name> (with BENCH_DATABASE_URL) keeps the PostgreSQL database under that
 * name instead of a fresh one dropped at the end: the first run creates and seeds it, later runs
 * reuse its 100,000 chains (migrations added since are applied on start) and skip the minutes of
 * seeding. Drop it by hand when done (`drop database <name>`). Without it every run creates and
 * drops its own database.
 */
import { fork } from 'node:child_process';
import { processesCpuMs } from './cpu-time';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { adminChainListQuerySchema, ownChainListQuerySchema } from '@signet/contracts/chains';
import { adminChainPageQueries, adminChainsCountedInFull } from '#rdss/chains/admin-chain-list';
import { ownChainPageQueries } from '#rdss/chains/own-chain-list';
import { createTestDatabase } from '#test/test-database';
import { adminAccount, bootstrap, person, rsspTestEnv, type Person } from '#test/rssp-fixture';
import { createTestApp, type TestApp } from '#test/test-app';
import type { LoadJob, LoadResult } from './chain-load-worker';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
/** People who sign in and call (under the 30 sign-ins one address may make); the rest are rows. */
const callers = 24;

interface Target {
  label: string;
  databaseUrl: string | undefined;
  chains: number;
  rate: number;
  p50: number;
  p99: number;
  /** A kept database (BENCH_KEEP_DATABASE) that may already hold the seed. */
  kept?: boolean;
}

/** Users, documents, chains and 3 entries each, in bulk; each user takes part in about 30. */
async function seed(t: TestApp, people: Person[], chainCount: number): Promise<void> {
  const db = t.context.database.db;
  const userCount = Math.max(people.length, Math.round((chainCount * 3) / 30));
  await db.execute(sql`create temporary table bench_users (n int primary key, id uuid not null)`);
  await db.execute(
    sql`insert into bench_users (n, id) values ${sql.join(
      people.map((p, n) => sql`(${n}, ${p.id})`),
      sql`, `,
    )}`,
  );
  await db.execute(sql`
    insert into platform.users (id, email, first_name, last_name, roles, status, locale)
    select gen_random_uuid(), 'user' || n || '@bench.test', 'User', 'No ' || n,
      '{creator,signer}', 'ENABLED', 'EN'
    from generate_series(${people.length}::int, ${userCount - 1}::int) as n`);
  await db.execute(sql`
    insert into bench_users (n, id)
    select ${people.length}::int - 1 + row_number() over (order by email), id
    from platform.users where email like '%@bench.test'`);
  await db.execute(sql`
    create temporary table bench_chains as
    select i, gen_random_uuid() as chain_id, gen_random_uuid() as document_id,
      (select id from bench_users where n = (i * 13) % ${userCount}::int) as creator
    from generate_series(0, ${chainCount - 1}::int) as i`);
  await db.execute(sql`
    insert into rdss.documents (id, owner_id, file_name, file_size, sha256, security, created_at)
    select document_id, creator, 'contract-' || i || '.pdf', 1000, 'x', 'NONE',
      now() - i * interval '1 second'
    from bench_chains`);
  // 60 % waiting for signatures, 25 % done, 15 % failed; 1 % (failed ones) in the recycle bin.
  await db.execute(sql`
    insert into rdss.chains (id, status, type, created_by, orig_document_id, signing_trail_mode,
      created_at, updated_at, deleted_at)
    select chain_id,
      case when i % 20 < 12 then 'CREATED' when i % 20 < 17 then 'DONE' else 'FAILED' end,
      case when i % 2 = 0 then 'ORDERED' else 'UNORDERED' end,
      creator, document_id, 'NONE',
      now() - i * interval '1 second', now() - i * interval '1 second',
      case when i % 100 = 99 then now() - i * interval '1 second' end
    from bench_chains`);
  await db.execute(sql`
    insert into rdss.chain_entries (id, chain_id, position, user_id, email, status, approver,
      clerk_mode)
    select gen_random_uuid(), c.chain_id, k, u.id, 'e' || c.i || '-' || k || '@bench.test',
      case when c.i % 20 < 12 then 'CREATED' when c.i % 20 < 17 then 'DONE'
        when k = 0 then 'DECLINED' else 'FAILED' end,
      false, false
    from bench_chains c cross join generate_series(0, 2) as k
    join bench_users u on u.n = (c.i * 3 + k) % ${userCount}::int`);
  // Settle as a live database would be: statistics, the visibility map (index-only counts) and
  // the seed's writes flushed, so the load does not meet the seed's I/O.
  await db.execute(sql`vacuum analyze`);
  if (t.context.config.DATABASE_URL) await db.execute(sql`checkpoint`);
}

/** Runs the load in a second process and waits for its latencies. */
function load(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./chain-load-worker.ts', import.meta.url), {
      execArgv: ['--import', 'tsx'],
    });
    child.once('message', (result: LoadResult) => resolve(result));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load worker exited with ${code}`));
    });
    child.send(job);
  });
}

type Plan = { toSQL(): { sql: string; params: unknown[] } };

const literal = (value: unknown) =>
  typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
const explainAnalyze = 'explain (analyze, buffers, costs off, timing off)';
const planLines = (result: unknown) =>
  (result as { rows: Record<string, string>[] }).rows
    .map((row) => `    ${Object.values(row)[0]}`)
    .join('\n');

/**
 * The plan PostgreSQL runs one of the list's queries with. A statement the server runs unnamed
 * is planned for its values (here written in). A named one (`statementName`) is planned for its
 * values five times, then its plan cache weighs a generic plan against those: the plan shown is
 * the one its sixth run takes, as on a server's connection that has run it before.
 */
async function plan(t: TestApp, query: Plan, named: boolean) {
  const { sql: text, params } = query.toSQL();
  if (!named) {
    const inlined = text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
    return planLines(await t.context.database.db.execute(sql.raw(`${explainAnalyze} ${inlined}`)));
  }
  // One connection for the statement, its five runs and its plan.
  return t.context.database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`prepare bench_plan as ${text}`));
    const values = params.length > 0 ? `(${params.map(literal).join(', ')})` : '';
    for (let run = 0; run < 5; run++) await tx.execute(sql.raw(`execute bench_plan${values}`));
    const result = await tx.execute(sql.raw(`${explainAnalyze} execute bench_plan${values}`));
    await tx.execute(sql.raw('deallocate bench_plan'));
    return `    (a named statement's sixth run)\n${planLines(result)}`;
  });
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Total Cost': number;
  Plans?: PlanNode[];
}

/** A plan's shape: its node types and indexes, nested (costs and row counts left out). */
const shape = (node: PlanNode): string =>
  `${node['Node Type']}${node['Index Name'] ? `(${node['Index Name']})` : ''}[${(node.Plans ?? []).map(shape).join(',')}]`;

/**
 * The plans PostgreSQL would choose for each caller (not only the first): how many distinct
 * shapes, and the highest estimated cost against the settings that would change how it runs
 * (JIT compilation above jit_above_cost, parallel workers above parallel_setup_cost).
 */
async function survey(t: TestApp, queries: Plan[]): Promise<string> {
  const db = t.context.database.db;
  const setting = async (name: string) => {
    const result = await db.execute(sql.raw(`select current_setting('${name}') as v`));
    return Number((result as unknown as { rows: { v: string }[] }).rows[0]!.v);
  };
  const shapes = new Set<string>();
  let maxCost = 0;
  for (const query of queries) {
    const { sql: text, params } = query.toSQL();
    const inlined = text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
    const result = await db.execute(sql.raw(`explain (format json) ${inlined}`));
    const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
    const value = Object.values(row)[0];
    const [root] = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[];
    shapes.add(shape(root!.Plan));
    maxCost = Math.max(maxCost, root!.Plan['Total Cost']);
  }
  return `${queries.length} callers, ${shapes.size} plan shape${shapes.size === 1 ? '' : 's'}, estimated cost at most ${maxCost.toFixed(0)} (JIT above ${await setting('jit_above_cost')}, parallel setup ${await setting('parallel_setup_cost')})`;
}

async function bench(target: Target): Promise<{ rows: string[]; plans: string[] }> {
  const t = await createTestApp({
    env: {
      ...rsspTestEnv,
      // The load comes from few callers; the per-user limit is not what is measured here.
      API_CALLS_PER_SECOND: '100000',
      REGISTRATIONS_PER_ADDRESS: '1000',
      // A kept database's keys stay readable in the next run: its key-encryption key is fixed.
      ...(target.kept ? { KEY_ENCRYPTION_KEY: keptKey(target.databaseUrl!) } : {}),
    },
    databaseUrl: target.databaseUrl,
  });
  try {
    await bootstrap(t);
    const reused = target.kept && (await seededChains(t)) === target.chains;
    // Each run signs the callers in from one address; a kept database would count the earlier
    // runs' sign-ins against the address's limit.
    if (target.kept) await t.context.database.db.execute(sql`delete from idp.password_attempts`);
    const admin = await person(t, adminAccount.email, adminAccount.password, false);
    const people: Person[] = [];
    for (let i = 0; i < callers; i++)
      people.push(await person(t, `caller${i}@bench.test`, undefined, !reused));
    const seeded = performance.now();
    if (!reused) await seed(t, people, target.chains);
    const seedSeconds = reused
      ? 'reused (kept database)'
      : `${((performance.now() - seeded) / 1000).toFixed(1)} s`;
    const address = (await t.app.listen({ port: 0, host: '127.0.0.1' })) as string;

    const all = (query: string) => `/rdss/v1/signatureChains?page-num=1&page-size=10&${query}`;
    const own = (query: string) => `/rdss/v1/signatureChains/self?page-num=1&page-size=10&${query}`;
    const cases: [string, string[], Record<string, string>[]][] = [
      // The floor: an answer with no authentication and no database.
      ['ping (no auth, no database)', ['/api/v1/server/ping'], [{}]],
      ['users/self (auth only)', ['/api/v1/users/self'], people.map((p) => p.headers)],
      ...(['ALL', 'TODO', 'PENDING', 'SIGNED', 'FAILED'] as const).map(
        (filter): [string, string[], Record<string, string>[]] => [
          `self, ${filter}`,
          [own(`filter=${filter}`)],
          people.map((p) => p.headers),
        ],
      ),
      ['self, q=contract-1', [own('q=contract-1')], people.map((p) => p.headers)],
      ['admin, all', ['/rdss/v1/signatureChains?page-num=1&page-size=10'], [admin.headers]],
      [
        'admin, status=DONE',
        ['/rdss/v1/signatureChains?page-num=1&page-size=10&status=DONE'],
        [admin.headers],
      ],
      ['admin, recycle bin', [all('recycleBin=true')], [admin.headers]],
      // The narrowing filters count their matches with the page (decision 015).
      ['admin, createdBy', people.map((p) => all(`createdBy=${p.id}`)), [admin.headers]],
      ['admin, memberId', people.map((p) => all(`memberId=${p.id}`)), [admin.headers]],
      // A broad term (one chain in nine) and one that names a single chain.
      ['admin, fileName=contract-1', [all('fileName=contract-1')], [admin.headers]],
      ['admin, fileName=contract-12345', [all('fileName=contract-12345')], [admin.headers]],
    ];
    const only = process.env.BENCH_CASES;
    const chosen = (only ? cases.filter(([name]) => new RegExp(only).test(name)) : cases).flatMap(
      (c) => Array.from({ length: Number(process.env.BENCH_REPEAT ?? 1) }, () => c),
    );
    const rows: string[] = [];
    for (const [name, paths, headers] of chosen) {
      // A short warm-up (JIT, caches, connections) that is not counted.
      const rate = Number(process.env.BENCH_RATE ?? target.rate);
      await load({ url: address, paths, headers, rate, seconds: 1 });
      const serverCpu = process.cpuUsage();
      const databaseCpu = target.databaseUrl ? processesCpuMs('postgres') : 0;
      const result = await load({ url: address, paths, headers, rate, seconds });
      const used = process.cpuUsage(serverCpu);
      const databaseAfter = target.databaseUrl ? processesCpuMs('postgres') : 0;
      const perRequest = (ms: number | undefined) =>
        ms === undefined || Number.isNaN(ms) ? '—' : (ms / result.requests).toFixed(2);
      const cpu = [
        perRequest((used.user + used.system) / 1000),
        // The embedded database runs in the server's process: its share is in the server's.
        target.databaseUrl
          ? perRequest(
              databaseCpu === undefined || databaseAfter === undefined
                ? undefined
                : databaseAfter - databaseCpu,
            )
          : 'in the server',
        perRequest(result.cpuMs),
      ].join(' / ');
      const pass =
        result.p50 <= target.p50 &&
        result.p99 <= target.p99 &&
        result.errors === 0 &&
        result.non2xx === 0;
      rows.push(
        `| ${target.label} | ${target.chains.toLocaleString('en')} | ${name} | ${rate} | ${result.requests} | ${result.p50} | ${result.p99} | ${result.errors + result.non2xx} | ${cpu} | ≤ ${target.p50} / ≤ ${target.p99} | ${pass ? 'pass' : 'FAIL'} |`,
      );
    }

    const db = t.context.database.db;
    const caller = people[0]!;
    const ownStatements = (filter: 'TODO' | 'PENDING' | 'FAILED') =>
      ownChainPageQueries(db, caller.id, ownChainListQuerySchema.parse({ filter }));
    const adminStatements = (query: Record<string, string>) =>
      adminChainPageQueries(db, adminChainListQuerySchema.parse(query));
    type Explained = [name: string, query: Plan, namedOnPostgres: boolean | null];
    // One of a page's statements, with whether the server runs it named on PostgreSQL (the
    // store says so); `null` below for a statement the server does not run.
    const part = (
      name: string,
      statements: { rows: Plan; total: Plan; named: boolean },
      which: 'rows' | 'total',
    ): Explained => [name, statements[which], statements.named];
    const explained: Explained[] = [
      part('self, TODO, page', ownStatements('TODO'), 'rows'),
      part('self, PENDING, page', ownStatements('PENDING'), 'rows'),
      part('self, FAILED, page', ownStatements('FAILED'), 'rows'),
      part('admin, all, page', adminStatements({}), 'rows'),
      part('admin, all, total', adminStatements({}), 'total'),
      [
        'admin, all, total counted as before decision 015 (for comparison; not run by the server)',
        adminChainsCountedInFull(db, adminChainListQuerySchema.parse({})),
        null,
      ],
      part('admin, createdBy, page', adminStatements({ createdBy: caller.id }), 'rows'),
      part('admin, memberId, page', adminStatements({ memberId: caller.id }), 'rows'),
      part('admin, createdBy, total', adminStatements({ createdBy: caller.id }), 'total'),
      part(
        'admin, fileName=contract-12345, page',
        adminStatements({ fileName: 'contract-12345' }),
        'rows',
      ),
      part('admin, fileName=contract-1, page', adminStatements({ fileName: 'contract-1' }), 'rows'),
      part(
        'admin, fileName=contract-1, total (capped)',
        adminStatements({ fileName: 'contract-1' }),
        'total',
      ),
    ];
    const plans = [`${target.label}: seeded: ${seedSeconds}`];
    // The embedded database names every statement the server runs (pglite-statements.ts).
    for (const [name, query, namedOnPostgres] of explained) {
      const named = namedOnPostgres !== null && (!target.databaseUrl || namedOnPostgres);
      plans.push(`  ${name}:\n${await plan(t, query, named)}`);
    }
    if (target.databaseUrl) {
      plans.push(`${target.label}: the own lists' plans over every caller`);
      for (const filter of ['ALL', 'TODO', 'PENDING', 'SIGNED', 'FAILED'] as const) {
        const query = ownChainListQuerySchema.parse({ filter });
        const pages = people.map((p) => ownChainPageQueries(db, p.id, query).rows);
        plans.push(`  self, ${filter}: ${await survey(t, pages)}`);
      }
    }
    return { rows, plans };
  } finally {
    await t.close();
  }
}

/** How many chains a kept database already holds (0 when fresh). */
async function seededChains(t: TestApp): Promise<number> {
  const result = await t.context.database.db.execute(
    sql`select count(*)::int as n from rdss.chains`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/** A fixed key-encryption key for a kept database (a bench database, never a real one). */
const keptKey = (url: string) => createHash('sha256').update(url).digest('base64');

/** The kept database BENCH_KEEP_DATABASE names, created on `server` if missing. */
async function keptDatabase(server: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_KEEP_DATABASE: not a plain name`);
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

// BENCH_EMBEDDED=0 leaves the embedded database out (with BENCH_DATABASE_URL: PostgreSQL alone).
const targets: Target[] =
  process.env.BENCH_EMBEDDED === '0'
    ? []
    : [{ label: 'PGlite', databaseUrl: undefined, chains: 10_000, rate: 100, p50: 100, p99: 100 }];
const postgres = process.env.BENCH_DATABASE_URL;
const databases: { drop(): Promise<void> }[] = [];
const keep = process.env.BENCH_KEEP_DATABASE;
if (postgres) {
  let url: string | undefined;
  if (keep) url = await keptDatabase(postgres, keep);
  else {
    const database = await createTestDatabase(postgres);
    databases.push(database);
    url = database.url;
  }
  targets.push({
    label: 'PostgreSQL',
    databaseUrl: url,
    kept: Boolean(keep),
    chains: 100_000,
    rate: 200,
    p50: 10,
    p99: 50,
  });
}
const table = [
  `Chain lists over HTTP, loaded from a second process for ${seconds} s per case (page size 10, ${callers} callers).`,
  '',
  '| database | chains | case | rate/s | requests | p50 ms | p99 ms | errors | CPU ms a request: server / database / sender | target p50 / p99 ms | |',
  '|---|---:|---|---:|---:|---:|---:|---:|---|---|---|',
];
const plans: string[] = [];
try {
  for (const target of targets) {
    const result = await bench(target);
    table.push(...result.rows);
    plans.push(...result.plans);
  }
} finally {
  for (const database of databases) await database.drop();
}
console.log([...table, '', 'Query plans (EXPLAIN ANALYZE, BUFFERS):', ...plans].join('\n'));
