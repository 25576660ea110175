import { useLocation, useNavigate, useParams } from 'react-router';
import { ProfileDialog } from '../components/profile-dialog';
import { ProfilesList } from '../components/profiles-list';
import { profilePaths } from '../profile-list-query';

/** What a navigation to the dialog may carry: where to go back, an image dropped on the dashboard. */
function stateOf(state: unknown): { from: string; file?: File } {
  if (!state || typeof state !== 'object') return { from: profilePaths.list };
  const from =
    'from' in state && typeof state.from === 'string' && state.from.startsWith(profilePaths.list)
      ? state.from
      : profilePaths.list;
  const file = 'file' in state && state.file instanceof File ? state.file : undefined;
  return { from, file };
}

/**
 * `/signatureProfiles/add` and `/signatureProfiles/:signatureProfileId/update`: the create or
 * update dialog over the list.
 */
export default function SignatureProfileDialogPage() {
  const { signatureProfileId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { from, file } = stateOf(location.state);
  return (
    <>
      <ProfilesList />
      <ProfileDialog
        key={signatureProfileId ?? 'new'}
        profileId={signatureProfileId}
        initialFile={file}
        onClose={() => void navigate(from, { replace: true })}
      />
    </>
  );
}
