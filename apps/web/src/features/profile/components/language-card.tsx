import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeSchema } from '@signet/contracts/users';
import type { Locale } from '@signet/contracts/users';
import { useToast } from '../../../shared/components/toast';
import { languageOfLocale } from '../../../shared/i18n/namespaces';
import { useUpdateSelf } from '../api/update-self';

/** The language select: a change saves at once (PUT users/self) and switches the UI. */
export function LanguageCard({ locale }: { locale: Locale }) {
  const { t, i18n } = useTranslation('profile');
  const toast = useToast();
  const updateSelf = useUpdateSelf();
  // The choice shows from the pick on, while it saves (as on the mail card).
  const [saving, setSaving] = useState<Locale | null>(null);

  const changeLocale = async (next: Locale) => {
    if (next === locale) return;
    setSaving(next);
    try {
      // The answer becomes the current user, whose locale the interface language follows.
      await updateSelf.mutateAsync({ locale: next });
      // Said in the language chosen (its strings loaded first): the interface switches a moment
      // later.
      await i18n.loadLanguages(languageOfLocale(next));
      toast.success(t('toast.languageChanged', { lng: languageOfLocale(next) }));
    } catch (error) {
      toast.error(error);
    } finally {
      setSaving(null);
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="profile-language-title">
      <CardContent>
        <Typography id="profile-language-title" variant="h6" component="h2" gutterBottom>
          {t('language.title')}
        </Typography>
        <TextField
          select
          label={t('language.label')}
          value={saving ?? locale}
          onChange={(event) => {
            const parsed = localeSchema.safeParse(event.target.value);
            if (parsed.success) void changeLocale(parsed.data);
          }}
          disabled={saving !== null}
          sx={{ minWidth: 220 }}
        >
          {localeSchema.options.map((option) => (
            <MenuItem key={option} value={option} data-testid={`profile-language-${option}`}>
              {t(`language.${option}`)}
            </MenuItem>
          ))}
        </TextField>
      </CardContent>
    </Card>
  );
}
