import type { Credential, DistinguishedName } from '@signet/contracts/credentials';
import type { Config } from '#infra/config';
import { fromPem } from '@signet/der';
import type { CredentialRow } from '../records';
import { describeCertificate } from './certificate-view';

/** The credential as answered: no key material, no counters beyond the two blocked flags. */
export function toCredential(
  row: CredentialRow,
  config: Pick<Config, 'KEY_PASSWORD_MAX_ATTEMPTS' | 'PUK_MAX_ATTEMPTS'>,
  now = new Date(),
): Credential {
  return {
    id: row.id,
    description: row.description,
    keyPurpose: row.keyPurpose,
    keyAlg: row.keyAlg,
    rsaKeySize: row.rsaKeySize,
    ecCurveName: row.ecCurveName,
    authMode: row.authMode,
    certificateEnrollmentMode: row.enrollmentMode,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    userId: row.userId,
    user: { id: row.userId, name: row.userName, email: row.userEmail },
    certChain: row.certChain.flatMap((pem) =>
      fromPem(pem, 'CERTIFICATE').map((bytes) => describeCertificate(bytes, now)),
    ),
    p10: row.p10,
    preauthQuantity: row.preauthQuantity,
    preauthUntil: row.preauthUntil?.toISOString() ?? null,
    xkblMode: false,
    certificateSerialNumber: row.certificateSerialNumber,
    distinguishedName: row.distinguishedName as DistinguishedName,
    keyBlocked: row.failedPasswordAttempts >= config.KEY_PASSWORD_MAX_ATTEMPTS,
    pukBlocked: row.failedPukAttempts >= config.PUK_MAX_ATTEMPTS,
  };
}
