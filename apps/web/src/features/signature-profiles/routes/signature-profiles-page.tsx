import { ProfilesList } from '../components/profiles-list';

/** `/signatureProfiles`: the caller's signature profiles (D§2). */
export default function SignatureProfilesPage() {
  return <ProfilesList />;
}
