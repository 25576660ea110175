// accounts/: Accounts: registration, confirmation mails, address take-over, sessions ended, the
// first admin. Its public face: what the rest of the service may use of it.
export { accountRoutes } from './account-routes';
export { authenticateAccount, resendEmailConfirmation, signUp } from './account-service';
export {
  endAccountSessions,
  findAccountByEmail,
  findAccountById,
  updateAccountPassword,
  type Account,
  type SessionsEnded,
} from './account-store';
export { idpAccountUrls } from './account-urls';
export { deleteExpiredPendingRegistrations } from './address-takeover';
export { bootstrapIdp } from './bootstrap';
export { linkMail } from './link-mail';
export { logoutAccount } from './session-end';
