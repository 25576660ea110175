import type { PkiStatusInfo } from '@signet/der';
import { AppError } from '#infra/app-error';

/** PKIFailureInfo bit names (RFC 4210 §5.2.3), by bit number. */
const failureNames = [
  'badAlg',
  'badMessageCheck',
  'badRequest',
  'badTime',
  'badCertId',
  'badDataFormat',
  'wrongAuthority',
  'incorrectData',
  'missingTimeStamp',
  'badPOP',
  'certRevoked',
  'certConfirmed',
  'wrongIntegrity',
  'badRecipientNonce',
  'timeNotAvailable',
  'unacceptedPolicy',
  'unacceptedExtension',
  'addInfoNotAvailable',
  'badSenderNonce',
  'badCertTemplate',
  'signerNotTrusted',
  'transactionIdInUse',
  'unsupportedVersion',
  'notAuthorized',
  'systemUnavail',
  'systemFailure',
  'duplicateCertReq',
];
const statusNames = [
  'accepted',
  'grantedWithMods',
  'rejection',
  'waiting',
  'revocationWarning',
  'revocationNotification',
  'keyUpdateWarning',
];

/** The CA's own words for a status: its texts, then the status and failure bits by name. */
export function describeStatus(info: PkiStatusInfo): string {
  const failures = info.failInfo.map((bit) => failureNames[bit] ?? `bit ${bit}`);
  const status = statusNames[info.status] ?? `status ${info.status}`;
  return [...info.texts, `${status}${failures.length > 0 ? ` (${failures.join(', ')})` : ''}`]
    .filter(Boolean)
    .join('; ');
}

/** CA_ENROLLMENT_FAILED with what the CA said (or what was wrong with its answer). */
export const caFailure = (text: string): AppError =>
  new AppError('CA_ENROLLMENT_FAILED', `The certificate authority refused the enrollment: ${text}`);
