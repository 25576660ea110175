import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, rowsOf } from '#infra/database';

/** A file of the documents folder: `<uuid>.pdf` or `<uuid>.increment`, maybe still `.part`. */
const filePattern = /^([0-9a-f-]{36})\.(pdf|increment)(\.part)?$/;

/** How often the folder is swept while the server runs (it is swept at start too). */
export const sweepEveryMs = 10 * 60_000;

/**
 * After the last byte of an upload its file still waits for the PDF check, the row and the
 * commit; a minute is far more than they take.
 */
const commitMarginMs = 60_000;

/** What one sweep removed: file names (never content) and their bytes. */
export interface RemovedFiles {
  parts: string[];
  unnamed: string[];
  bytes: number;
}

/**
 * Removes what a server killed during an upload or a signature leaves in the documents folder
 * of the embedded database (decision 024): `.part` files, and documents or increments that no
 * row names (written, then the transaction never committed), when last written before `before`.
 * A file a row names is never touched. Ids seen named before (`named`, kept by the caller
 * between sweeps) are not asked again: a named file stays named until its service removes it.
 */
export async function removeLeftoverFiles(
  db: Db,
  dir: string,
  before: Date,
  named: Set<string> = new Set(),
): Promise<RemovedFiles> {
  const files = (await readdir(dir)).flatMap((name) => {
    const match = filePattern.exec(name);
    return match ? [{ name, id: match[1]!, kind: match[2]!, part: match[3] !== undefined }] : [];
  });
  const ask = (kind: string) =>
    JSON.stringify([
      ...new Set(
        files.filter((f) => !f.part && f.kind === kind && !named.has(f.id)).map((f) => f.id),
      ),
    ]);
  // One statement; the ids go as one JSON parameter, however many there are.
  const found = await db.execute(sql`
    select id::text from rdss.documents
    where id in (select jsonb_array_elements_text(${ask('pdf')}::jsonb)::uuid)
    union all
    select id::text from rdss.document_revisions
    where id in (select jsonb_array_elements_text(${ask('increment')}::jsonb)::uuid)`);
  for (const row of rowsOf<{ id: string }>(found)) named.add(row.id);
  const removed: RemovedFiles = { parts: [], unnamed: [], bytes: 0 };
  const present = new Set<string>();
  for (const file of files) {
    if (!file.part && named.has(file.id)) {
      present.add(file.id);
      continue;
    }
    const path = join(dir, file.name);
    const info = await stat(path).catch(() => undefined);
    // Written since `before`: an upload or a signature may still be on its way to its commit.
    if (!info || info.mtimeMs >= before.getTime()) continue;
    await rm(path, { force: true });
    (file.part ? removed.parts : removed.unnamed).push(file.name);
    removed.bytes += info.size;
  }
  // Forget ids whose files are gone (documents deleted since).
  for (const id of named) if (!present.has(id)) named.delete(id);
  return removed;
}

/**
 * Sweeps the documents folder now, then every `sweepEveryMs`; answers the function that stops it.
 * At start nothing can be in flight: the embedded database admits one server process, and this
 * one serves nothing yet, so every leftover last written before now goes. Later, only what is
 * older than the longest an upload may take (`requestTimeoutSeconds`) and its commit. Each sweep
 * that removes something says what in one log line.
 */
export async function startLeftoverSweeps(options: {
  db: Db;
  dir: string;
  requestTimeoutSeconds: number;
  log: FastifyBaseLogger;
}): Promise<() => void> {
  const named = new Set<string>();
  const sweep = async (before: Date) => {
    const removed = await removeLeftoverFiles(options.db, options.dir, before, named);
    const count = removed.parts.length + removed.unnamed.length;
    if (count === 0) return;
    options.log.info(
      {
        partFiles: removed.parts.length,
        unnamedFiles: removed.unnamed.length,
        bytes: removed.bytes,
        // Names only (ids), and not thousands of them.
        files: [...removed.parts, ...removed.unnamed].slice(0, 100),
      },
      'Removed leftover document files',
    );
  };
  await sweep(new Date());
  const timer = setInterval(() => {
    const before = new Date(Date.now() - options.requestTimeoutSeconds * 1000 - commitMarginMs);
    sweep(before).catch((error: unknown) =>
      options.log.warn({ err: error }, 'Sweeping leftover document files failed'),
    );
  }, sweepEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}
