import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '#infra/app-context';
import { changeAccountPassword, removeAccount, signUp } from './account-service';
import {
  registrationRules,
  signInRules,
  signInSuccessKeys,
  type AttemptLimiter,
  checkCsrfToken,
  issueCsrfToken,
} from '../security';
import {
  field,
  readAccountDeletion,
  readPasswordChange,
  readRegistration,
  type FieldErrors,
  idpMessages,
  pickLanguage,
  type IdpLanguage,
  type IdpMessages,
  changePasswordView,
  confirmEmailView,
  deleteAccountView,
  messageView,
  registerView,
} from '../pages';
import { confirmEmail, type Account } from './account-store';
import { completePendingRegistration } from './address-takeover';
import { logoutAccount } from './session-end';

type PageRequest = FastifyRequest<{ Querystring: { lang?: string } }>;

const html = 'text/html; charset=utf-8';

/**
 * The standalone account pages: registration (`/oidc/register`), change password
 * (`/oidc/account/password`) and delete account (`/oidc/account/delete`). The last two are the
 * remote config's `changePasswordURL` / `deleteAccountURL`. Each form carries a double-submit CSRF
 * token; every post checks it before anything else.
 */
export async function accountRoutes(
  app: FastifyInstance,
  options: { context: AppContext; limiter: AttemptLimiter },
): Promise<void> {
  const { limiter } = options;
  const { config, mailer } = options.context;
  const db = options.context.database.db;
  const appHome = `${config.publicUrl}/`;
  const sessionsEnded = logoutAccount(options.context);

  const languageOf = (request: PageRequest): IdpLanguage =>
    pickLanguage({
      lang: request.query.lang ?? field(request.body, 'lang'),
      acceptLanguage: request.headers['accept-language'],
    });

  interface FormPage {
    path: string;
    render: (
      m: IdpMessages,
      view: {
        lang: IdpLanguage;
        action: string;
        languageHref: string;
        hidden: Record<string, string>;
        values: Record<string, string>;
        errors: FieldErrors;
        error?: string;
      },
    ) => string;
    /** Validates and performs the post; returns the success text or the errors to show. */
    submit: (
      m: IdpMessages,
      request: FastifyRequest,
    ) => Promise<
      | { done: string }
      | {
          status: number;
          values: Record<string, string>;
          errors: FieldErrors;
          error?: string;
          /** The password was checked and wrong: the attempt counts. */
          wrongPassword?: true;
        }
    >;
    successTitle: (m: IdpMessages) => string;
    /**
     * Which attempt limits a post counts against: the account's password (failures count) or
     * registrations from the address (every post counts but a form error).
     */
    limits?: 'password' | 'registration';
    successLink?: (m: IdpMessages) => { href: string; text: string };
  }

  function formPage(page: FormPage): void {
    const url = `/oidc${page.path}`;
    const send = (
      request: PageRequest,
      reply: FastifyReply,
      lang: IdpLanguage,
      state: { values: Record<string, string>; errors: FieldErrors; error?: string },
    ) => {
      const csrf = issueCsrfToken(request, reply);
      return reply.type(html).send(
        page.render(idpMessages[lang], {
          lang,
          action: url,
          languageHref: `${url}?lang=${lang === 'en' ? 'hu' : 'en'}`,
          hidden: { csrf },
          ...state,
        }),
      );
    };

    app.get(page.path, async (request: PageRequest, reply) =>
      send(request, reply, languageOf(request), { values: {}, errors: {} }),
    );

    app.post(page.path, async (request: PageRequest, reply) => {
      const lang = languageOf(request);
      const m = idpMessages[lang];
      if (!checkCsrfToken(request, field(request.body, 'csrf'))) {
        return send(request, reply.status(403), lang, {
          values: {},
          errors: {},
          error: m.formExpired,
        });
      }
      const email = field(request.body, 'email');
      const rules =
        page.limits === 'password'
          ? signInRules(request.ip, email)
          : page.limits === 'registration'
            ? registrationRules(request.ip, config.REGISTRATIONS_PER_ADDRESS)
            : undefined;
      const attempt = rules ? await limiter.claim(rules) : undefined;
      if (attempt === null) {
        request.log.warn('idp account form throttled');
        return send(request, reply.status(429), lang, {
          values: { email: field(request.body, 'email') },
          errors: {},
          error: m.tooManyAttempts,
        });
      }
      let outcome: Awaited<ReturnType<FormPage['submit']>>;
      try {
        outcome = await page.submit(m, request);
      } catch (error) {
        // A failure of ours is not a guess: the claimed attempt does not count.
        if (attempt !== undefined) await limiter.forgive(attempt);
        throw error;
      }
      if (attempt !== undefined) {
        // Only a wrong password or a registration counts; a form error never reached either.
        if ('done' in outcome) {
          if (page.limits === 'password') {
            // A right password is no guess: only the account's earlier failures are cleared.
            await limiter.forgive(attempt);
            await limiter.succeeded(signInSuccessKeys(request.ip, email));
          }
        } else if (!outcome.wrongPassword) await limiter.forgive(attempt);
      }
      if ('done' in outcome) {
        const link = page.successLink?.(m) ?? { href: appHome, text: m.backToApp };
        return reply.type(html).send(
          messageView({
            lang,
            title: page.successTitle(m),
            text: outcome.done,
            kind: 'success',
            linkHref: link.href,
            linkText: link.text,
          }),
        );
      }
      return send(request, reply.status(outcome.status), lang, outcome);
    });
  }

  formPage({
    path: '/register',
    successTitle: (m) => m.registerTitle,
    limits: 'registration',
    render: (_m, view) => registerView({ ...view }),
    submit: async (m, request) => {
      const { input, errors } = readRegistration(m, request.body);
      const values = {
        email: input.email,
        givenName: input.givenName,
        familyName: input.familyName,
      };
      if (Object.keys(errors).length > 0) return { status: 400, values, errors };
      const account = await signUp({ db, mailer, config, log: request.log }, input);
      if (account) request.log.info({ accountId: account.id }, 'idp account registered');
      // The same answer whether or not the address had an account; the mail tells the owner.
      return { done: m.registered };
    },
    successLink: (m) => ({ href: appHome, text: m.signInLink }),
  });

  formPage({
    path: '/account/password',
    successTitle: (m) => m.changePasswordTitle,
    limits: 'password',
    render: (_m, view) => changePasswordView({ ...view, email: view.values.email ?? '' }),
    submit: async (m, request) => {
      const { input, errors } = readPasswordChange(m, request.body);
      const values = { email: input.email };
      if (Object.keys(errors).length > 0) return { status: 400, values, errors };
      if (!(await changeAccountPassword(db, input, sessionsEnded))) {
        request.log.info('idp password change refused');
        return { status: 400, values, errors: {}, error: m.wrongCredentials, wrongPassword: true };
      }
      request.log.info('idp password changed');
      return { done: m.passwordChanged };
    },
  });

  formPage({
    path: '/account/delete',
    successTitle: (m) => m.deleteAccountTitle,
    limits: 'password',
    render: (_m, view) => deleteAccountView({ ...view, email: view.values.email ?? '' }),
    submit: async (m, request) => {
      const { input, errors } = readAccountDeletion(m, request.body);
      const values = { email: input.email };
      if (Object.keys(errors).length > 0) return { status: 400, values, errors };
      if (!(await removeAccount(db, input, sessionsEnded))) {
        request.log.info('idp account deletion refused');
        return { status: 400, values, errors: {}, error: m.wrongCredentials, wrongPassword: true };
      }
      request.log.info('idp account deleted');
      return { done: m.accountDeleted };
    },
  });

  // The links mailed on registration (confirm) and on registering an address an unconfirmed
  // account holds (takeover). Opening one shows a button; the post acts, so a mail scanner that
  // fetches links does nothing for the reader.
  type LinkRequest = FastifyRequest<{
    Params: { token: string };
    Querystring: { lang?: string };
  }>;
  const linkPage = (
    segment: 'confirm' | 'takeover',
    act: (token: string) => Promise<Account | null>,
    logText: string,
  ) => {
    const path = `/account/${segment}/:token`;
    app.get(path, async (request: LinkRequest, reply) => {
      const lang = languageOf(request);
      const action = `/oidc/account/${segment}/${encodeURIComponent(request.params.token)}`;
      return reply.type(html).send(
        confirmEmailView({
          lang,
          action,
          languageHref: `${action}?lang=${lang === 'en' ? 'hu' : 'en'}`,
        }),
      );
    });
    app.post(path, async (request: LinkRequest, reply) => {
      const lang = languageOf(request);
      const m = idpMessages[lang];
      const account = await act(request.params.token);
      if (account) {
        request.log.info({ accountId: account.id }, logText);
        // The app's user counts the address from now on, without waiting for a new token.
        await options.context.users.confirmIdentityEmail(
          { issuer: config.oidcIssuer, subject: account.id },
          account.email,
        );
      }
      return reply
        .status(account ? 200 : 404)
        .type(html)
        .send(
          messageView({
            lang,
            title: m.confirmTitle,
            text: account ? m.emailConfirmed : m.confirmLinkInvalid,
            kind: account ? 'success' : 'error',
            linkHref: appHome,
            linkText: m.backToApp,
          }),
        );
    });
  };
  linkPage('confirm', (token) => confirmEmail(db, token), 'idp e-mail address confirmed');
  linkPage(
    'takeover',
    (token) => completePendingRegistration(db, token),
    'idp address taken over from an unconfirmed account',
  );
}
