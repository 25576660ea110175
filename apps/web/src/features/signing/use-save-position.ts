import { useTranslation } from 'react-i18next';
import { useToast } from '../../shared/components/toast';
import { useSaveProfilePosition } from './api/signing-profiles';
import type { ProfileChoice } from './sign-rules';
import { differsFromSaved } from './signature-field';
import type { FieldBox } from './signature-field';

/**
 * The "save position to profile" option of a signing screen (D§5): offered with a chosen profile,
 * enabled only when `box` differs from the profile's saved position.
 */
export function useSavePosition(profile: ProfileChoice | null, box: FieldBox) {
  const { t } = useTranslation('signing');
  const toast = useToast();
  const save = useSaveProfilePosition();
  if (!profile) return undefined;
  return {
    enabled: differsFromSaved(box, profile.savedSignatureFieldParameters),
    busy: save.isPending,
    onSave: () =>
      void save.mutateAsync({ profileId: profile.id, position: box }).then(
        () => toast.success(t('toast.positionSaved')),
        (error: unknown) => toast.error(error),
      ),
  };
}
