// pages/: The provider's HTML pages, forms and their English and Hungarian messages. Its public
// face: what the rest of the service may use of it.
export {
  checkEmail,
  checkNewPassword,
  field,
  readAccountDeletion,
  readPasswordChange,
  readRegistration,
  type FieldErrors,
} from './idp-forms';
export { idpMessages, pickLanguage, type IdpLanguage, type IdpMessages } from './idp-messages';
export {
  escapeHtml,
  idpAutoSubmitScript,
  idpAutoSubmitScriptPath,
  idpStylesheet,
  renderPage,
} from './idp-pages';
export {
  changePasswordView,
  confirmEmailView,
  deleteAccountView,
  messageView,
  registerView,
  signInView,
} from './idp-views';
export { passwordResetMessages } from './password-reset-messages';
export { forgotPasswordView, resetPasswordView, resetTokenScript } from './password-reset-views';
