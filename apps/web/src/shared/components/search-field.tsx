import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { debounceMs } from '@signet/contracts/limits';
import { commonNamespace } from '../i18n/namespaces';

interface SearchFieldProps {
  value: string;
  /** Called 500 ms after the last keystroke (spec platform §9), or at once when cleared. */
  onSearch: (q: string) => void;
  placeholder: string;
  /** `data-testid` of the input element. */
  testId: string;
}

/** A list's debounced search box with a clear button; its label texts come from `common`. */
export function SearchField({ value, onSearch, placeholder, testId }: SearchFieldProps) {
  const { t } = useTranslation(commonNamespace);
  const [text, setText] = useState(value);
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  }, [onSearch]);

  useEffect(() => {
    if (text.trim() === value) return undefined;
    const timer = setTimeout(() => onSearchRef.current(text.trim()), debounceMs);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <TextField
      size="small"
      label={t('actions.search')}
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.target.value)}
      sx={{ width: '100%', maxWidth: 360 }}
      slotProps={{
        htmlInput: { 'data-testid': testId },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                aria-label={t('clearSearch')}
                onClick={() => {
                  setText('');
                  onSearch('');
                }}
              >
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
