import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { linkTokenSchema } from '@signet/contracts/common';
import type { AppContext } from '#infra/app-context';
import type { Db } from '#infra/database';
import {
  type AttemptLimiter,
  type AttemptRule,
  checkCsrfToken,
  issueCsrfToken,
  readCookie,
} from '../security';
import {
  checkEmail,
  checkNewPassword,
  field,
  type FieldErrors,
  idpMessages,
  pickLanguage,
  type IdpLanguage,
  messageView,
  passwordResetMessages,
  forgotPasswordView,
  resetPasswordView,
} from '../pages';
import { interactionPath } from '../provider';
import { requestPasswordReset, resetPassword } from './password-reset-service';
import { takeResetSignIn } from './password-reset-store';
import { logoutAccount } from '../accounts';

type PageRequest = FastifyRequest<{ Querystring: { lang?: string } }>;

const html = 'text/html; charset=utf-8';
export const forgotPasswordPath = '/oidc/account/forgot';
const resetPath = '/oidc/account/reset';
/** The browser that set a new password carries its one-use sign-in to the next interaction. */
const signInCookie = 'signet_idp_reset_sign_in';

/** The reset link's token and the sign-in ticket are both `newLinkToken`s. */
const isLinkToken = (value: string) => linkTokenSchema.safeParse(value).success;

/** Reset requests in the attempt window (15 minutes): per client address, and per address asked for. */
export const resetLimits = { perClient: 10, perAccount: 3 };

function resetRules(ip: string, email: string): AttemptRule[] {
  return [
    { key: `reset|${ip}`, limit: resetLimits.perClient, mode: 'block' },
    {
      key: `reset-account|${email.trim().toLowerCase()}`,
      limit: resetLimits.perAccount,
      mode: 'block',
    },
  ];
}

/**
 * The reset's one-use sign-in, if the browser carries one: the account it signs in, or null. The
 * cookie goes either way. Called by the sign-in interaction before it shows the password form.
 */
export async function takeResetSignInCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Db,
): Promise<string | null> {
  const ticket = readCookie(request, signInCookie);
  if (!ticket) return null;
  // Appended to the raw answer: the provider sets its session cookies there when it signs in.
  reply.raw.appendHeader(
    'set-cookie',
    `${signInCookie}=; Path=${interactionPath}; HttpOnly; SameSite=Lax; Max-Age=0`,
  );
  return isLinkToken(ticket) ? takeResetSignIn(db, ticket) : null;
}

/**
 * Forgot password (`/oidc/account/forgot`, linked from the sign-in page) and the page its mailed
 * link opens (`/oidc/account/reset#<token>`). The token travels in the fragment and then in the
 * posted form, never in a URL the server or a Referer sees; opening the page changes nothing (a
 * mail scanner that fetches it uses nothing up); posting the new password uses the link.
 */
export async function passwordResetRoutes(
  app: FastifyInstance,
  options: { context: AppContext; limiter: AttemptLimiter },
): Promise<void> {
  const { context, limiter } = options;
  const { config, mailer } = context;
  const db = context.database.db;
  const ended = logoutAccount(context);

  const languageOf = (request: PageRequest): IdpLanguage =>
    pickLanguage({
      lang: request.query.lang ?? field(request.body, 'lang'),
      acceptLanguage: request.headers['accept-language'],
    });
  const otherHref = (path: string, lang: IdpLanguage) =>
    `${path}?lang=${lang === 'en' ? 'hu' : 'en'}`;

  const sendForgot = (
    request: PageRequest,
    reply: FastifyReply,
    lang: IdpLanguage,
    state: { email?: string; errors?: FieldErrors; error?: string } = {},
  ) =>
    reply.type(html).send(
      forgotPasswordView({
        lang,
        action: forgotPasswordPath,
        languageHref: otherHref(forgotPasswordPath, lang),
        csrf: issueCsrfToken(request, reply),
        ...state,
      }),
    );

  const sendReset = (
    request: PageRequest,
    reply: FastifyReply,
    lang: IdpLanguage,
    state: { token?: string; errors?: FieldErrors; error?: string } = {},
  ) =>
    reply
      .type(html)
      .header('referrer-policy', 'no-referrer')
      .send(
        resetPasswordView({
          lang,
          action: resetPath,
          languageHref: otherHref(resetPath, lang),
          csrf: issueCsrfToken(request, reply),
          ...state,
        }),
      );

  const sendMessage = (
    reply: FastifyReply,
    lang: IdpLanguage,
    page: { title: string; text: string; kind: 'success' | 'error' },
  ) =>
    reply.type(html).send(
      messageView({
        lang,
        ...page,
        linkHref: `${config.publicUrl}/`,
        linkText: idpMessages[lang].backToApp,
      }),
    );

  app.get('/account/forgot', async (request: PageRequest, reply) =>
    sendForgot(request, reply, languageOf(request)),
  );

  app.post('/account/forgot', async (request: PageRequest, reply) => {
    const lang = languageOf(request);
    const m = idpMessages[lang];
    const r = passwordResetMessages[lang];
    if (!checkCsrfToken(request, field(request.body, 'csrf'))) {
      return sendForgot(request, reply.status(403), lang, { error: m.formExpired });
    }
    const email = field(request.body, 'email').trim();
    const errors: FieldErrors = {};
    checkEmail(m, email, errors);
    if (Object.keys(errors).length > 0) {
      return sendForgot(request, reply.status(400), lang, { email, errors });
    }
    // Every request counts, whether or not the address has an account: the limit tells nothing.
    if ((await limiter.claim(resetRules(request.ip, email))) === null) {
      request.log.warn('idp password reset throttled');
      return sendForgot(request, reply.status(429), lang, { email, error: r.resetTooMany });
    }
    await requestPasswordReset({ db, mailer, config, log: request.log }, email);
    return sendMessage(reply, lang, { title: r.forgotTitle, text: r.forgotSent, kind: 'success' });
  });

  app.get('/account/reset', async (request: PageRequest, reply) =>
    sendReset(request, reply, languageOf(request)),
  );

  app.post('/account/reset', async (request: PageRequest, reply) => {
    const lang = languageOf(request);
    const m = idpMessages[lang];
    const r = passwordResetMessages[lang];
    const token = field(request.body, 'token');
    if (!checkCsrfToken(request, field(request.body, 'csrf'))) {
      return sendReset(request, reply.status(403), lang, { token, error: m.formExpired });
    }
    const invalid = () =>
      sendMessage(reply.status(400), lang, {
        title: r.resetTitle,
        text: r.resetLinkInvalid,
        kind: 'error',
      });
    if (!isLinkToken(token)) return invalid();
    const errors: FieldErrors = {};
    checkNewPassword(
      m,
      { password: 'newPassword', confirm: 'newPasswordConfirm' },
      request.body,
      errors,
    );
    // A password the policy refuses does not use the link up.
    if (Object.keys(errors).length > 0) {
      return sendReset(request, reply.status(400), lang, { token, errors });
    }
    const done = await resetPassword(
      { db, ended },
      { token, newPassword: field(request.body, 'newPassword') },
    );
    if (!done) {
      request.log.info('idp password reset refused: link unknown, used or expired');
      return invalid();
    }
    request.log.info({ accountId: done.accountId }, 'idp password reset');
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${signInCookie}=${done.signIn}; Path=${interactionPath}; HttpOnly; SameSite=Lax; Max-Age=300${secure}`,
    );
    // The web app starts its sign-in at once; the interaction finds the cookie and signs in.
    return reply.redirect(`${config.publicUrl}/welcome?signin=reset`, 303);
  });
}
