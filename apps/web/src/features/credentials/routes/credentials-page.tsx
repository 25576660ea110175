import { CredentialsList } from '../components/credentials-list';

/** `/credentials`: the caller's own credentials (spec platform §2). */
export default function CredentialsPage() {
  return <CredentialsList variant="own" />;
}
