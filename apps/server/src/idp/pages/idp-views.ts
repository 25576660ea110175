import type { FieldErrors } from './idp-forms';
import { idpMessages, type IdpLanguage, type IdpMessages } from './idp-messages';
import { passwordResetMessages } from './password-reset-messages';
import {
  escapeHtml,
  renderAlert,
  renderForm,
  renderLink,
  renderPage,
  type FieldOptions,
  type FormOptions,
} from './idp-pages';

interface ViewBase {
  lang: IdpLanguage;
  /** Where the form posts to. */
  action: string;
  /** The same page in the other language. */
  languageHref: string;
  hidden?: Record<string, string>;
}

/** A page of one form: `before`, the error alert, the form (posting to the view's action), `after`. */
function formPage(
  view: ViewBase & { error?: string | undefined },
  page: {
    title: string;
    before?: string;
    after?: string;
    form: Omit<FormOptions, 'action' | 'hidden'>;
  },
): string {
  return renderPage({
    lang: view.lang,
    m: idpMessages[view.lang],
    title: page.title,
    languageHref: view.languageHref,
    body: `${page.before ?? ''}${renderAlert('error', view.error)}
${renderForm({ action: view.action, hidden: { lang: view.lang, ...view.hidden }, ...page.form })}${page.after ?? ''}`,
  });
}

/** The e-mail field a form opens with, focused. */
const emailField = (
  m: IdpMessages,
  field: {
    value: string | undefined;
    error: string | undefined;
    autocomplete: 'email' | 'username';
  },
): FieldOptions => ({ name: 'email', label: m.email, type: 'email', ...field, autofocus: true });

/** A password field (its value is never written back). */
const passwordField = (
  name: string,
  label: string,
  error: string | undefined,
  autocomplete: 'current-password' | 'new-password',
): FieldOptions => ({ name, label, type: 'password', error, autocomplete });

/** The sign-in page: "Email", "Password", "Sign in", and a link to registration. */
export function signInView(
  view: ViewBase & { email?: string; error?: string; registerHref: string; forgotHref?: string },
): string {
  const m = idpMessages[view.lang];
  return formPage(view, {
    title: m.signInTitle,
    form: {
      button: m.signInButton,
      fields: [
        {
          name: 'email',
          label: m.email,
          type: 'email',
          value: view.email,
          autocomplete: 'username',
          autofocus: !view.email,
        },
        {
          name: 'password',
          label: m.password,
          type: 'password',
          autocomplete: 'current-password',
          autofocus: Boolean(view.email),
        },
      ],
    },
    after: `\n${view.forgotHref ? `<p class="links"><a href="${escapeHtml(view.forgotHref)}">${escapeHtml(passwordResetMessages[view.lang].forgotLink)}</a></p>\n` : ''}${renderLink(m.registerLink, m.noAccount, view.registerHref)}`,
  });
}

/** Registration: e-mail, first and last name, password and confirmation. */
export function registerView(
  view: ViewBase & {
    values?: Partial<Record<'email' | 'givenName' | 'familyName', string>>;
    errors?: FieldErrors;
    error?: string;
    signInHref?: string;
  },
): string {
  const m = idpMessages[view.lang];
  const errors = view.errors ?? {};
  const values = view.values ?? {};
  return formPage(view, {
    title: m.registerTitle,
    form: {
      button: m.registerButton,
      fields: [
        emailField(m, { value: values.email, error: errors.email, autocomplete: 'email' }),
        {
          name: 'givenName',
          label: m.givenName,
          type: 'text',
          value: values.givenName,
          error: errors.givenName,
          autocomplete: 'given-name',
        },
        {
          name: 'familyName',
          label: m.familyName,
          type: 'text',
          value: values.familyName,
          error: errors.familyName,
          autocomplete: 'family-name',
        },
        {
          ...passwordField('password', m.password, errors.password, 'new-password'),
          hint: m.passwordHint,
        },
        passwordField('passwordConfirm', m.passwordConfirm, errors.passwordConfirm, 'new-password'),
      ],
    },
    after: `\n${view.signInHref ? renderLink(m.signInLink, m.haveAccount, view.signInHref) : ''}`,
  });
}

/** Change password: e-mail, current password, new password and confirmation. */
export function changePasswordView(
  view: ViewBase & { email?: string; errors?: FieldErrors; error?: string },
): string {
  const m = idpMessages[view.lang];
  const errors = view.errors ?? {};
  return formPage(view, {
    title: m.changePasswordTitle,
    form: {
      button: m.changePasswordButton,
      fields: [
        emailField(m, { value: view.email, error: errors.email, autocomplete: 'username' }),
        passwordField(
          'currentPassword',
          m.currentPassword,
          errors.currentPassword,
          'current-password',
        ),
        {
          ...passwordField('newPassword', m.newPassword, errors.newPassword, 'new-password'),
          hint: m.passwordHint,
        },
        passwordField(
          'newPasswordConfirm',
          m.newPasswordConfirm,
          errors.newPasswordConfirm,
          'new-password',
        ),
      ],
    },
  });
}

/** Delete account: e-mail, password and an explicit confirmation box. */
export function deleteAccountView(
  view: ViewBase & { email?: string; errors?: FieldErrors; error?: string },
): string {
  const m = idpMessages[view.lang];
  const errors = view.errors ?? {};
  const confirmError = errors.confirm
    ? `<div class="field-error" id="field-confirm-error">${escapeHtml(errors.confirm)}</div>`
    : '';
  return formPage(view, {
    title: m.deleteAccountTitle,
    before: `<p>${escapeHtml(m.deleteAccountWarning)}</p>\n`,
    form: {
      button: m.deleteAccountButton,
      buttonClass: 'danger',
      fields: [
        emailField(m, { value: view.email, error: errors.email, autocomplete: 'username' }),
        passwordField('password', m.password, errors.password, 'current-password'),
      ],
      extra: `<div class="check"><input id="field-confirm" name="confirm" type="checkbox" value="yes"${
        errors.confirm ? ' aria-invalid="true" aria-describedby="field-confirm-error"' : ''
      }><label for="field-confirm">${escapeHtml(m.deleteConfirm)}</label></div>${confirmError}`,
    },
  });
}

/** Confirm e-mail address: one button, posting the link's token back. */
export function confirmEmailView(view: ViewBase): string {
  const m = idpMessages[view.lang];
  return formPage(view, {
    title: m.confirmTitle,
    before: `<p>${escapeHtml(m.confirmText)}</p>\n`,
    form: { button: m.confirmButton, fields: [] },
  });
}

/** A page with one message and a link back to Signet. */
export function messageView(view: {
  lang: IdpLanguage;
  title: string;
  text: string;
  kind: 'success' | 'error';
  linkHref: string;
  linkText: string;
}): string {
  const m = idpMessages[view.lang];
  return renderPage({
    lang: view.lang,
    m,
    title: view.title,
    body: `${renderAlert(view.kind, view.text)}
<p class="links"><a href="${escapeHtml(view.linkHref)}">${escapeHtml(view.linkText)}</a></p>`,
  });
}
