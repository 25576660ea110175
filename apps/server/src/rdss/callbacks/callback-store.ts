import { sql, type SQL } from 'drizzle-orm';
import {
  callbackAttemptsShown,
  type CallbackAttempt,
  type CallbackDelivery,
  type CallbackDeliveryQuery,
  type CallbackEvent,
} from '@signet/contracts/callbacks';
import { pageOffset } from '@signet/contracts/paging';
import { type Db, rowsOf } from '#infra/database';
import { shownUrl } from './callback-address';

/**
 * The callbacks' rows (migrations/024-callbacks.sql): `rdss.callback_events`, the outbox the
 * triggers fill in the transaction of each chain change, and `rdss.callback_attempts`.
 */

/** A timestamp as ISO 8601 text in UTC, whichever driver reads it. */
const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** An event taken for an attempt. */
export interface ClaimedEvent {
  /** The row (delivery order). */
  row: string;
  eventId: string;
  chainId: string;
  url: string;
  payload: CallbackEvent;
  /** Attempts so far, this one included. */
  attempts: number;
  /** The chain's creator (null for an event older than decision 054). */
  creatorId: string | null;
  /** The creator's own secret, wrapped (callback-secrets.ts); null: CALLBACK_SECRET signs. */
  wrappedSecret: string | null;
}

/**
 * Takes up to `limit` events due now, at most one per chain: the oldest one not delivered, and
 * only once the chain's previous event was delivered `chainGapMs` ago or more (a chain's order,
 * and its rate). Each is leased for `leaseMs` (its next attempt time moves past the lease), so
 * no other instance takes it meanwhile, and one whose server died mid-attempt is taken again
 * once the lease ends. `skip locked`: instances claiming at once never take the same row. The
 * creator's own secret is read with it, so an attempt signs with the secret of that moment.
 */
export async function claimDueEvents(
  db: Db,
  options: { limit: number; leaseMs: number; chainGapMs: number },
): Promise<ClaimedEvent[]> {
  const result = await db.execute(sql`
    with due as (
      select o.id from rdss.callback_events o
      where o.status = 'PENDING' and o.next_attempt_at <= now()
        and not exists (
          select 1 from rdss.callback_events p
          where p.chain_id = o.chain_id and p.id < o.id
            and (p.status <> 'DELIVERED'
              or p.delivered_at > now() - ${options.chainGapMs} * interval '1 millisecond'))
      order by o.next_attempt_at, o.id
      limit ${options.limit}
      for update of o skip locked
    )
    update rdss.callback_events o
    set next_attempt_at = now() + ${options.leaseMs} * interval '1 millisecond',
      attempts = o.attempts + 1
    from due where o.id = due.id
    returning o.id::text as row, o.event_id::text as event_id, o.chain_id::text as chain_id,
      o.url, o.payload, o.attempts, o.creator_id::text as creator_id,
      (select s.wrapped from rdss.callback_secrets s where s.user_id = o.creator_id)
        as wrapped_secret`);
  return rowsOf<{
    row: string;
    event_id: string;
    chain_id: string;
    url: string;
    payload: CallbackEvent;
    attempts: number;
    creator_id: string | null;
    wrapped_secret: string | null;
  }>(result).map((r) => ({
    row: r.row,
    eventId: r.event_id,
    chainId: r.chain_id,
    url: r.url,
    payload: r.payload,
    attempts: Number(r.attempts),
    creatorId: r.creator_id,
    wrappedSecret: r.wrapped_secret,
  }));
}

/**
 * Records an attempt and its outcome in one statement: DELIVERED; or, failed, due again after
 * `retryInMs` (never past its give-up time), or FAILED once the give-up time has come.
 */
export async function recordAttempt(
  db: Db,
  event: Pick<ClaimedEvent, 'row'>,
  outcome: { ok: boolean; statusCode: number | null; error: string | null; durationMs: number },
  retryInMs: number,
): Promise<'DELIVERED' | 'PENDING' | 'FAILED'> {
  const result = await db.execute(sql`
    with a as (
      insert into rdss.callback_attempts (event_id, duration_ms, status_code, error)
      values (${event.row}::bigint, ${outcome.durationMs}::integer, ${outcome.statusCode}::integer,
        ${outcome.error}::text)
    )
    update rdss.callback_events set
      status = case when ${outcome.ok}::boolean then 'DELIVERED'
        when now() >= give_up_at then 'FAILED' else 'PENDING' end,
      delivered_at = case when ${outcome.ok}::boolean then now() end,
      next_attempt_at = least(now() + ${retryInMs} * interval '1 millisecond', give_up_at)
    where id = ${event.row}::bigint
    returning status`);
  const [row] = rowsOf<{ status: 'DELIVERED' | 'PENDING' | 'FAILED' }>(result);
  return row?.status ?? 'FAILED';
}

/** Delivered events are kept this long for the record, then removed (a few at a time). */
export async function removeOldDelivered(db: Db): Promise<void> {
  await db.execute(sql`
    delete from rdss.callback_events where id in (
      select id from rdss.callback_events
      where status = 'DELIVERED' and delivered_at < now() - interval '30 days'
      limit 500)`);
}

/** The admin's page of FAILED or PENDING deliveries, with each one's latest attempts. */
export async function listDeliveries(
  db: Db,
  query: CallbackDeliveryQuery,
): Promise<{ content: CallbackDelivery[]; total: number }> {
  const order = query['sort-order'] === 'asc' ? sql`asc` : sql`desc`;
  const [counted] = rowsOf<{ total: number | string }>(
    await db.execute(
      sql`select count(*)::integer as total from rdss.callback_events where status = ${query.status}`,
    ),
  );
  const total = Number(counted?.total ?? 0);
  if (query['page-size'] === 0) return { content: [], total };
  const rows = rowsOf<{
    id: string;
    chain_id: string;
    url: string;
    type: CallbackDelivery['type'];
    status: CallbackDelivery['status'];
    created_at: string;
    next_attempt_at: string;
    give_up_at: string;
    delivered_at: string | null;
    attempt_count: number;
    attempts: CallbackAttempt[];
  }>(
    await db.execute(sql`
      select e.event_id::text as id, e.chain_id::text as chain_id, e.url,
        e.payload->>'type' as type, e.status, ${iso(sql`e.created_at`)} as created_at,
        ${iso(sql`e.next_attempt_at`)} as next_attempt_at, ${iso(sql`e.give_up_at`)} as give_up_at,
        ${iso(sql`e.delivered_at`)} as delivered_at, e.attempts as attempt_count,
        coalesce((
          select jsonb_agg(jsonb_build_object('at', ${iso(sql`a.at`)},
            'durationMs', a.duration_ms, 'statusCode', a.status_code, 'error', a.error)
            order by a.id desc)
          from (select * from rdss.callback_attempts x where x.event_id = e.id
            order by x.id desc limit ${callbackAttemptsShown}) a
        ), '[]'::jsonb) as attempts
      from rdss.callback_events e
      where e.status = ${query.status}
      order by e.id ${order}
      limit ${query['page-size']} offset ${pageOffset(query)}`),
  );
  return {
    total,
    content: rows.map((r) => ({
      id: r.id,
      chainId: r.chain_id,
      url: shownUrl(r.url),
      type: r.type,
      status: r.status,
      createdAt: r.created_at,
      nextAttemptAt: r.status === 'PENDING' ? r.next_attempt_at : null,
      giveUpAt: r.give_up_at,
      deliveredAt: r.delivered_at,
      attemptCount: Number(r.attempt_count),
      attempts: r.attempts,
    })),
  };
}

/**
 * "Retry now": the event is due at once. A FAILED one gets one more attempt (its give-up time
 * becomes now, so it is FAILED again if that attempt fails); a PENDING one keeps its 24 hours.
 * It still waits for the chain's earlier events. False when there is no such undelivered event.
 */
export async function retryNow(db: Db, eventId: string): Promise<boolean> {
  const result = await db.execute(sql`
    update rdss.callback_events
    set status = 'PENDING', next_attempt_at = now(), give_up_at = greatest(give_up_at, now())
    where event_id = ${eventId}::uuid and status <> 'DELIVERED'
    returning id`);
  return rowsOf(result).length === 1;
}
