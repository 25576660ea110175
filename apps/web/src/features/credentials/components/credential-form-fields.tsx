import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';

export interface Option<T extends string | number> {
  value: T;
  label: string;
}

type SelectFieldProps<T extends string | number> = Omit<TextFieldProps, 'value' | 'onChange'> & {
  value: T | undefined | null;
  options: readonly Option<T>[];
  onChange: (value: T) => void;
  /** An extra first option with the empty value (e.g. "None"). */
  emptyLabel?: string;
  testId?: string;
};

/** A select as a TextField: label, helper text and error like the other fields. */
export function SelectField<T extends string | number>({
  value,
  options,
  onChange,
  emptyLabel,
  testId,
  ...props
}: SelectFieldProps<T>) {
  return (
    <TextField
      {...props}
      select
      fullWidth
      value={value ?? ''}
      onChange={(event) => {
        const raw = event.target.value;
        const match = options.find((option) => String(option.value) === String(raw));
        if (match) onChange(match.value);
        else if (raw === '' && emptyLabel !== undefined) onChange('' as T);
      }}
      slotProps={{
        ...props.slotProps,
        select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } },
        htmlInput: { 'data-testid': testId },
      }}
    >
      {emptyLabel !== undefined && (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={String(option.value)} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
