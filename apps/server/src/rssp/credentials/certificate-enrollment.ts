import type { Credential, RequestCertificate } from '@signet/contracts/credentials';
import { fromPem, requestParts, type X509Signer } from '@signet/der';
import { AppError, forbidden } from '#infra/app-error';
import type { AuthUser } from '#infra/auth-types';
import { unwrapWithKek } from '#infra/keys';
import { keySpecOfRow, type CredentialRow } from '../records';
import { chainColumns, resolveCredential, updateAndAnnounce } from './credential-service';
import { toCredential } from './credential-view';
import { createSigner, wrapAad } from '../keys';
import { commitOpened, openWithSecret, releaseAttempt } from '../custody';
import type { RsspContext } from '../context';

/**
 * Runs `use` with a signer over the credential's key: the KEK copy of a key not yet activated
 * (or of an implicit one), else the owner's key password opens it (counted like a signature).
 * An activated key signs only for its owner. The key bytes are wiped whatever happens.
 */
async function withSigner<T>(
  ctx: RsspContext,
  options: { actor: AuthUser; row: CredentialRow; keyPassword: string | undefined },
  use: (signer: X509Signer) => Promise<T>,
): Promise<T> {
  const { actor, row, keyPassword } = options;
  const spec = keySpecOfRow(row);
  if (row.status === 'ACTIVATED' && row.userId !== actor.id) {
    throw forbidden('Only the owner can renew the certificate of an activated key');
  }
  if (row.wrappedKey) {
    const pkcs8 = unwrapWithKek(ctx.ring, row.wrappedKey, wrapAad(row.id, 'kek'));
    try {
      return await use(createSigner(spec, pkcs8));
    } finally {
      pkcs8.fill(0);
    }
  }
  if (keyPassword === undefined) {
    throw new AppError('VALIDATION_FAILED', 'Validation failed', {
      keyPassword: 'Field is required',
    });
  }
  const opened = await openWithSecret(ctx, row, 'password', keyPassword);
  try {
    const result = await use(createSigner(spec, opened.pkcs8));
    await commitOpened(ctx, {
      id: row.id,
      kind: 'password',
      blob: opened.blob,
      attempt: opened.attempt,
    });
    return result;
  } catch (error) {
    // The password was right: not a wrong attempt, whatever failed (no-op once committed).
    await releaseAttempt(ctx.database.db, opened.attempt);
    throw error;
  } finally {
    opened.pkcs8.fill(0);
  }
}

/**
 * `POST credentials/{id}/certificateEnrollment`: a certificate for the credential's key from the
 * CA (CMP p10cr from its stored request, or kur renewing its certificate). The chain is stored
 * only when the CA issued it for this key; otherwise nothing changes.
 */
export async function requestCertificate(options: {
  ctx: RsspContext;
  actor: AuthUser;
  id: string;
  input: RequestCertificate;
}): Promise<Credential> {
  const { ctx, actor, id, input } = options;
  const row = await resolveCredential(ctx, actor, id, 'manage');
  const [p10] = fromPem(row.p10, 'CERTIFICATE REQUEST');
  if (!p10) throw new Error('the stored certificate request is unreadable');
  const { subject, spki } = requestParts(p10);
  const owner = await ctx.users.find(row.userId);
  const email = owner?.emailConfirmed ? owner.email : null;
  let chain: Buffer[];
  if (input.kind === 'csr') {
    chain = await ctx.ca.enroll({ kind: 'csr', subject, spki, email, p10 });
  } else {
    const [oldPem] = row.certChain ?? [];
    const [oldCertificate] = oldPem ? fromPem(oldPem, 'CERTIFICATE') : [];
    if (!oldCertificate) {
      throw new AppError('EMPTY_CERTIFICATE_CHAIN', 'The credential has no certificate to renew');
    }
    chain = await withSigner(ctx, { actor, row, keyPassword: input.keyPassword }, (signer) =>
      ctx.ca.enroll({ kind: 'renew', subject, spki, email, signer, oldCertificate }),
    );
  }
  const updated = await ctx.database.db.transaction(async (tx) => {
    const locked = await resolveCredential(ctx, actor, id, 'manage', tx);
    if (locked.publicKey !== row.publicKey)
      throw new AppError('INVALID_REQUEST', 'The key changed');
    return updateAndAnnounce(ctx, tx, id, chainColumns(chain));
  });
  return toCredential(updated, ctx.config);
}
