import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  createCredentialSchema,
  credentialDefaults,
  credentialMessages,
} from '@signet/contracts/credentials';
import type {
  CreatableKeyPurpose,
  CreateCredential,
  CreateCredentialInput,
  CredentialAlgorithms,
  DistinguishedName,
} from '@signet/contracts/credentials';
import type { EnabledUser } from '@signet/contracts/users';
import { isApiError } from '../../../shared/api/api-error';
import { useToast } from '../../../shared/components/toast';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { useCreateCredential } from '../api/create-credential';
import { useCountries } from '../api/get-countries';
import { useCredentialAlgorithms } from '../api/get-credential-algorithms';
import { keyParametersFor, newKeyDefaults } from '../new-key-defaults';
import { translateValidation } from '../validation-message';
import { CredentialFormActions } from './credential-form-actions';
import { SelectField } from './credential-form-fields';
import { CredentialFormGrid } from './credential-form-grid';
import { CustomOidFields } from './custom-oid-fields';
import { DescriptionField } from './description-field';
import { UserPicker } from './user-picker';

/** Admins without a user in the address must pick one (spec platform §5). */
const withUserSchema = createCredentialSchema.superRefine((value, ctx) => {
  if (!value.userId) {
    ctx.addIssue({ code: 'custom', path: ['userId'], message: credentialMessages.required });
  }
});

const optionalDnFields = [
  'surname',
  'givenName',
  'organization',
  'organizationalUnit',
  'localityName',
  'emailAddress',
  'serialNumber',
  'title',
  'stateOrProvinceName',
] as const;

/** Empty optional fields are absent. */
function compactDistinguishedName(dn: DistinguishedName): DistinguishedName {
  const entries = Object.entries(dn).filter(([, value]) => value !== '' && value !== undefined);
  return Object.fromEntries(entries) as DistinguishedName;
}

function fullName(user: { firstName?: string | null; lastName?: string | null }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}

interface CreateCredentialFormProps {
  /** The owner from the address (admins creating for someone); undefined → picker or self. */
  userId: string | undefined;
  isAdmin: boolean;
  onDone: () => void;
}

/** The create mode of the credential dialog (spec platform §2). */
/** The purposes the chosen algorithm can serve; all offered ones before one is chosen. */
function purposesFor(
  offered: CredentialAlgorithms | undefined,
  keyAlg: CreateCredentialInput['keyAlg'] | undefined,
): CreatableKeyPurpose[] {
  if (!offered) return [];
  return keyAlg ? (offered.keyPurposesByKeyAlg[keyAlg] ?? []) : offered.keyPurposes;
}

export function CreateCredentialForm({ userId, isAdmin, onDone }: CreateCredentialFormProps) {
  const { t, i18n } = useTranslation('credentials');
  const toast = useToast();
  const { data: currentUser } = useCurrentUser();
  const algorithms = useCredentialAlgorithms();
  const countries = useCountries(i18n.language.startsWith('hu') ? 'HU' : 'EN');
  const createCredential = useCreateCredential();
  const needsPicker = isAdmin && !userId;
  const [pickedUser, setPickedUser] = useState<EnabledUser | null>(null);

  const {
    control,
    register,
    handleSubmit,
    setValue,
    getValues,
    getFieldState,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm<CreateCredentialInput, unknown, CreateCredential>({
    resolver: zodResolver(needsPicker ? withUserSchema : createCredentialSchema),
    mode: 'onChange',
    defaultValues: {
      description: '',
      keyPurpose: credentialDefaults.keyPurpose,
      // A key a new user can use at once (issue 38 §5), from the server's choices once known.
      ...(algorithms.data
        ? newKeyDefaults(algorithms.data)
        : { authMode: 'EXPLICIT', certificateEnrollmentMode: 'CMP' }),
      userId: isAdmin ? userId : undefined,
      distinguishedName: {
        commonName: !isAdmin && currentUser ? fullName(currentUser) : '',
        countryName: '',
        customFields: [],
      },
    },
  });
  const keyAlg = useWatch({ control, name: 'keyAlg' });
  const offered = algorithms.data;

  // Choices that load after the form opened: what nobody changed yet starts where a fresh install
  // works (and a list of one has its one choice), once, so a later refetch changes nothing.
  const hasStarted = useRef(algorithms.data !== undefined);
  useEffect(() => {
    if (!offered || hasStarted.current) return;
    hasStarted.current = true;
    const defaults = newKeyDefaults(offered);
    for (const name of Object.keys(defaults) as (keyof typeof defaults)[]) {
      if (!getFieldState(name).isDirty && defaults[name] !== undefined) {
        setValue(name, defaults[name], { shouldValidate: true });
      }
    }
  }, [offered, getFieldState, setValue]);

  const submit = handleSubmit(async (values) => {
    try {
      await createCredential.mutateAsync({
        ...values,
        userId: isAdmin ? values.userId : undefined,
        distinguishedName: compactDistinguishedName(values.distinguishedName),
      });
      toast.success(t('toast.created'));
      onDone();
    } catch (error) {
      if (isApiError(error, 'VALIDATION_FAILED') && Object.keys(error.fields).length > 0) {
        for (const [field, message] of Object.entries(error.fields)) {
          setError(field as FieldPath<CreateCredentialInput>, { type: 'server', message });
        }
      }
      toast.error(error);
    }
  });

  const err = (message: string | undefined) => translateValidation(t, message);
  const curveOptions =
    keyAlg === 'ec'
      ? (offered?.ecCurveNames ?? []).map((name) => ({ value: name, label: name }))
      : keyAlg === 'sphincs+'
        ? (offered?.sphincsParameterSets ?? []).map((name) => ({ value: name, label: name }))
        : [];

  return (
    <form onSubmit={(event) => void submit(event)} noValidate style={{ display: 'contents' }}>
      <DialogContent dividers>
        {algorithms.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t('dialog.loadError')}
          </Alert>
        )}
        <CredentialFormGrid>
          {needsPicker && (
            <Box sx={{ gridColumn: '1 / -1' }}>
              <Controller
                control={control}
                name="userId"
                render={({ field, fieldState }) => (
                  <UserPicker
                    value={pickedUser}
                    onBlur={field.onBlur}
                    error={err(fieldState.error?.message)}
                    onChange={(user) => {
                      setPickedUser(user);
                      field.onChange(user?.id);
                      const commonName = getFieldState('distinguishedName.commonName');
                      if (user && !commonName.isDirty) {
                        setValue('distinguishedName.commonName', fullName(user) || user.email, {
                          shouldValidate: true,
                        });
                      }
                    }}
                  />
                )}
              />
            </Box>
          )}
          <DescriptionField registration={register('description')} error={errors.description} />
          <Controller
            control={control}
            name="keyPurpose"
            render={({ field, fieldState }) => (
              <SelectField
                label={t('dialog.keyPurpose')}
                required
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                testId="credential-key-purpose"
                options={purposesFor(offered, keyAlg).map((value) => ({
                  value,
                  label: t(`keyPurpose.${value}`),
                }))}
                error={Boolean(fieldState.error)}
                helperText={err(fieldState.error?.message) ?? ' '}
              />
            )}
          />
          <Controller
            control={control}
            name="authMode"
            render={({ field, fieldState }) => (
              <SelectField
                label={t('dialog.authMode')}
                required
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                testId="credential-auth-mode"
                options={(offered?.authModes ?? []).map((value) => ({
                  value,
                  label: t(`authMode.${value}`),
                }))}
                error={Boolean(fieldState.error)}
                // What the choice means for the person making it (issue 26 §6).
                helperText={err(fieldState.error?.message) ?? t(`authModeHelp.${field.value}`, ' ')}
              />
            )}
          />
          <Controller
            control={control}
            name="keyAlg"
            render={({ field, fieldState }) => (
              <SelectField
                label={t('dialog.keyAlg')}
                required
                value={field.value}
                onBlur={field.onBlur}
                testId="credential-key-alg"
                onChange={(value) => {
                  field.onChange(value);
                  // The new algorithm's preferred size or curve, or its only one.
                  const parameters = offered
                    ? keyParametersFor(offered, value as typeof keyAlg)
                    : { rsaKeySize: undefined, ecCurveName: undefined };
                  setValue('rsaKeySize', parameters.rsaKeySize, { shouldValidate: true });
                  setValue('ecCurveName', parameters.ecCurveName, { shouldValidate: true });
                  // A purpose the new algorithm cannot serve gives way to its first one.
                  const purposes = purposesFor(offered, value as typeof keyAlg);
                  const purpose = getValues('keyPurpose') ?? credentialDefaults.keyPurpose;
                  if (!purposes.includes(purpose)) {
                    setValue('keyPurpose', purposes[0] ?? credentialDefaults.keyPurpose, {
                      shouldValidate: true,
                    });
                  }
                }}
                options={(offered?.keyAlgs ?? []).map((value) => ({
                  value,
                  label: t(`keyAlg.${value}`),
                }))}
                error={Boolean(fieldState.error)}
                helperText={err(fieldState.error?.message) ?? ' '}
              />
            )}
          />
          {keyAlg === 'rsa' ? (
            <Controller
              control={control}
              name="rsaKeySize"
              render={({ field, fieldState }) => (
                <SelectField
                  label={t('dialog.rsaKeySize')}
                  required
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  testId="credential-rsa-key-size"
                  options={(offered?.rsaKeySizes ?? [])
                    .filter((size): size is 2048 | 3072 | 4096 => [2048, 3072, 4096].includes(size))
                    .map((size) => ({ value: size, label: String(size) }))}
                  error={Boolean(fieldState.error)}
                  helperText={err(fieldState.error?.message) ?? ' '}
                />
              )}
            />
          ) : (
            <Controller
              control={control}
              name="ecCurveName"
              render={({ field, fieldState }) => (
                <SelectField
                  label={
                    keyAlg === 'sphincs+'
                      ? t('dialog.sphincsParameterSet')
                      : t('dialog.ecCurveName')
                  }
                  required
                  disabled={!keyAlg}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  testId="credential-curve"
                  options={curveOptions}
                  error={Boolean(fieldState.error)}
                  helperText={err(fieldState.error?.message) ?? ' '}
                />
              )}
            />
          )}
          <Controller
            control={control}
            name="certificateEnrollmentMode"
            render={({ field, fieldState }) => (
              <SelectField
                label={t('dialog.enrollmentMode')}
                required
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                testId="credential-enrollment-mode"
                options={(offered?.enrollmentModes ?? []).map((value) => ({
                  value,
                  label: t(`enrollmentMode.${value}`),
                }))}
                error={Boolean(fieldState.error)}
                helperText={
                  err(fieldState.error?.message) ?? t(`enrollmentModeHelp.${field.value}`, ' ')
                }
                sx={{ gridColumn: { sm: '1 / -1' } }}
              />
            )}
          />

          <Typography variant="subtitle1" sx={{ gridColumn: '1 / -1', mt: 1, mb: 1 }}>
            {t('dialog.distinguishedName')}
          </Typography>
          <Controller
            control={control}
            name="distinguishedName.commonName"
            render={({ field, fieldState }) => (
              // Controlled: the user picker fills it in, and the label must move aside.
              <TextField
                {...field}
                label={t('dialog.commonName')}
                required
                fullWidth
                error={Boolean(fieldState.error)}
                helperText={err(fieldState.error?.message) ?? ' '}
                slotProps={{
                  htmlInput: { 'data-testid': 'credential-common-name' },
                }}
              />
            )}
          />
          <Controller
            control={control}
            name="distinguishedName.countryName"
            render={({ field, fieldState }) => (
              <SelectField
                label={t('dialog.countryName')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                emptyLabel={t('dialog.noCountry')}
                testId="credential-country"
                options={(countries.data ?? []).map((country) => ({
                  value: country.code,
                  label: country.name,
                }))}
                error={Boolean(fieldState.error)}
                helperText={err(fieldState.error?.message) ?? ' '}
              />
            )}
          />
          {optionalDnFields.map((name) => (
            <TextField
              key={name}
              {...register(`distinguishedName.${name}`)}
              label={t(`dialog.${name}`)}
              fullWidth
              type={name === 'emailAddress' ? 'email' : 'text'}
              error={Boolean(errors.distinguishedName?.[name])}
              helperText={err(errors.distinguishedName?.[name]?.message) ?? ' '}
            />
          ))}
          <Controller
            control={control}
            name="distinguishedName.customFields"
            render={({ field }) => (
              <CustomOidFields value={field.value ?? []} onChange={field.onChange} />
            )}
          />
        </CredentialFormGrid>
      </DialogContent>
      {isSubmitting && <LinearProgress aria-label={t('dialog.creating')} />}
      <CredentialFormActions
        submitLabel={t('common:actions.create')}
        canSubmit={isValid}
        isSubmitting={isSubmitting}
        onCancel={onDone}
        testId="credential-submit"
      />
    </form>
  );
}
