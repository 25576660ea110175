import type { CreateCredential } from '@signet/contracts/credentials';
import { AppError } from '#infra/app-error';
import type { CredentialRow } from './credential-table';
import { supportedEcCurves, type KeySpec } from '../keys';

/** The key a credential request names; an unsupported one fails validation. */
export function keySpecOf(
  input: Pick<CreateCredential, 'keyAlg' | 'rsaKeySize' | 'ecCurveName'>,
): KeySpec {
  if (input.keyAlg === 'rsa' && input.rsaKeySize)
    return { keyAlg: 'rsa', rsaKeySize: input.rsaKeySize };
  if (input.keyAlg === 'ec' && input.ecCurveName && input.ecCurveName !== 'sphincs-sha2-128f') {
    if (!supportedEcCurves().includes(input.ecCurveName)) {
      throw new AppError('VALIDATION_FAILED', 'Validation failed', {
        ecCurveName: 'This curve is not supported by the server',
      });
    }
    return { keyAlg: 'ec', curve: input.ecCurveName };
  }
  if (input.keyAlg === 'sphincs+' && input.ecCurveName === 'sphincs-sha2-128f') {
    return { keyAlg: 'sphincs+', parameterSet: input.ecCurveName };
  }
  throw new AppError('VALIDATION_FAILED', 'Validation failed', {
    keyAlg: 'Unsupported key algorithm',
  });
}

/** The key a stored credential holds, as key-algorithms.ts generates and signs with it. */
export function keySpecOfRow(row: CredentialRow): KeySpec {
  return keySpecOf({
    keyAlg: row.keyAlg as CreateCredential['keyAlg'],
    rsaKeySize: (row.rsaKeySize ?? undefined) as CreateCredential['rsaKeySize'],
    ecCurveName: (row.ecCurveName ?? undefined) as CreateCredential['ecCurveName'],
  });
}
