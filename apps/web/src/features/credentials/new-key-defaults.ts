import type {
  CreateCredentialInput,
  CredentialAlgorithms,
  CurveName,
  RsaKeySize,
} from '@signet/contracts/credentials';

type KeyAlg = NonNullable<CreateCredentialInput['keyAlg']>;

/** What a new key is made with and how its use is authorised, as the create form starts. */
export type NewKeyChoice = Partial<
  Pick<
    CreateCredentialInput,
    'keyAlg' | 'rsaKeySize' | 'ecCurveName' | 'authMode' | 'certificateEnrollmentMode'
  >
>;

/** The key sizes and curves preferred where offered: RSA 3072, P-256 (issue 38 §5). */
const preferredRsaKeySize: RsaKeySize = 3072;
const preferredCurve: CurveName = 'prime256v1';

/** The preferred value where it is offered, else the only one offered, else none. */
function preferredOrOnly<T>(offered: readonly T[], preferred: T | undefined): T | undefined {
  if (preferred !== undefined && offered.includes(preferred)) return preferred;
  return offered.length === 1 ? offered[0] : undefined;
}

/**
 * The key size or curve a new key of `keyAlg` starts with: RSA 3072 and P-256 where offered, and
 * the only choice when there is one (SLH-DSA's single parameter set).
 */
export function keyParametersFor(
  offered: CredentialAlgorithms,
  keyAlg: KeyAlg | undefined,
): Pick<CreateCredentialInput, 'rsaKeySize' | 'ecCurveName'> {
  if (keyAlg === 'rsa') {
    const sizes = offered.rsaKeySizes.filter((size): size is RsaKeySize =>
      [2048, 3072, 4096].includes(size),
    );
    return { rsaKeySize: preferredOrOnly(sizes, preferredRsaKeySize), ecCurveName: undefined };
  }
  if (keyAlg === 'ec') {
    return {
      rsaKeySize: undefined,
      ecCurveName: preferredOrOnly(offered.ecCurveNames, preferredCurve),
    };
  }
  if (keyAlg === 'sphincs+') {
    return {
      rsaKeySize: undefined,
      ecCurveName: preferredOrOnly(offered.sphincsParameterSets, undefined),
    };
  }
  return { rsaKeySize: undefined, ecCurveName: undefined };
}

/**
 * What the create form starts with, so that a new user's first key works on a fresh install
 * (issue 38 §5): a key password they choose (EXPLICIT, no phone needed), a certificate from the
 * configured CA at once (CMP, no outside CA to wait for) and an EC P-256 key (else RSA 3072),
 * each where the server offers it; a list of one choice has it chosen. The API's own defaults
 * (platform spec §3: IMPLICIT, MANUAL) stay as they are for callers that send none.
 */
export function newKeyDefaults(offered: CredentialAlgorithms): NewKeyChoice {
  const keyAlg = preferredOrOnly(offered.keyAlgs, 'ec') ?? preferredOrOnly(offered.keyAlgs, 'rsa');
  return {
    authMode: preferredOrOnly(offered.authModes, 'EXPLICIT'),
    certificateEnrollmentMode: preferredOrOnly(offered.enrollmentModes, 'CMP'),
    keyAlg,
    ...keyParametersFor(offered, keyAlg),
  };
}
