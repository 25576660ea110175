import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useForm } from 'react-hook-form';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { nameMaxLength } from '@signet/contracts/limits';
import { updateSelfSchema } from '@signet/contracts/users';
import type { User } from '@signet/contracts/users';
import { useToast } from '../../../shared/components/toast';
import { useUpdateSelf } from '../api/update-self';

// Both names are required here (spec platform §5: profile names required, max 255).
const namesSchema = updateSelfSchema.pick({ firstName: true, lastName: true }).required();

interface NamesFormValues {
  firstName: string;
  lastName: string;
}

function errorText(t: TFunction<'profile'>, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  if (error.message === 'Field is required') return t('validation.required');
  if (error.type === 'too_big') return t('validation.tooLong', { max: nameMaxLength });
  return t('validation.invalid');
}

interface GeneralCardProps {
  user: User;
  accountManagementUrl: string;
}

/** Names (update disabled while unchanged or invalid) and the optional manage-account link. */
export function GeneralCard({ user, accountManagementUrl }: GeneralCardProps) {
  const { t } = useTranslation(['profile', 'common']);
  const toast = useToast();
  const updateSelf = useUpdateSelf();
  const names = { firstName: user.firstName ?? '', lastName: user.lastName ?? '' };
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty, isValid, isSubmitting },
  } = useForm<NamesFormValues>({
    resolver: zodResolver(namesSchema),
    defaultValues: names,
    // A saved (or elsewhere changed) name becomes the new "unchanged" state.
    values: names,
    mode: 'onChange',
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await updateSelf.mutateAsync(values);
      toast.success(t('toast.updated'));
    } catch (error) {
      toast.error(error);
    }
  });

  return (
    <Card variant="outlined" component="section" aria-labelledby="profile-general-title">
      <form onSubmit={onSubmit} noValidate>
        <CardContent>
          <Typography id="profile-general-title" variant="h6" component="h2" gutterBottom>
            {t('general.title')}
          </Typography>
          <Stack spacing={2}>
            <TextField label={t('general.email')} value={user.email} disabled fullWidth />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                {...register('firstName')}
                label={t('general.firstName')}
                required
                autoComplete="given-name"
                error={Boolean(errors.firstName)}
                helperText={errorText(t, errors.firstName)}
                fullWidth
              />
              <TextField
                {...register('lastName')}
                label={t('general.lastName')}
                required
                autoComplete="family-name"
                error={Boolean(errors.lastName)}
                helperText={errorText(t, errors.lastName)}
                fullWidth
              />
            </Stack>
          </Stack>
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button
            type="submit"
            variant="contained"
            disabled={!isDirty || !isValid}
            loading={isSubmitting}
            data-testid="profile-update"
          >
            {t('general.update')}
          </Button>
          {accountManagementUrl && (
            <Link
              href={accountManagementUrl}
              target="_blank"
              rel="noopener noreferrer"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
            >
              {t('general.manageAccount')}
              <OpenInNewIcon fontSize="inherit" />
            </Link>
          )}
        </CardActions>
      </form>
    </Card>
  );
}
