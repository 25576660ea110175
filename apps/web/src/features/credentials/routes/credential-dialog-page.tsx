import { useLocation, useNavigate, useParams } from 'react-router';
import { CredentialDialog } from '../components/credential-dialog';
import { CredentialsList, useCredentialViewer } from '../components/credentials-list';
import { credentialPaths, returnPath } from '../credential-paths';

/**
 * `/credentials/add`, `/credentials/:userId/add`, `/credentials/:userId?/:credentialId/update`:
 * the create/update dialog over the list it was opened from.
 */
export default function CredentialDialogPage() {
  const { userId, credentialId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const viewer = useCredentialViewer();
  const fallback =
    viewer.isAdmin && userId !== viewer.id ? credentialPaths.adminList : credentialPaths.list;
  const back = returnPath(location.state, fallback);
  const variant = back.startsWith(credentialPaths.adminList) ? 'admin' : 'own';

  return (
    <>
      <CredentialsList variant={variant} />
      <CredentialDialog
        userId={userId}
        credentialId={credentialId}
        isAdmin={viewer.isAdmin}
        onClose={() => void navigate(back, { replace: true })}
      />
    </>
  );
}
