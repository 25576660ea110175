import type { AppContext } from '#infra/app-context';
import { loadEmbeddedCa, loadExternalCa } from './ca';
import { rewrapKekBlobs } from './custody';
import type { RsspContext } from './context';

/** The production floor of the scrypt cost; lower values are for tests only. */
export const minProductionScryptLog2N = 17;

/**
 * Loads the certificate authority (the embedded one is created on first start), whose key the
 * key-encryption key of the app context wraps. During a KEK rotation (`KEY_ENCRYPTION_KEY_PREVIOUS`
 * set) moves the KEK-only blobs to the current KEK first. Refuses a scrypt cost below the floor
 * outside tests.
 */
export async function createRsspContext(context: AppContext): Promise<RsspContext> {
  const { config, database, events, users, presence, keyRing: ring } = context;
  if (config.KDF_SCRYPT_LOG2_N < minProductionScryptLog2N && process.env.NODE_ENV !== 'test') {
    throw new Error(
      `KDF_SCRYPT_LOG2_N=${config.KDF_SCRYPT_LOG2_N} is below ${minProductionScryptLog2N}; lower values are for tests only`,
    );
  }
  if (config.KEY_ENCRYPTION_KEY_PREVIOUS) await rewrapKekBlobs({ database, ring });
  const ca =
    config.CA_MODE === 'embedded'
      ? await loadEmbeddedCa({ database, ring, config })
      : loadExternalCa(config);
  return { config, database, events, users, presence, ring, ca };
}
