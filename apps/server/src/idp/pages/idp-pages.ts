import type { IdpLanguage, IdpMessages } from './idp-messages';

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The pages' one stylesheet, served at /oidc/assets/idp.css (CSP: no inline scripts anywhere). */
export const idpStylesheet = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6f8;color:#1f2933}
main{max-width:400px;margin:48px auto;padding:32px;background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.12)}
.brand{font-weight:700;font-size:1.1rem;color:#1565c0;margin-bottom:8px}
h1{font-size:1.5rem;margin:0 0 24px}
label{display:block;font-size:.9rem;margin:16px 0 4px}
input[type=email],input[type=password],input[type=text]{width:100%;padding:10px 12px;font-size:1rem;border:1px solid #b0bec5;border-radius:4px}
input[aria-invalid=true]{border-color:#c62828}
.check{display:flex;gap:8px;align-items:flex-start;margin-top:16px}
.check label{margin:0}
.field-error{color:#c62828;font-size:.85rem;margin-top:4px}
.field-hint{color:#555;font-size:.85rem;margin-top:4px}
.alert{padding:12px;border-radius:4px;margin-bottom:16px}
.alert-error{background:#fdecea;color:#b71c1c}
.alert-success{background:#e8f5e9;color:#1b5e20}
button{width:100%;margin-top:24px;padding:12px;font-size:1rem;font-weight:600;color:#fff;background:#1565c0;border:0;border-radius:4px;cursor:pointer}
button.secondary{background:#fff;color:#1565c0;border:1px solid #1565c0;margin-top:12px}
button.danger{background:#c62828}
p.links{margin-top:24px;font-size:.9rem}
a{color:#1565c0}
footer{text-align:right;font-size:.85rem;margin-top:24px}
`;

/**
 * Submits the page's `form[data-auto-submit]` (the logout confirmation for a first-party client),
 * served at /oidc/assets/idp-auto-submit.js: the CSP (script-src 'self') allows no inline script.
 */
export const idpAutoSubmitScript = `document.querySelectorAll('form[data-auto-submit]').forEach(function (form) { form.submit(); });
`;
export const idpAutoSubmitScriptPath = '/oidc/assets/idp-auto-submit.js';

export interface PageOptions {
  lang: IdpLanguage;
  m: IdpMessages;
  title: string;
  /** The same page in the other language. */
  languageHref?: string | undefined;
  body: string;
}

/** The HTML document around every identity provider page. */
export function renderPage(options: PageOptions): string {
  const { lang, m, title, languageHref, body } = options;
  const other = languageHref
    ? `<footer><a href="${escapeHtml(languageHref)}" lang="${lang === 'en' ? 'hu' : 'en'}">${escapeHtml(m.otherLanguage)}</a></footer>`
    : '';
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – ${escapeHtml(m.productName)}</title>
<link rel="stylesheet" href="/oidc/assets/idp.css">
</head>
<body>
<main>
<div class="brand">${escapeHtml(m.productName)}</div>
<h1>${escapeHtml(title)}</h1>
${body}
${other}
</main>
</body>
</html>`;
}

export interface FieldOptions {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  value?: string | undefined;
  error?: string | undefined;
  autocomplete: string;
  autofocus?: boolean;
  /** A standing note under the field (the password policy). */
  hint?: string | undefined;
}

export function renderField(field: FieldOptions): string {
  const id = `field-${field.name}`;
  const error = field.error
    ? `<div class="field-error" id="${id}-error">${escapeHtml(field.error)}</div>`
    : '';
  const hint = field.hint
    ? `<div class="field-hint" id="${id}-hint">${escapeHtml(field.hint)}</div>\n`
    : '';
  const describedBy = [field.hint ? `${id}-hint` : '', field.error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return `<label for="${id}">${escapeHtml(field.label)}</label>
<input id="${id}" name="${field.name}" type="${field.type}" autocomplete="${field.autocomplete}" required${
    field.value !== undefined && field.type !== 'password'
      ? ` value="${escapeHtml(field.value)}"`
      : ''
  }${field.autofocus ? ' autofocus' : ''}${field.error ? ' aria-invalid="true"' : ''}${
    describedBy ? ` aria-describedby="${describedBy}"` : ''
  }>
${hint}${error}`;
}

export function renderHidden(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('\n');
}

export function renderAlert(kind: 'error' | 'success', text: string | undefined): string {
  if (!text) return '';
  return `<div class="alert alert-${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${escapeHtml(text)}</div>`;
}

export interface FormOptions {
  action: string;
  hidden: Record<string, string>;
  fields: FieldOptions[];
  button: string;
  buttonClass?: string;
  /** Extra markup after the fields (a checkbox), before the button. */
  extra?: string;
}

export function renderForm(form: FormOptions): string {
  return `<form method="post" action="${escapeHtml(form.action)}" novalidate>
${renderHidden(form.hidden)}
${form.fields.map(renderField).join('\n')}
${form.extra ?? ''}
<button type="submit"${form.buttonClass ? ` class="${form.buttonClass}"` : ''}>${escapeHtml(form.button)}</button>
</form>`;
}

export function renderLink(text: string, question: string, href: string): string {
  return `<p class="links">${escapeHtml(question)} <a href="${escapeHtml(href)}">${escapeHtml(text)}</a></p>`;
}
