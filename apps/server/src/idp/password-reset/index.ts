// The public face of password-reset/: what the rest of the service may use of it.
export {
  forgotPasswordPath,
  passwordResetRoutes,
  takeResetSignInCookie,
} from './password-reset-routes';
export { deleteExpiredResets } from './password-reset-store';
