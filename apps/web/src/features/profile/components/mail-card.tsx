import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mailPreferenceSchema, type MailPreference } from '@signet/contracts/users';
import { useToast } from '../../../shared/components/toast';
import { useUpdateSelf } from '../api/update-self';

/**
 * Which mails about signature chains the user gets (issue 26 §3): every one, only "your turn"
 * (and reminders), or none. A choice saves at once (PUT users/self).
 */
export function MailCard({ preference }: { preference: MailPreference }) {
  const { t } = useTranslation('profile');
  const toast = useToast();
  const updateSelf = useUpdateSelf();
  // The choice shows from the click on, while it saves: the mutation's own state arrives a tick
  // later, and the radio would flick back to the stored choice meanwhile.
  const [saving, setSaving] = useState<MailPreference | null>(null);

  const change = async (next: MailPreference) => {
    if (next === preference) return;
    setSaving(next);
    try {
      await updateSelf.mutateAsync({ mailPreference: next });
      toast.success(t('toast.mailChanged'));
    } catch (error) {
      toast.error(error);
    } finally {
      setSaving(null);
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="profile-mail-title">
      <CardContent>
        <Typography id="profile-mail-title" variant="h6" component="h2" gutterBottom>
          {t('mail.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('mail.hint')}
        </Typography>
        <RadioGroup
          aria-labelledby="profile-mail-title"
          value={saving ?? preference}
          onChange={(event) => {
            const parsed = mailPreferenceSchema.safeParse(event.target.value);
            if (parsed.success) void change(parsed.data);
          }}
        >
          {mailPreferenceSchema.options.map((option) => (
            <FormControlLabel
              key={option}
              value={option}
              disabled={saving !== null}
              control={<Radio data-testid={`profile-mail-${option}`} />}
              label={t(`mail.${option}`)}
            />
          ))}
        </RadioGroup>
      </CardContent>
    </Card>
  );
}
