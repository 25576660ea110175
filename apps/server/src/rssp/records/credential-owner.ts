import { eq } from 'drizzle-orm';
import type { CredentialStatus, KeyPurpose } from '@signet/contracts/credentials';
import type { Db, Tx } from '#infra/database';
import { credentials } from './credential-table';

/** What another service may know of a credential to check whose it is and whether it signs. */
export interface CredentialOwnership {
  id: string;
  userId: string;
  status: CredentialStatus;
  keyPurpose: KeyPurpose;
}

/** The owner and state of a credential, or null when there is none with this id. */
export async function findCredentialOwnership(
  db: Db | Tx,
  id: string,
): Promise<CredentialOwnership | null> {
  const [row] = await db
    .select({
      id: credentials.id,
      userId: credentials.userId,
      status: credentials.status,
      keyPurpose: credentials.keyPurpose,
    })
    .from(credentials)
    .where(eq(credentials.id, id));
  return row ?? null;
}
