import { CredentialsList } from '../components/credentials-list';

/** `/credentialsAdmin`: every credential, with user and e-mail columns (admin). */
export default function CredentialsAdminPage() {
  return <CredentialsList variant="admin" />;
}
