import type { UserStats } from '@signet/contracts/users';

/**
 * The dashboard counts of one user's chains. The platform answers `users/self/stats` (platform
 * §7) but the chains belong to the document service, which provides this at composition.
 */
export type ChainCounts = (userId: string) => Promise<UserStats>;
