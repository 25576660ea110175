import { buildApp } from './app';
import { ConfigError, loadConfig, secureDataDir } from '#infra/config';
import { closeContext, createContext } from '#infra/create-context';
import { bootstrapPlatform } from '#platform/public';
import { bootstrapIdp } from '#idp/public';

/** Starts Signet: read config, open and migrate the database, create the first admin, listen. */
async function main(): Promise<void> {
  // Files the server creates (database, WAL, key file) are readable by its own user only.
  process.umask(0o077);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const tightened = secureDataDir(config.dataDir);
  const context = await createContext(config);
  // PGlite lays out a new database from an archive whose entries are 0666: close them too.
  secureDataDir(config.dataDir);
  const app = await buildApp({ context });
  if (tightened > 0) {
    app.log.warn(
      { dataDir: config.dataDir, entries: tightened },
      'the data directory was open to other users: tightened to folders 0700 and files 0600',
    );
  }
  await bootstrapPlatform(context, app.log);
  if (config.embeddedIdp) await bootstrapIdp(context, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await closeContext(context);
      clearTimeout(timer);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Signet is running at ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
