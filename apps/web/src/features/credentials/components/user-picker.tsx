import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { debounceMs } from '@signet/contracts/limits';
import type { EnabledUser } from '@signet/contracts/users';
import { useEnabledUsers } from '../api/get-enabled-users';

interface UserPickerProps {
  value: EnabledUser | null;
  onChange: (user: EnabledUser | null) => void;
  onBlur: () => void;
  error: string | undefined;
}

function userLabel(user: EnabledUser): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name ? `${name} (${user.email})` : user.email;
}

/** Admin's user picker: enabled users, autocomplete, 500 ms debounce, 5 results (spec §2, §9). */
export function UserPicker({ value, onChange, onBlur, error }: UserPickerProps) {
  const { t } = useTranslation('credentials');
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const [isOpen, setOpen] = useState(false);
  const users = useEnabledUsers(q, { enabled: isOpen });

  useEffect(() => {
    const timer = setTimeout(() => setQ(input.trim()), debounceMs);
    return () => clearTimeout(timer);
  }, [input]);

  return (
    <Autocomplete
      open={isOpen}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_event, user) => onChange(user)}
      inputValue={input}
      onInputChange={(_event, text, reason) => {
        // Picking a user writes its label into the input; that is not a new search.
        if (reason !== 'reset') setInput(text);
      }}
      options={users.data ?? []}
      filterOptions={(options) => options}
      getOptionLabel={userLabel}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      loading={users.isFetching}
      noOptionsText={t('dialog.noUsers')}
      loadingText={t('common:loading')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('dialog.user')}
          placeholder={t('dialog.userPlaceholder')}
          required
          onBlur={onBlur}
          error={Boolean(error)}
          helperText={error ?? ' '}
        />
      )}
    />
  );
}
