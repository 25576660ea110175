// security/: Password hashing and policy, sign-in attempt limits and the forms' CSRF tokens. Its
// public face: what the rest of the service may use of it.
export {
  createAttemptLimiter,
  registrationRules,
  signInRules,
  signInSuccessKeys,
  type AttemptLimiter,
  type AttemptRule,
} from './attempt-limiter';
export { checkCsrfToken, issueCsrfToken, readCookie } from './csrf';
export { dummyPasswordHash, hashPassword, verifyPassword } from './password-hash';
export { isCommonPassword, maxPasswordLength, minPasswordLength } from './password-policy';
