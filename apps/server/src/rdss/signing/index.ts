// signing/: Signing chains: a job prepared, signed by the rSSP, its evidence and its commit;
// imported credentials; the quantum-safe demo. Its public face: what the rest of the service may
// use of it.
export type { CrashPoint } from './sign-job';
export { signRoutes } from './sign-routes';
