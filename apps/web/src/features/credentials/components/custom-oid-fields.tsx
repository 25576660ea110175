import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customDnFieldSchema, oidSchema } from '@signet/contracts/credentials';
import type { CustomDnField } from '@signet/contracts/credentials';
import { translateValidation } from '../validation-message';

interface CustomOidFieldsProps {
  value: readonly CustomDnField[];
  onChange: (fields: CustomDnField[]) => void;
}

/**
 * The add-custom-OID sub-form (spec platform §2, §5): OID and value, add (or modify the row being
 * edited) only when both are valid; edit and delete per row.
 */
export function CustomOidFields({ value, onChange }: CustomOidFieldsProps) {
  const { t } = useTranslation('credentials');
  const [oid, setOid] = useState('');
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const parsed = customDnFieldSchema.safeParse({ oid, value: text });
  const oidError = oid.trim() ? oidSchema.safeParse(oid).error?.issues[0]?.message : undefined;
  const valueError =
    oid.trim() && !text.trim() ? customDnFieldSchema.shape.value.safeParse(text).error : undefined;

  const reset = () => {
    setOid('');
    setText('');
    setEditing(null);
  };

  const commit = () => {
    if (!parsed.success) return;
    if (editing === null) onChange([...value, parsed.data]);
    else onChange(value.map((field, index) => (index === editing ? parsed.data : field)));
    reset();
  };

  return (
    <Stack spacing={1} sx={{ gridColumn: '1 / -1' }}>
      <Typography variant="subtitle2">{t('dialog.customOids')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems="flex-start">
        <TextField
          size="small"
          label={t('dialog.oid')}
          value={oid}
          onChange={(event) => setOid(event.target.value)}
          error={Boolean(oidError)}
          helperText={translateValidation(t, oidError) ?? ' '}
          slotProps={{ htmlInput: { 'data-testid': 'custom-oid' } }}
          sx={{ flex: 1, width: { xs: '100%', sm: 'auto' } }}
        />
        <TextField
          size="small"
          label={t('dialog.oidValue')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={Boolean(valueError)}
          helperText={valueError ? t('validation.required') : ' '}
          slotProps={{ htmlInput: { 'data-testid': 'custom-oid-value' } }}
          sx={{ flex: 1, width: { xs: '100%', sm: 'auto' } }}
        />
        <Stack direction="row" spacing={0.5} sx={{ pt: 0.25 }}>
          <Button
            variant="outlined"
            startIcon={editing === null ? <AddIcon /> : <EditIcon />}
            disabled={!parsed.success}
            onClick={commit}
            data-testid="custom-oid-add"
          >
            {editing === null ? t('dialog.addOid') : t('dialog.modifyOid')}
          </Button>
          {editing !== null && (
            <Tooltip title={t('dialog.cancelEditOid')}>
              <IconButton aria-label={t('dialog.cancelEditOid')} onClick={reset}>
                <CloseIcon />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      </Stack>
      {value.length > 0 && (
        <List dense disablePadding data-testid="custom-oid-list">
          {value.map((field, index) => (
            <ListItem
              key={`${field.oid}-${index}`}
              sx={index === editing ? { bgcolor: 'action.selected' } : undefined}
              secondaryAction={
                <>
                  <IconButton
                    size="small"
                    aria-label={t('dialog.editOid', { oid: field.oid })}
                    onClick={() => {
                      setOid(field.oid);
                      setText(field.value);
                      setEditing(index);
                    }}
                  >
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={t('dialog.deleteOid', { oid: field.oid })}
                    onClick={() => {
                      onChange(value.filter((_field, other) => other !== index));
                      if (editing === index) reset();
                    }}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </>
              }
            >
              <ListItemText
                primary={field.value}
                secondary={field.oid}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
