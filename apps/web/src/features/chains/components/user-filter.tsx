import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { autocompleteResults, debounceMs } from '@signet/contracts/limits';
import { enabledUsersSchema } from '@signet/contracts/users';
import type { EnabledUser } from '@signet/contracts/users';
import { useApiClient } from '../../../shared/api/api-client-context';
import { queryKeys } from '../../../shared/api/query-keys';

interface UserFilterProps {
  label: string;
  value: EnabledUser | null;
  onChange: (user: EnabledUser | null) => void;
  testId: string;
}

/** The admin lists' creator and participant filters: an e-mail autocomplete over enabled users. */
export function UserFilter({ label, value, onChange, testId }: UserFilterProps) {
  const { t } = useTranslation('chains');
  const client = useApiClient();
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const users = useQuery({
    queryKey: [...queryKeys.users, 'enabled', q],
    queryFn: ({ signal }) =>
      client.get('/api/v1/users/enabled', {
        query: { q, maxResults: autocompleteResults },
        schema: enabledUsersSchema,
        signal,
      }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    const timer = setTimeout(() => setQ(input.trim()), debounceMs);
    return () => clearTimeout(timer);
  }, [input]);

  return (
    <Autocomplete
      sx={{ minWidth: 220, flex: 1 }}
      size="small"
      value={value}
      onChange={(_event, user) => onChange(user)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      options={q ? (users.data?.items ?? []) : []}
      filterOptions={(all) => all}
      getOptionLabel={(user) => user.email}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={users.isFetching}
      noOptionsText={t('uploadDialog.noResult')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          inputProps={{ ...params.inputProps, 'data-testid': testId }}
        />
      )}
    />
  );
}
