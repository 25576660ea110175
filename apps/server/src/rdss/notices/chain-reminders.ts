import { inArray, sql } from 'drizzle-orm';
import type { ChainRemindersResult } from '@signet/contracts/chains';
import { AppError, forbidden } from '#infra/app-error';
import type { AuthUser } from '#infra/auth-types';
import { type Tx, rowsOf } from '#infra/database';
import { type ChainContext, visible } from '../chains';
import { recordChainHistory, chainEntries } from '../schema';
import { entriesOnTurn, tellReminded } from './chain-notices';

/**
 * Reminders (issue 26 §3, decision 028): the creator reminds the registered participants whose
 * turn it is, and with REMINDER_DAYS set a sweep does so every that many days. An entry is
 * reminded at most once a day: `chain_entries.reminded_at` is in the database, so every instance
 * sees it, and each reminder is a REMINDED event of the chain's history.
 */

const dayMs = 24 * 60 * 60 * 1000;

/** Marks the entries reminded now and records it, on the transaction of the reminder. */
async function markReminded(
  tx: Tx,
  chainId: string,
  entries: { id: string; email: string }[],
  actorId: string | null,
  now: Date,
): Promise<void> {
  if (entries.length === 0) return;
  const ids = entries.map((e) => e.id);
  await tx.update(chainEntries).set({ remindedAt: now }).where(inArray(chainEntries.id, ids));
  await recordChainHistory(
    tx,
    entries.map((e) => ({
      chainId,
      kind: 'REMINDED' as const,
      entryId: e.id,
      actorId,
      detail: { email: e.email },
    })),
  );
}

/**
 * `POST signatureChains/{id}/reminders`: the creator reminds whoever's turn it is. Entries
 * reminded within the last 24 hours are skipped (and named); when every one of them was,
 * nothing happens and the answer is TOO_MANY_REQUESTS with Retry-After.
 */
export async function remindChain(options: {
  ctx: ChainContext;
  actor: AuthUser;
  id: string;
  now?: Date;
}): Promise<ChainRemindersResult> {
  const { ctx, actor, id } = options;
  const now = options.now ?? new Date();
  const result = await ctx.database.db.transaction(async (tx) => {
    const { stored } = await visible(tx, actor, id, true);
    if (stored.chain.createdBy !== actor.id) throw forbidden('Only the creator sends reminders');
    if (stored.chain.status !== 'CREATED') {
      throw new AppError('INVALID_REQUEST', 'Only a chain awaiting signatures can be reminded');
    }
    const onTurn = entriesOnTurn(stored);
    if (onTurn.length === 0) {
      throw new AppError('INVALID_REQUEST', 'No registered participant waits for their turn');
    }
    const isRecent = (at: Date | null) => at !== null && now.getTime() - at.getTime() < dayMs;
    const due = onTurn.filter((e) => !isRecent(e.remindedAt));
    const skipped = onTurn.filter((e) => isRecent(e.remindedAt));
    const next = skipped
      .map((e) => new Date((e.remindedAt as Date).getTime() + dayMs))
      .sort((a, b) => a.getTime() - b.getTime())[0];
    if (due.length === 0 && next) {
      throw new AppError(
        'TOO_MANY_REQUESTS',
        'Everyone whose turn it is was reminded less than a day ago',
        undefined,
        { retryAfterSeconds: Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000)) },
      );
    }
    await markReminded(tx, stored.chain.id, due, actor.id, now);
    return {
      reminded: due.map((e) => e.email),
      skipped: skipped.map((e) => e.email),
      nextReminderAt: next?.toISOString() ?? null,
      entryIds: due.map((e) => e.id),
    };
  });
  tellReminded(ctx, id, result.entryIds, actor.id);
  const { entryIds: _sent, ...answer } = result;
  return answer;
}

/** Entries one automatic sweep reminds at most; the next sweep takes the rest. */
const perSweep = 200;

/**
 * The automatic reminder (REMINDER_DAYS, 0 = off): every registered entry whose turn it is and
 * that neither was reminded nor saw its chain move for that many days is reminded once. The
 * entries are locked with `skip locked`, so instances sweeping at once never remind one twice.
 * Answers how many were reminded.
 */
export async function sendDueReminders(ctx: ChainContext, now = new Date()): Promise<number> {
  const days = ctx.config.REMINDER_DAYS;
  if (days <= 0) return 0;
  const before = new Date(now.getTime() - days * dayMs);
  const taken = await ctx.database.db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      select e.id, e.chain_id as "chainId", e.email
      from rdss.chain_entries e
      join rdss.chains c on c.id = e.chain_id
      where e.status = 'CREATED' and e.user_id is not null
        and c.status = 'CREATED' and c.deleted_at is null
        and (c.due_at is null or c.due_at > ${now.toISOString()}::timestamptz)
        and coalesce(e.reminded_at, c.updated_at) <= ${before.toISOString()}::timestamptz
        and (c.type = 'UNORDERED' or e.position = 0 or exists (
          select 1 from rdss.chain_entries p
          where p.chain_id = e.chain_id and p.position = e.position - 1 and p.status = 'DONE'))
      order by e.chain_id
      limit ${perSweep}
      for update of e skip locked`);
    const rows = rowsOf<{ id: string; chainId: string; email: string }>(result);
    const byChain = new Map<string, { id: string; email: string }[]>();
    for (const row of rows) byChain.set(row.chainId, [...(byChain.get(row.chainId) ?? []), row]);
    // A row another instance reminded meanwhile was either skipped (locked) or no longer
    // matches once its lock is taken (the condition is checked again on the locked row).
    for (const [chainId, entries] of byChain) {
      await markReminded(tx, chainId, entries, null, now);
    }
    return byChain;
  });
  let count = 0;
  for (const [chainId, entries] of taken) {
    tellReminded(
      ctx,
      chainId,
      entries.map((e) => e.id),
    );
    count += entries.length;
  }
  return count;
}
