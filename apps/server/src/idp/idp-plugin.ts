import formbody from '@fastify/formbody';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '#infra/config';
import type { AppContext } from '#infra/app-context';
import type { KoaContextWithOIDC } from 'oidc-provider';
import {
  accountRoutes,
  endAccountSessions,
  logoutAccount,
  deleteExpiredPendingRegistrations,
} from './accounts';
import { createAttemptLimiter } from './security';
import { interactionRoutes } from './interaction-routes';
import { ensureIdpSecrets, deleteExpiredOidcPayloads } from './store';
import { idpAutoSubmitScript, idpStylesheet, resetTokenScript } from './pages';
import { createIdpProvider, webClientOrigins, type MountedRequest } from './provider';
import { passwordResetRoutes, deleteExpiredResets } from './password-reset';

const mountPath = '/oidc';
const sweepIntervalMs = 15 * 60 * 1000;

/**
 * Browsers apply CSP form-action to the redirects that follow a form post, so the sign-in and
 * logout forms may end on the web client's origin: in dev mode that is the Vite server.
 */
function allowClientFormAction(res: ServerResponse, config: Config): void {
  const csp = res.getHeader('content-security-policy');
  const extra = webClientOrigins(config).filter((o) => o !== new URL(config.oidcIssuer).origin);
  if (typeof csp !== 'string' || extra.length === 0) return;
  res.setHeader(
    'content-security-policy',
    csp.replace(
      /form-action ([^;]*)/,
      (_all, sources: string) => `form-action ${sources} ${extra.join(' ')}`,
    ),
  );
}

/**
 * The embedded OpenID Connect provider, registered at /oidc when no external issuer is set.
 * Signet's own pages (interaction, registration, account) are Fastify routes; every other path
 * goes to oidc-provider's callback untouched (discovery, authorize, token, jwks, userinfo, logout).
 */
export const idpPlugin: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
  const db = context.database.db;
  const secrets = await ensureIdpSecrets(db, context.keyRing);
  const provider = createIdpProvider({ config: context.config, db, secrets });
  provider.on('server_error', (_ctx: unknown, error: Error) =>
    app.log.error({ err: { name: error.name, message: error.message } }, 'idp: provider error'),
  );

  // Signing out ends every session of the account: the access tokens carry no session, only the
  // account's token version, so this is what makes the signed-out tokens answer 401 (decision 021).
  const sessionsEnded = logoutAccount(context);
  provider.on('end_session.success', (ctx: KoaContextWithOIDC) => {
    const accountId = ctx.oidc.session?.accountId;
    if (!accountId || !(ctx.oidc.params as { logout?: unknown } | undefined)?.logout) return;
    void db
      .transaction(async (tx) => {
        await endAccountSessions(tx, accountId);
        await sessionsEnded(tx, accountId);
      })
      .catch((error: unknown) =>
        app.log.error({ err: error }, 'idp: ending the sessions of a signed-out account failed'),
      );
  });

  const limiter = createAttemptLimiter({ db, windowMs: 15 * 60 * 1000 });

  const sweep = () =>
    Promise.all([
      deleteExpiredOidcPayloads(db),
      limiter.sweep(),
      deleteExpiredResets(db),
      deleteExpiredPendingRegistrations(db),
    ]).catch((error: unknown) =>
      app.log.warn({ err: error }, 'idp: removing expired sessions and attempts failed'),
    );
  void sweep();
  const timer = setInterval(() => void sweep(), sweepIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.get('/assets/idp.css', async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(idpStylesheet),
  );
  app.get('/assets/idp-auto-submit.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(idpAutoSubmitScript),
  );

  app.get('/assets/idp-reset-token.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(resetTokenScript),
  );

  await app.register(async (pages) => {
    await pages.register(formbody, { bodyLimit: 16 * 1024 });
    pages.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      allowClientFormAction(reply.raw, context.config);
    });
    await pages.register(interactionRoutes, { context, provider, limiter });
    await pages.register(accountRoutes, { context, limiter });
    await pages.register(passwordResetRoutes, { context, limiter });
  });

  // oidc-provider reads request bodies itself: this scope leaves the stream unread.
  await app.register(async (oidc: FastifyInstance) => {
    oidc.removeAllContentTypeParsers();
    oidc.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const callback = provider.callback();
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      allowClientFormAction(reply.raw, context.config);
      // The documented mounting recipe: the provider sees paths relative to its mount point and
      // recovers the prefix from originalUrl when it builds URLs.
      const req = request.raw as MountedRequest;
      const url = req.url ?? '/';
      req.originalUrl = url;
      req.url = url.startsWith(mountPath) ? url.slice(mountPath.length) || '/' : url;
      await callback(req, reply.raw);
    };
    oidc.all('/', handle);
    oidc.all('/*', handle);
  });
};
