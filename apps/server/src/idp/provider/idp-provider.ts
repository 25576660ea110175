import type { IncomingMessage } from 'node:http';
import Provider, {
  interactionPolicy,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { Config } from '#infra/config';
import type { Db } from '#infra/database';
import { findAccountById, type Account } from '../accounts';
import { apiResource, type IdpSecrets, createOidcAdapter } from '../store';
import {
  idpMessages,
  pickLanguage,
  escapeHtml,
  idpAutoSubmitScriptPath,
  renderPage,
} from '../pages';

/** Scopes the web client asks for; all granted without a consent screen (first-party client). */
export const clientScopes = ['openid', 'email', 'profile'] as const;
/** The path every interaction (sign-in, registration) page lives under. */
export const interactionPath = '/oidc/interaction';

const accessTokenTtlSeconds = 60 * 60;

/** Redirect URIs of the web app: on the public URL, and on the Vite dev server in dev mode. */
export function webClientOrigins(config: Config): string[] {
  return config.DEV_MODE ? [config.publicUrl, 'http://localhost:5173'] : [config.publicUrl];
}

function accountClaims(account: Account) {
  return {
    sub: account.id,
    email: account.email,
    email_verified: account.emailVerifiedAt !== null,
    given_name: account.givenName,
    family_name: account.familyName,
    name: `${account.givenName} ${account.familyName}`.trim(),
  };
}

function pageLanguage(ctx: KoaContextWithOIDC) {
  const params = ctx.oidc?.params as { ui_locales?: unknown } | undefined;
  return pickLanguage({
    lang: ctx.query.lang,
    uiLocales: params?.ui_locales,
    acceptLanguage: ctx.get('accept-language'),
  });
}

/**
 * RP-initiated logout from the (first-party) web client with a valid `id_token_hint` of the
 * signed-in account ends the session without asking (RP-Initiated Logout 1.0 §6: the hint is the
 * indication that the user asked the client to log out). The provider has already checked the
 * hint's signature and audience, and the client is ours.
 */
function isHintedLogout(ctx: KoaContextWithOIDC): boolean {
  const hint = ctx.oidc.entities.IdTokenHint;
  const accountId = ctx.oidc.session?.accountId;
  return Boolean(hint && ctx.oidc.client && accountId && hint.payload.sub === accountId);
}

/**
 * The provider's logout form (xsrf field) turned into one that submits itself with logout=yes,
 * by the same-origin script file (the CSP allows no inline script); a button without JavaScript.
 */
function autoSubmitLogoutForm(form: string, continueText: string): string | null {
  if (!form.startsWith('<form ') || !form.endsWith('</form>')) return null;
  const inner = form.slice('<form '.length, -'</form>'.length);
  return `<form data-auto-submit ${inner}<input type="hidden" name="logout" value="yes"/><noscript><button type="submit">${escapeHtml(continueText)}</button></noscript></form>
<script src="${idpAutoSubmitScriptPath}"></script>`;
}

/**
 * Builds the embedded OpenID Connect provider: authorization code flow with PKCE for one public
 * client, JWT access tokens for the resource `urn:signet:api`, state in PostgreSQL.
 */
export function createIdpProvider(options: {
  config: Config;
  db: Db;
  secrets: IdpSecrets;
}): Provider {
  const { config, db, secrets } = options;
  const origins = webClientOrigins(config);

  // `prompt=create` (OpenID Connect "Initiating User Registration"): the interaction shows the
  // registration form first.
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'create', requestable: true }), 0);

  const configuration: Configuration = {
    adapter: createOidcAdapter(db),
    jwks: { keys: secrets.signingKeys as NonNullable<Configuration['jwks']>['keys'] },
    cookies: {
      keys: secrets.cookieKeys,
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    clients: [
      {
        client_id: config.OIDC_CLIENT_ID,
        client_name: 'Signet',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: origins.flatMap((origin) =>
          ['/login-callback', '/popup-callback', '/silent-callback'].map((p) => origin + p),
        ),
        post_logout_redirect_uris: origins.map((origin) => `${origin}/welcome`),
        scope: clientScopes.join(' '),
      },
    ],
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: [...clientScopes],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    clientBasedCORS: (_ctx, origin) => origins.includes(origin),
    findAccount: async (_ctx, id) => {
      const account = await findAccountById(db, id);
      if (!account) return undefined;
      return { accountId: account.id, claims: () => accountClaims(account) };
    },
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const account = await findAccountById(db, token.accountId);
      if (!account) return undefined;
      const { email, email_verified, given_name, family_name } = accountClaims(account);
      // `ver` lets the API refuse tokens of an account whose sessions were ended since.
      return { email, email_verified, given_name, family_name, ver: account.tokenVersion };
    },
    // The web app is first-party: its grant covers every scope it asks for, so no consent prompt.
    loadExistingGrant: async (ctx) => {
      const { oidc } = ctx;
      const accountId = oidc.session?.accountId;
      if (!oidc.client || !accountId) return undefined;
      const grantId =
        (oidc.result?.consent as { grantId?: string } | undefined)?.grantId ??
        oidc.session?.grantIdFor(oidc.client.clientId);
      const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      const grant =
        existing && existing.accountId === accountId
          ? existing
          : new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId });
      grant.addOIDCScope(clientScopes.join(' '));
      grant.addResourceScope(apiResource, clientScopes.join(' '));
      await grant.save();
      return grant;
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `${interactionPath}/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => apiResource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== apiResource) throw new Error('unknown resource');
          return {
            scope: clientScopes.join(' '),
            audience: apiResource,
            accessTokenFormat: 'jwt',
            accessTokenTTL: accessTokenTtlSeconds,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          const lang = pageLanguage(ctx);
          const m = idpMessages[lang];
          ctx.type = 'html';
          const autoForm = isHintedLogout(ctx)
            ? autoSubmitLogoutForm(form, m.continueButton)
            : null;
          if (autoForm) {
            ctx.body = renderPage({
              lang,
              m,
              title: m.logoutTitle,
              body: `<p>${escapeHtml(m.signingOut)}</p>\n${autoForm}`,
            });
            return;
          }
          ctx.body = renderPage({
            lang,
            m,
            title: m.logoutTitle,
            body: `${form}<p>${escapeHtml(m.logoutQuestion)}</p>
<button type="submit" form="op.logoutForm" value="yes" name="logout">${escapeHtml(m.logoutYes)}</button>
<button type="submit" form="op.logoutForm" class="secondary">${escapeHtml(m.logoutNo)}</button>`,
          });
        },
        postLogoutSuccessSource: (ctx) => {
          const lang = pageLanguage(ctx);
          const m = idpMessages[lang];
          ctx.type = 'html';
          ctx.body = renderPage({
            lang,
            m,
            title: m.logoutTitle,
            body: `<p>${escapeHtml(m.loggedOut)}</p><p class="links"><a href="${escapeHtml(config.publicUrl)}/">${escapeHtml(m.backToApp)}</a></p>`,
          });
        },
      },
    },
    ttl: {
      AccessToken: accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: accessTokenTtlSeconds,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
    },
    // Error pages show the generic text only; details stay out of the page.
    renderError: (ctx) => {
      const lang = pageLanguage(ctx);
      const m = idpMessages[lang];
      ctx.type = 'html';
      ctx.body = renderPage({
        lang,
        m,
        title: m.errorTitle,
        body: `<p>${escapeHtml(m.errorText)}</p><p class="links"><a href="${escapeHtml(config.publicUrl)}/">${escapeHtml(m.backToApp)}</a></p>`,
      });
    },
  };

  const provider = new Provider(config.oidcIssuer, configuration);
  // Behind a TLS-offloading proxy named in TRUST_PROXY the provider reads X-Forwarded-Proto/Host.
  provider.proxy = config.trustedProxies.length > 0;
  return provider;
}

/** The request as oidc-provider sees it when mounted under a prefix (hapi/nest mounting recipe). */
export type MountedRequest = IncomingMessage & { originalUrl?: string };
