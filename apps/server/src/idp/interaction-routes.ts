import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { AppContext } from '#infra/app-context';
import { authenticateAccount, signUp } from './accounts';
import { registrationRules, signInRules, signInSuccessKeys, type AttemptLimiter } from './security';
import {
  field,
  readRegistration,
  idpMessages,
  pickLanguage,
  type IdpLanguage,
  messageView,
  registerView,
  signInView,
} from './pages';
import { interactionPath } from './provider';
import { forgotPasswordPath, takeResetSignInCookie } from './password-reset';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
type UidRequest = FastifyRequest<{ Params: { uid: string }; Querystring: { lang?: string } }>;

function languageOf(request: UidRequest, interaction?: Interaction): IdpLanguage {
  return pickLanguage({
    lang: request.query.lang ?? field(request.body, 'lang'),
    uiLocales: interaction?.params.ui_locales,
    acceptLanguage: request.headers['accept-language'],
  });
}

const otherLanguage = (lang: IdpLanguage): IdpLanguage => (lang === 'en' ? 'hu' : 'en');

const sendHtml = (reply: FastifyReply, html: string) =>
  reply.type('text/html; charset=utf-8').send(html);

/**
 * The interaction pages oidc-provider sends the browser to: sign-in, and registration (from the
 * sign-in page's link or `prompt=create`). They are protected by the interaction's uid cookie
 * (SameSite=Lax, path-scoped), which a cross-site form post does not carry.
 */
export async function interactionRoutes(
  app: FastifyInstance,
  options: { context: AppContext; provider: Provider; limiter: AttemptLimiter },
): Promise<void> {
  const { provider, context, limiter } = options;
  const db = context.database.db;
  const { config } = context;

  async function loadInteraction(
    request: UidRequest,
    reply: FastifyReply,
  ): Promise<Interaction | null> {
    const interaction = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
    if (interaction && interaction.uid === request.params.uid) return interaction;
    const lang = languageOf(request);
    const m = idpMessages[lang];
    await sendHtml(
      reply.status(400),
      messageView({
        lang,
        title: m.errorTitle,
        text: m.errorText,
        kind: 'error',
        linkHref: `${config.publicUrl}/`,
        linkText: m.backToApp,
      }),
    );
    return null;
  }

  const paths = (uid: string, lang: IdpLanguage) => {
    const base = `${interactionPath}/${encodeURIComponent(uid)}`;
    return {
      signIn: `${base}?lang=${lang}`,
      signInOther: `${base}?lang=${otherLanguage(lang)}`,
      login: `${base}/login`,
      register: `${base}/register?lang=${lang}`,
      registerOther: `${base}/register?lang=${otherLanguage(lang)}`,
      registerPost: `${base}/register`,
    };
  };

  const sendSignIn = (
    reply: FastifyReply,
    uid: string,
    lang: IdpLanguage,
    extra: { email?: string; error?: string } = {},
  ) => {
    const p = paths(uid, lang);
    return sendHtml(
      reply,
      signInView({
        lang,
        action: p.login,
        languageHref: p.signInOther,
        registerHref: p.register,
        forgotHref: `${forgotPasswordPath}?lang=${lang}`,
        ...extra,
      }),
    );
  };

  const sendRegister = (
    reply: FastifyReply,
    uid: string,
    lang: IdpLanguage,
    extra: Omit<Parameters<typeof registerView>[0], 'lang' | 'action' | 'languageHref'> = {},
  ) => {
    const p = paths(uid, lang);
    return sendHtml(
      reply,
      registerView({
        lang,
        action: p.registerPost,
        languageHref: p.registerOther,
        signInHref: p.signIn,
        ...extra,
      }),
    );
  };

  /** Finishes the interaction as signed in; the browser goes back to the authorization endpoint. */
  const finishSignIn = async (
    request: UidRequest,
    reply: FastifyReply,
    accountId: string,
    interaction: Interaction,
  ) => {
    const result = {
      login: { accountId, remember: true },
      ...(interaction.prompt.name === 'create' ? { create: {} } : {}),
    };
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    return reply.redirect(returnTo, 303);
  };

  app.get('/interaction/:uid', async (request: UidRequest, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return reply;
    const lang = languageOf(request, interaction);
    if (interaction.prompt.name === 'create') return sendRegister(reply, interaction.uid, lang);
    // The browser that just set a new password by a reset link is signed in without asking.
    const resetAccount = await takeResetSignInCookie(request, reply, db);
    if (resetAccount) return finishSignIn(request, reply, resetAccount, interaction);
    const hint = interaction.params.login_hint;
    return sendSignIn(reply, interaction.uid, lang, {
      ...(typeof hint === 'string' ? { email: hint } : {}),
    });
  });

  app.post('/interaction/:uid/login', async (request: UidRequest, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return reply;
    const lang = languageOf(request, interaction);
    const email = field(request.body, 'email').trim();
    const password = field(request.body, 'password');
    const attempt = await limiter.claim(signInRules(request.ip, email));
    if (attempt === null) {
      request.log.warn('idp sign-in throttled');
      return sendSignIn(reply.status(429), interaction.uid, lang, {
        email,
        error: idpMessages[lang].tooManyAttempts,
      });
    }
    let account: Awaited<ReturnType<typeof authenticateAccount>> | null = null;
    try {
      if (email && password) account = await authenticateAccount(db, { email, password });
    } catch (error) {
      // A failure of ours is not a guess: the claimed attempt does not count.
      await limiter.forgive(attempt);
      throw error;
    }
    if (!account) {
      // The claimed attempt stays counted as a failure.
      request.log.info('idp sign-in refused');
      return sendSignIn(reply, interaction.uid, lang, {
        email,
        error: idpMessages[lang].wrongCredentials,
      });
    }
    // A right password is no guess: it leaves the address's count alone and clears the account's.
    await limiter.forgive(attempt);
    await limiter.succeeded(signInSuccessKeys(request.ip, email));
    return finishSignIn(request, reply, account.id, interaction);
  });

  app.get('/interaction/:uid/register', async (request: UidRequest, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return reply;
    return sendRegister(reply, interaction.uid, languageOf(request, interaction));
  });

  app.post('/interaction/:uid/register', async (request: UidRequest, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return reply;
    const lang = languageOf(request, interaction);
    const m = idpMessages[lang];
    const attempt = await limiter.claim(
      registrationRules(request.ip, config.REGISTRATIONS_PER_ADDRESS),
    );
    if (attempt === null) {
      request.log.warn('idp registration throttled');
      return sendRegister(reply.status(429), interaction.uid, lang, { error: m.tooManyAttempts });
    }
    const { input, errors } = readRegistration(m, request.body);
    if (Object.keys(errors).length > 0) {
      await limiter.forgive(attempt);
      return sendRegister(reply.status(400), interaction.uid, lang, { values: input, errors });
    }
    const account = await signUp({ db, mailer: context.mailer, config, log: request.log }, input);
    if (!account) {
      // The same answer as a new address gets where no sign-in follows: the mail tells the owner.
      return sendHtml(
        reply,
        messageView({
          lang,
          title: m.registerTitle,
          text: m.registered,
          kind: 'success',
          linkHref: `${config.publicUrl}/`,
          linkText: m.backToApp,
        }),
      );
    }
    request.log.info({ accountId: account.id }, 'idp account registered');
    return finishSignIn(request, reply, account.id, interaction);
  });
}
