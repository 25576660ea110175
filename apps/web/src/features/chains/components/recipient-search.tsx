import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { debounceMs, minRecipientQueryLength } from '@signet/contracts/limits';
import type { Recipient } from '@signet/contracts/users';
import { useRecipients } from '../api/get-recipients';
import { personName } from '../chain-view';

/** A simple address pattern: enough to offer an invitation (the server checks it fully). */
const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

interface RecipientSearchProps {
  /** E-mails already in the chain, left out of the results (documents §5). */
  excluded: readonly string[];
  onPick: (recipient: Recipient) => void;
  /** An address with no account: invite it (omit to offer no invitation). */
  onInvite?: (email: string) => void;
  label: string;
  testId: string;
}

/**
 * The recipient autocomplete: 500 ms after typing stops it asks for at most 5 people (from three
 * characters on, issue 25 §7), leaves out
 * those already named, says "User not found" when none match and offers to invite an address.
 */
export function RecipientSearch({
  excluded,
  onPick,
  onInvite,
  label,
  testId,
}: RecipientSearchProps) {
  const { t } = useTranslation('chains');
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const recipients = useRecipients(q);
  const isSearchable = q.length >= minRecipientQueryLength;

  useEffect(() => {
    const timer = setTimeout(() => setQ(input.trim()), debounceMs);
    return () => clearTimeout(timer);
  }, [input]);

  const taken = new Set(excluded.map((e) => e.toLowerCase()));
  const options = (recipients.data ?? []).filter((r) => !taken.has(r.email.toLowerCase()));
  const typed = input.trim().toLowerCase();
  const settled = q === input.trim() && !recipients.isFetching;
  const canInvite =
    onInvite !== undefined &&
    settled &&
    looksLikeEmail(typed) &&
    !taken.has(typed) &&
    !options.some((r) => r.email.toLowerCase() === typed);

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: 'flex-start', flex: 1, width: '100%' }}
    >
      <Autocomplete
        sx={{ flex: 1, width: '100%' }}
        value={null}
        // Typed text stays when focus moves to the invite button.
        clearOnBlur={false}
        onChange={(_event, recipient) => {
          if (!recipient) return;
          onPick(recipient);
          setInput('');
        }}
        inputValue={input}
        onInputChange={(_event, text, reason) => {
          if (reason !== 'reset') setInput(text);
        }}
        options={isSearchable ? options : []}
        filterOptions={(all) => all}
        getOptionLabel={(r) => `${personName(r)} (${r.email})`}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        loading={recipients.isFetching}
        noOptionsText={
          isSearchable
            ? t('uploadDialog.noResult')
            : q
              ? t('uploadDialog.typeMore', { min: minRecipientQueryLength })
              : t('uploadDialog.search')
        }
        loadingText={t('common:loading')}
        renderOption={(props, r) => (
          <li {...props} key={r.id} data-testid="recipient-option">
            {personName(r)} ({r.email})
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            label={label}
            inputProps={{ ...params.inputProps, 'data-testid': testId, maxLength: 254 }}
          />
        )}
      />
      {canInvite && (
        <Button
          variant="outlined"
          startIcon={<PersonAddIcon />}
          onClick={() => {
            onInvite(typed);
            setInput('');
          }}
          data-testid="invite-recipient"
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('uploadDialog.invite', { email: typed })}
        </Button>
      )}
    </Stack>
  );
}
