import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** `YYYY-MM-DDTHH:mm` of a time in the browser's zone, as a datetime-local input reads it. */
function localInputValue(at: Date): string {
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/**
 * The due date of a chain's time in the browser's zone (`YYYY-MM-DDTHH:mm`), or null when it is
 * empty; not in the past (issue 26 §3). Answers the ISO time the API takes, undefined for none,
 * or 'past'.
 */
export function dueAtOf(value: string): string | undefined | 'past' {
  if (!value) return undefined;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return undefined;
  return at.getTime() <= Date.now() ? 'past' : at.toISOString();
}

/**
 * The optional due date of a new chain (beyond the spec): not completed by then, it expires. A
 * past date says so at once (the dialog's Upload waits for a valid one).
 */
export function DueDateField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('chains');
  const isPast = dueAtOf(value) === 'past';
  return (
    <TextField
      type="datetime-local"
      label={t('uploadDialog.dueAt')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={isPast}
      helperText={isPast ? t('uploadDialog.duePast') : t('uploadDialog.dueHelp')}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { min: localInputValue(new Date()), 'data-testid': 'upload-due-at' },
      }}
    />
  );
}
