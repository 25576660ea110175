import type { AppContext } from '#infra/app-context';
import type { CertificateAuthority } from './certificate-authority';
import type { KeyRing } from '#infra/keys';

/** What the rSSP's services take: the app context plus its key ring and certificate authority. */
export interface RsspContext extends Pick<
  AppContext,
  'config' | 'database' | 'events' | 'users' | 'presence'
> {
  ring: KeyRing;
  ca: CertificateAuthority;
}
