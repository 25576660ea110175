import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '#infra/app-context';
import { authenticate, registerEventStream } from '#infra/http';
import { chainSignatureRoutes, chainRoutes } from './chain-actions';
import { createCheckTurns, createChainLocks } from './chains';
import { embeddedCaRoots, createSigningClient } from '#rssp/public';
import { readTrustAnchorsFile, createValidationBudget, validationRoutes } from './validation';
import {
  documentRoutes,
  postgresBlobStore,
  fileBlobStore,
  startLeftoverSweeps,
  postgresIncrementStore,
} from './documents';
import { downloadRoutes } from './downloads';
import { signatureProfileRoutes } from './profiles';
import { join } from 'node:path';
import { startChainSweeps } from './notices';
import {
  startCallbackDelivery,
  callbackRoutes,
  callbackSecretRoutes,
  rewrapCallbackSecrets,
} from './callbacks';
import { createCredentialRefService } from '#platform/public';
import { createRevisionBuffers, createSharedSha256, createPdfPool } from './pdf-work';
import { createThumbnailQueue } from './thumbnails';
import { signRoutes, type CrashPoint } from './signing';
import { loadSigningTrailInput } from './trail';

/** The rdss service's routes: its event stream, documents, signature chains and signature profiles (every call needs a bearer token). */
export const rdssPlugin: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
  registerEventStream(app, context, 'rdss');
  // The embedded database keeps document bytes (and signed increments) as files beside it; a
  // server keeps them.
  const filesDir = context.database.dataDir ? join(context.database.dataDir, 'documents') : null;
  const stores = {
    blobs: filesDir ? fileBlobStore(filesDir) : postgresBlobStore,
    increments: filesDir ? fileBlobStore(filesDir, 'increment') : postgresIncrementStore,
  };
  // What killed uploads and signatures left there goes, at start and then now and again.
  if (filesDir) {
    const stop = await startLeftoverSweeps({
      db: context.database.db,
      dir: filesDir,
      requestTimeoutSeconds: context.config.HTTP_REQUEST_TIMEOUT_SECONDS,
      log: app.log,
    });
    app.addHook('onClose', () => stop());
  }
  // Due dates and automatic reminders, swept on every instance (chain-sweeps.ts).
  const stopChainSweeps = startChainSweeps({ ...context, ...stores }, app.log);
  app.addHook('onClose', () => stopChainSweeps());
  // Callbacks to chains' externalCallbackUrl, from the outbox, on every instance (decision 042);
  // without CALLBACK_SECRET no chain gets a callback URL and nothing is sent.
  const secret = context.config.CALLBACK_SECRET;
  // Creators' own callback secrets move to the current KEK after a rotation (decision 054).
  if (context.config.KEY_ENCRYPTION_KEY_PREVIOUS) {
    await rewrapCallbackSecrets(context.database.db, context.keyRing);
  }
  const callbacks = secret
    ? startCallbackDelivery({
        database: context.database,
        config: context.config,
        secret,
        ring: context.keyRing,
        log: app.log,
      })
    : null;
  if (callbacks) app.addHook('onClose', () => callbacks.stop());
  // A notice mail that fails is logged (what failed and why, never the mail) and forgotten.
  context.background.onFailure(({ what, error }) =>
    app.log.warn({ err: error }, `Background work failed: ${what}`),
  );
  // Large buffers (uploads, revisions being signed) are used again (revision-buffers.ts).
  const buffers = createRevisionBuffers();
  // Their SHA-256 is computed on a thread of its own while they arrive (shared-sha256.ts).
  const hashes = createSharedSha256();
  app.addHook('onClose', () => hashes.close());
  // Page 1 is rendered on threads of their own too, users taking turns (thumbnail-queue.ts).
  const thumbnails = createThumbnailQueue({
    threads: 2,
    perUser: context.config.THUMBNAIL_QUEUE_PER_USER,
    size: context.config.THUMBNAIL_QUEUE_SIZE,
    timeoutMs: context.config.THUMBNAIL_TIMEOUT_SECONDS * 1000,
    heapMb: 512,
  });
  app.addHook('onClose', () => thumbnails.close());
  // Uploads are parsed and signatures prepared on a pool of threads too (pdf-pool.ts).
  const { config } = context;
  const pdf = createPdfPool({
    inflateFactor: config.PDF_INFLATE_FACTOR,
    inflateAllowanceBytes: config.PDF_INFLATE_ALLOWANCE_MB * 1024 * 1024,
    timeoutMs: config.PDF_JOB_TIMEOUT_SECONDS * 1000,
    heapMb: 256,
    trailWarmUps: config.PDF_TRAIL_WARM_UPS,
  });
  app.addHook('onClose', () => pdf.close());
  // Roots the validation page trusts besides the embedded CA's; a bad file stops the start.
  const fileAnchors = readTrustAnchorsFile(config.TRUST_ANCHORS_FILE);
  // Signers of one chain take turns; a withdrawal waits for no one and refuses while one signs.
  const locks = createChainLocks();
  await app.register(async (authenticated) => {
    authenticated.addHook('onRequest', authenticate(context));
    await authenticated.register(documentRoutes, {
      ctx: {
        database: context.database,
        ...stores,
        buffers,
        hashes,
        thumbnails,
        pdf,
        maxUploadBytes: context.config.MAX_UPLOAD_DOCUMENT_BYTES,
        storageBytesPerUser: context.config.STORAGE_BYTES_PER_USER,
      },
    });
    await authenticated.register(downloadRoutes, {
      ctx: {
        ...context,
        ...stores,
        storageBytesPerUser: context.config.STORAGE_BYTES_PER_USER,
        // An ATTACHED chain's trail for reading beside its PDF, rendered from its history now.
        renderTrail: async (chainId: string) =>
          pdf.renderTrail(await loadSigningTrailInput(context, context.database.db, chainId)),
      },
    });
    await authenticated.register(chainRoutes, {
      ctx: { ...context, ...stores, locks },
    });
    await authenticated.register(signRoutes, {
      ctx: {
        ...context,
        ...stores,
        signing: createSigningClient(context),
        refs: createCredentialRefService(context),
        locks,
        buffers,
        hashes,
        pdf,
        crashAt: testCrashPoint(),
      },
    });
    await authenticated.register(signatureProfileRoutes, { ctx: context });
    await authenticated.register(callbackRoutes, {
      ctx: { database: context.database, kickDelivery: () => callbacks?.kick() },
    });
    await authenticated.register(callbackSecretRoutes, {
      ctx: {
        database: context.database,
        keyRing: context.keyRing,
        callbacksEnabled: callbacks !== null,
      },
    });
    await authenticated.register(chainSignatureRoutes, {
      ctx: { ...context, ...stores, pdf },
    });
    await authenticated.register(validationRoutes, {
      ctx: {
        ...context,
        ...stores,
        pdf,
        maxUploadBytes: config.MAX_UPLOAD_DOCUMENT_BYTES,
        // The embedded CA's root (its TSA's certificate chains to it) and the configured ones.
        trustAnchors: async () => [...(await embeddedCaRoots(context.database.db)), ...fileAnchors],
        turns: createCheckTurns(2),
        budget: createValidationBudget(config.VALIDATIONS_PER_MINUTE),
      },
    });
  });
};

/** Tests that kill a signing server name the point (SIGNET_TEST_CRASH_AT); never outside tests. */
function testCrashPoint(): CrashPoint | undefined {
  if (process.env.NODE_ENV !== 'test') return undefined;
  const point = process.env.SIGNET_TEST_CRASH_AT;
  const points: readonly string[] = ['prepared', 'signed', 'stored', 'committed'];
  return point && points.includes(point) ? (point as CrashPoint) : undefined;
}
