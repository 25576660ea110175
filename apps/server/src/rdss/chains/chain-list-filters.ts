import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { ChainFilter } from '@signet/contracts/chain-rules';
import { containing } from '#infra/database';
import { chains, batches, documents } from '../schema';

/** A value of a list page's query, or the placeholder that stands for it in a query built once. */
export type Slot<T> = T | Placeholder<string, T>;

/** The user's own CREATED entry that may act now (documents §4), as SQL over chain `c`. */
function actionableBy(userId: Slot<string>): SQL {
  return sql`${chains.status} = 'CREATED' and exists (
    select 1 from rdss.chain_entries e
    where e.chain_id = ${chains.id} and e.user_id = ${userId} and e.status = 'CREATED'
      and (${chains.type} = 'UNORDERED' or e.position = 0 or exists (
        select 1 from rdss.chain_entries p
        where p.chain_id = e.chain_id and p.position = e.position - 1 and p.status = 'DONE'))
  )`;
}

export function filterCondition(filter: ChainFilter, userId: Slot<string>): SQL | undefined {
  switch (filter) {
    case 'ALL':
      return undefined;
    case 'TODO':
      return actionableBy(userId);
    case 'PENDING':
      return sql`${chains.status} in ('CREATED', 'IN_PROGRESS') and not (${actionableBy(userId)})`;
    case 'SIGNED':
      return eq(chains.status, 'DONE');
    case 'FAILED':
      return eq(chains.status, 'FAILED');
  }
}

/** The user created the chain, has an entry in it or views it. */
export function memberOf(userId: Slot<string>): SQL {
  // A union of three index lookups (entries, viewers, created by): a user's few dozen chains are
  // found without looking at anyone else's (bench/chains.ts prints the plan).
  return sql`${chains.id} in (
    select e.chain_id from rdss.chain_entries e where e.user_id = ${userId}
    union select v.chain_id from rdss.chain_viewers v where v.user_id = ${userId}
    union select c.id from rdss.chains c where c.created_by = ${userId})`;
}

/** A chain's name: its document's file name, or its batch's name (bulk). */
export const chainName = sql`coalesce(${documents.fileName}, ${batches.name})`;

/** The `like` pattern of a name search; undefined when the list is not searched. */
export function searchPattern(term: string | undefined): string | undefined {
  return term?.trim() ? containing(term.trim()) : undefined;
}
