// The public face of signing/: what the rest of the service may use of it.
export type { CrashPoint } from './sign-job';
export { signRoutes } from './sign-routes';
