import type { FieldErrors } from './idp-forms';
import { idpMessages, type IdpLanguage } from './idp-messages';
import { escapeHtml, renderAlert, renderForm, renderLink, renderPage } from './idp-pages';

interface ViewBase {
  lang: IdpLanguage;
  /** Where the form posts to. */
  action: string;
  /** The same page in the other language. */
  languageHref: string;
  hidden?: Record<string, string>;
}

/** The sign-in page: "Email", "Password", "Sign in", and a link to registration. */
export function signInView(
  view: ViewBase & { email?: string; error?: string; registerHref: string },
): string {
  const m = idpMessages[view.lang];
  return renderPage({
    lang: view.lang,
    m,
    title: m.signInTitle,
    languageHref: view.languageHref,
    body: `${renderAlert('error', view.error)}
${renderForm({
  action: view.action,
  hidden: { lang: view.lang, ...view.hidden },
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
})}
${renderLink(m.registerLink, m.noAccount, view.registerHref)}`,
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
  return renderPage({
    lang: view.lang,
    m,
    title: m.registerTitle,
    languageHref: view.languageHref,
    body: `${renderAlert('error', view.error)}
${renderForm({
  action: view.action,
  hidden: { lang: view.lang, ...view.hidden },
  button: m.registerButton,
  fields: [
    {
      name: 'email',
      label: m.email,
      type: 'email',
      value: values.email,
      error: errors.email,
      autocomplete: 'email',
      autofocus: true,
    },
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
      name: 'password',
      label: m.password,
      type: 'password',
      error: errors.password,
      autocomplete: 'new-password',
    },
    {
      name: 'passwordConfirm',
      label: m.passwordConfirm,
      type: 'password',
      error: errors.passwordConfirm,
      autocomplete: 'new-password',
    },
  ],
})}
${view.signInHref ? renderLink(m.signInLink, m.haveAccount, view.signInHref) : ''}`,
  });
}

/** Change password: e-mail, current password, new password and confirmation. */
export function changePasswordView(
  view: ViewBase & { email?: string; errors?: FieldErrors; error?: string },
): string {
  const m = idpMessages[view.lang];
  const errors = view.errors ?? {};
  return renderPage({
    lang: view.lang,
    m,
    title: m.changePasswordTitle,
    languageHref: view.languageHref,
    body: `${renderAlert('error', view.error)}
${renderForm({
  action: view.action,
  hidden: { lang: view.lang, ...view.hidden },
  button: m.changePasswordButton,
  fields: [
    {
      name: 'email',
      label: m.email,
      type: 'email',
      value: view.email,
      error: errors.email,
      autocomplete: 'username',
      autofocus: true,
    },
    {
      name: 'currentPassword',
      label: m.currentPassword,
      type: 'password',
      error: errors.currentPassword,
      autocomplete: 'current-password',
    },
    {
      name: 'newPassword',
      label: m.newPassword,
      type: 'password',
      error: errors.newPassword,
      autocomplete: 'new-password',
    },
    {
      name: 'newPasswordConfirm',
      label: m.newPasswordConfirm,
      type: 'password',
      error: errors.newPasswordConfirm,
      autocomplete: 'new-password',
    },
  ],
})}`,
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
  return renderPage({
    lang: view.lang,
    m,
    title: m.deleteAccountTitle,
    languageHref: view.languageHref,
    body: `<p>${escapeHtml(m.deleteAccountWarning)}</p>
${renderAlert('error', view.error)}
${renderForm({
  action: view.action,
  hidden: { lang: view.lang, ...view.hidden },
  button: m.deleteAccountButton,
  buttonClass: 'danger',
  fields: [
    {
      name: 'email',
      label: m.email,
      type: 'email',
      value: view.email,
      error: errors.email,
      autocomplete: 'username',
      autofocus: true,
    },
    {
      name: 'password',
      label: m.password,
      type: 'password',
      error: errors.password,
      autocomplete: 'current-password',
    },
  ],
  extra: `<div class="check"><input id="field-confirm" name="confirm" type="checkbox" value="yes"${
    errors.confirm ? ' aria-invalid="true" aria-describedby="field-confirm-error"' : ''
  }><label for="field-confirm">${escapeHtml(m.deleteConfirm)}</label></div>${confirmError}`,
})}`,
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
