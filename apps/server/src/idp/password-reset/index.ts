// password-reset/: "Forgot password?": the one-use link, its mail, its pages and the reset. Its
// public face: what the rest of the service may use of it.
export {
  forgotPasswordPath,
  passwordResetRoutes,
  takeResetSignInCookie,
} from './password-reset-routes';
export { deleteExpiredResets } from './password-reset-store';
