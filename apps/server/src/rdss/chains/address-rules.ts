import { AppError } from '#infra/app-error';
import type { AuthUser } from '#infra/auth-types';

/** Two spellings of one address (addresses compare without case, docs/decisions/020). */
export const sameAddress = (a: string, b: string) =>
  a.trim().toLowerCase() === b.trim().toLowerCase();

/** Only a user who proved their own address makes Signet mail other people (invitations). */
export function mayMailOthers(actor: AuthUser): void {
  if (!actor.emailConfirmed) {
    throw new AppError(
      'ADDRESS_NOT_CONFIRMED',
      `Confirm your e-mail address ${actor.email} first (open the link mailed to it): until then Signet sends no invitations for you`,
    );
  }
}
