import type { FieldErrors } from './idp-forms';
import { idpMessages, type IdpLanguage } from './idp-messages';
import { escapeHtml, renderAlert, renderForm, renderPage } from './idp-pages';
import { passwordResetMessages } from './password-reset-messages';

/** Where the reset page's script is served (the CSP allows no inline script). */
export const resetTokenScriptPath = '/oidc/assets/idp-reset-token.js';

/**
 * Moves the reset link's token from the fragment into the form and takes it out of the address
 * bar, so it is not kept in history; a token already in the form (a re-shown page) stays. The
 * other language's link carries it on, again as a fragment.
 */
export const resetTokenScript = `(function () {
  var field = document.querySelector('input[name="token"]');
  var token = location.hash.slice(1);
  if (field && token && !field.value) field.value = decodeURIComponent(token);
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  var other = document.querySelector('footer a');
  if (other && field && field.value) {
    other.href = other.href.split('#')[0] + '#' + encodeURIComponent(field.value);
  }
})();
`;

interface ResetViewBase {
  lang: IdpLanguage;
  action: string;
  languageHref: string;
  csrf: string;
  error?: string | undefined;
}

/** Forgot password: the account's e-mail address. */
export function forgotPasswordView(
  view: ResetViewBase & { email?: string; errors?: FieldErrors },
): string {
  const m = idpMessages[view.lang];
  const r = passwordResetMessages[view.lang];
  return renderPage({
    lang: view.lang,
    m,
    title: r.forgotTitle,
    languageHref: view.languageHref,
    body: `<p>${escapeHtml(r.forgotText)}</p>
${renderAlert('error', view.error)}
${renderForm({
  action: view.action,
  hidden: { lang: view.lang, csrf: view.csrf },
  button: r.forgotButton,
  fields: [
    {
      name: 'email',
      label: m.email,
      type: 'email',
      value: view.email,
      error: view.errors?.email,
      autocomplete: 'username',
      autofocus: true,
    },
  ],
})}`,
  });
}

/** Choose a new password: two fields and the link's token (filled in by the page's script). */
export function resetPasswordView(
  view: ResetViewBase & { token?: string; errors?: FieldErrors },
): string {
  const m = idpMessages[view.lang];
  const r = passwordResetMessages[view.lang];
  const errors = view.errors ?? {};
  return renderPage({
    lang: view.lang,
    m,
    title: r.resetTitle,
    languageHref: view.languageHref,
    body: `${renderAlert('error', view.error)}
${renderForm({
  action: view.action,
  hidden: { lang: view.lang, csrf: view.csrf, token: view.token ?? '' },
  button: r.resetButton,
  fields: [
    {
      name: 'newPassword',
      label: m.newPassword,
      type: 'password',
      error: errors.newPassword,
      autocomplete: 'new-password',
      autofocus: true,
      hint: m.passwordHint,
    },
    {
      name: 'newPasswordConfirm',
      label: m.newPasswordConfirm,
      type: 'password',
      error: errors.newPasswordConfirm,
      autocomplete: 'new-password',
    },
  ],
})}
<script src="${resetTokenScriptPath}"></script>`,
  });
}
