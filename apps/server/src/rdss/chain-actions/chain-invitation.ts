import type { Chain } from '@signet/contracts/chains';
import { AppError } from '#infra/app-error';
import type { AuthUser } from '#infra/auth-types';
import { hashLinkToken } from '#infra/keys';
import {
  sameAddress,
  type ChainContext,
  announce,
  getChain,
  findChain,
  bindEntry,
} from '../chains';
import { takeInvitation } from '../notices';

/**
 * The signed-in person who opened a chain invitation takes up its entry, when their confirmed
 * address is the invited one: a forwarded mail binds nothing, and whoever else opens it is told
 * which address it is for (docs/decisions/020-confirmed-addresses.md). An owner who has not
 * confirmed the address yet is told to: confirming binds the entry.
 */
export async function acceptChainInvitation(options: {
  ctx: ChainContext;
  actor: AuthUser;
  token: string;
}): Promise<Chain> {
  const { ctx, actor, token } = options;
  const gone = () => new AppError('NOT_FOUND', 'The invitation link is not valid or has expired');
  const chainId = await ctx.database.db.transaction(async (tx) => {
    const entry = await takeInvitation(tx, hashLinkToken(token));
    if (!entry) throw gone();
    // Confirming the address already bound it (waiting-entries.ts): the link just opens it.
    if (entry.userId === actor.id) return entry.chainId;
    if (entry.userId !== null) throw gone();
    if (!sameAddress(entry.email, actor.email)) {
      throw new AppError(
        'INVITATION_FOR_ANOTHER_ADDRESS',
        `This invitation is for ${entry.email}: sign in (or register) with that address to take it up`,
        { email: entry.email },
      );
    }
    if (!actor.emailConfirmed) {
      throw new AppError(
        'ADDRESS_NOT_CONFIRMED',
        `This invitation is for ${entry.email}: confirm that address with the link mailed to it, and the chain reaches you`,
        { email: entry.email },
      );
    }
    const stored = await findChain(tx, entry.chainId, { lock: true });
    if (!stored) throw gone();
    if (stored.entries.some((e) => e.userId === actor.id)) {
      throw new AppError('INVALID_REQUEST', 'You already take part in this chain');
    }
    await bindEntry(tx, entry.id, actor.id);
    const bound = {
      ...stored,
      entries: stored.entries.map((e) => (e.id === entry.id ? { ...e, userId: actor.id } : e)),
    };
    await announce(ctx, tx, 'SIGNATURE_CHAIN_UPDATED', bound);
    return stored.chain.id;
  });
  return getChain({ ctx, actor, id: chainId });
}
