import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { emailMaxLength, nameMaxLength, userDialogWidth } from '@signet/contracts/limits';
import {
  assignableRoles,
  createUserSchema,
  localeSchema,
  personNameSchema,
  updateUserSchema,
} from '@signet/contracts/users';
import type { Locale, User, UserStatus } from '@signet/contracts/users';
import { isApiError } from '../../../shared/api/api-error';
import { describeError } from '../../../shared/api/error-message';
import { useToast } from '../../../shared/components/toast';
import { useCreateUser } from '../api/create-user';
import { useDefaultRoles } from '../api/get-default-roles';
import { useUpdateUser } from '../api/update-user';
import { toAssignableRoles } from '../user-roles';
import type { AssignableRole } from '../user-roles';

// Every field of the dialog is present on submit, so both calls get the whole form; a name left
// empty is sent as none.
const createFormSchema = createUserSchema.required().extend({
  firstName: personNameSchema.or(z.literal('')).optional(),
  lastName: personNameSchema.or(z.literal('')).optional(),
});
// The names are the person's own (My profile): shown, never sent.
const updateFormSchema = updateUserSchema
  .required()
  .extend({ firstName: z.string().optional(), lastName: z.string().optional() });

interface UserFormValues {
  email: string;
  firstName?: string;
  lastName?: string;
  roles: AssignableRole[];
  status: UserStatus;
  verificationMandatory: boolean;
  locale: Locale;
}

type FormField = keyof UserFormValues;
const formFields: readonly FormField[] = [
  'email',
  'firstName',
  'lastName',
  'roles',
  'status',
  'verificationMandatory',
  'locale',
];

function isFormField(name: string): name is FormField {
  return (formFields as readonly string[]).includes(name);
}

type FieldErrorLike = Pick<FieldError, 'message'> & { type?: string | undefined };

/**
 * The translated text of a field error. The contract's messages ("email must be valid",
 * "Field is required") are looked up; a server's field message is shown as it came.
 */
function errorText(
  t: TFunction<'users'>,
  error: FieldErrorLike | undefined,
  value?: string,
): string | undefined {
  if (!error) return undefined;
  if (value !== undefined && value.trim() === '') return t('validation.required');
  if (error.message === 'email must be valid') return t('validation.email');
  if (error.message === 'Field is required') return t('validation.required');
  if (error.type === 'too_big') return t('validation.tooLong', { max: emailMaxLength });
  if ((error.type === 'server' || error.type === 'validate') && error.message) {
    return error.message;
  }
  return t('validation.invalid');
}

interface UserDialogProps {
  /** The user to update; create mode without it. */
  user?: User;
  onClose: () => void;
}

/** Create or update a user (spec platform §2), 496 wide. Mount it only while open. */
export function UserDialog({ user, onClose }: UserDialogProps) {
  const { t } = useTranslation(['users', 'common']);
  const toast = useToast();
  const isUpdate = user !== undefined;
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const defaultRoles = useDefaultRoles({ enabled: !isUpdate });

  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UserFormValues>({
    resolver: isUpdate ? zodResolver(updateFormSchema) : zodResolver(createFormSchema),
    // A new user starts ENABLED with the default roles (issue 25 §9: a SUSPENDED default met the
    // person with "Account suspended" after the welcome).
    defaultValues: {
      email: user?.email ?? '',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      roles: toAssignableRoles(user?.roles ?? []),
      status: user?.status ?? 'ENABLED',
      verificationMandatory: user?.verificationMandatory ?? false,
      locale: user?.locale ?? 'EN',
    },
    // The default roles arrive after the dialog opens; apply them while the form is untouched.
    values:
      !isUpdate && defaultRoles.data
        ? {
            email: '',
            firstName: '',
            lastName: '',
            roles: toAssignableRoles(defaultRoles.data),
            status: 'ENABLED',
            verificationMandatory: false,
            locale: 'EN',
          }
        : undefined,
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { firstName, lastName, ...rest } = values;
      if (user) {
        await updateUser.mutateAsync({ id: user.id, body: rest });
        toast.success(t('toast.updated'));
      } else {
        await createUser.mutateAsync({
          ...rest,
          ...(firstName?.trim() ? { firstName } : {}),
          ...(lastName?.trim() ? { lastName } : {}),
        });
        toast.success(t('toast.created'));
      }
      onClose();
    } catch (error) {
      if (isApiError(error, 'ALREADY_EXISTS')) {
        setError(
          'email',
          // P§8: "{0} already exists" with the first word of the server's message.
          {
            type: 'server',
            message: describeError(error, (key, options) => t(`common:${key}`, options)),
          },
          {
            shouldFocus: true,
          },
        );
        return;
      }
      if (isApiError(error, 'VALIDATION_FAILED')) {
        const fields = Object.entries(error.fields).filter(([name]) => isFormField(name));
        for (const [name, message] of fields) {
          if (isFormField(name)) setError(name, { type: 'validate', message });
        }
        if (fields.length > 0) return;
      }
      toast.error(error);
    }
  });

  const email = useWatch({ control, name: 'email' });

  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      aria-labelledby="user-dialog-title"
      slotProps={{ paper: { sx: { width: userDialogWidth, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="user-dialog-title">
          {t(isUpdate ? 'dialog.updateTitle' : 'dialog.createTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {user ? (
                <>
                  <TextField
                    label={t('dialog.firstName')}
                    value={user.firstName ?? ''}
                    disabled
                    fullWidth
                  />
                  <TextField
                    label={t('dialog.lastName')}
                    value={user.lastName ?? ''}
                    disabled
                    fullWidth
                  />
                </>
              ) : (
                <>
                  <TextField
                    {...register('firstName')}
                    label={t('dialog.firstName')}
                    autoComplete="off"
                    error={Boolean(errors.firstName)}
                    helperText={errorText(t, errors.firstName)}
                    slotProps={{ htmlInput: { maxLength: nameMaxLength } }}
                    fullWidth
                  />
                  <TextField
                    {...register('lastName')}
                    label={t('dialog.lastName')}
                    autoComplete="off"
                    error={Boolean(errors.lastName)}
                    helperText={errorText(t, errors.lastName)}
                    slotProps={{ htmlInput: { maxLength: nameMaxLength } }}
                    fullWidth
                  />
                </>
              )}
            </Stack>
            <TextField
              {...register('email')}
              label={t('dialog.email')}
              type="email"
              autoComplete="off"
              required
              autoFocus={!isUpdate}
              error={Boolean(errors.email)}
              helperText={errorText(t, errors.email, email)}
              fullWidth
            />
            <Controller
              control={control}
              name="roles"
              render={({ field }) => (
                <FormControl component="fieldset" error={Boolean(errors.roles)}>
                  <FormLabel component="legend" sx={{ mb: 1 }}>
                    {t('dialog.roles')}
                  </FormLabel>
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                    {assignableRoles.map((role) => {
                      const isSelected = field.value.includes(role);
                      return (
                        <Chip
                          key={role}
                          label={t(`roles.${role}`)}
                          color={isSelected ? 'primary' : 'default'}
                          variant={isSelected ? 'filled' : 'outlined'}
                          aria-pressed={isSelected}
                          data-testid={`role-${role}`}
                          onClick={() =>
                            field.onChange(
                              isSelected
                                ? field.value.filter((selected) => selected !== role)
                                : assignableRoles.filter(
                                    (candidate) =>
                                      candidate === role || field.value.includes(candidate),
                                  ),
                            )
                          }
                        />
                      );
                    })}
                  </Stack>
                  {errors.roles && <FormHelperText>{errorText(t, errors.roles)}</FormHelperText>}
                </FormControl>
              )}
            />
            <Controller
              control={control}
              name="status"
              render={({ field }) => (
                <FormControl>
                  <FormControlLabel
                    control={
                      <Switch
                        checked={field.value === 'ENABLED'}
                        onChange={(event) =>
                          field.onChange(event.target.checked ? 'ENABLED' : 'SUSPENDED')
                        }
                        onBlur={field.onBlur}
                        inputRef={field.ref}
                      />
                    }
                    label={t('dialog.status')}
                  />
                  <FormHelperText sx={{ mt: 0, mx: 0 }}>{t('dialog.statusHelp')}</FormHelperText>
                </FormControl>
              )}
            />
            <Controller
              control={control}
              name="verificationMandatory"
              render={({ field }) => (
                <FormControl>
                  <FormControlLabel
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                        onBlur={field.onBlur}
                        inputRef={field.ref}
                      />
                    }
                    label={t('dialog.verificationMandatory')}
                  />
                </FormControl>
              )}
            />
            <Controller
              control={control}
              name="locale"
              render={({ field }) => (
                <TextField
                  select
                  label={t('dialog.language')}
                  required
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={Boolean(errors.locale)}
                  helperText={errorText(t, errors.locale)}
                  fullWidth
                >
                  {localeSchema.options.map((locale) => (
                    <MenuItem key={locale} value={locale}>
                      {t(`languages.${locale}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t(isUpdate ? 'common:actions.update' : 'common:actions.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
