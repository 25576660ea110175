import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailText } from '../../../shared/format/email-text';
import { canChangeRole, nextRole } from '@signet/contracts/participant-roles';
import type { Participant, RoleOptions } from '@signet/contracts/participant-roles';

interface ParticipantsEditorProps {
  participants: readonly Participant[];
  onChange: (participants: Participant[]) => void;
  options: RoleOptions;
  /** The subsigner field's error is shown once the user tried to submit. */
  showErrors: boolean;
}

/** Moves the item at `from` to `to`. */
function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * The participants table of the create-chain dialog (documents §2): rank, name, e-mail, the role
 * toggle, the client's name for a clerk, remove, and reordering by drag or by the arrows.
 */
export function ParticipantsEditor({
  participants,
  onChange,
  options,
  showErrors,
}: ParticipantsEditorProps) {
  const { t } = useTranslation('chains');
  const [dragged, setDragged] = useState<number | null>(null);
  const update = (index: number, change: Partial<Participant>) =>
    onChange(participants.map((p, i) => (i === index ? { ...p, ...change } : p)));

  if (participants.length === 0) {
    return (
      <Typography color="text.secondary" data-testid="no-participants">
        {t('uploadDialog.noParticipants')}
      </Typography>
    );
  }
  return (
    <Table size="small" data-testid="participants-editor">
      <TableBody>
        {participants.map((p, index) => (
          <TableRow
            key={p.email}
            draggable
            onDragStart={() => setDragged(index)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={() => {
              if (dragged !== null && dragged !== index)
                onChange(moved(participants, dragged, index));
              setDragged(null);
            }}
            data-testid="participant-editor-row"
          >
            <TableCell padding="none" sx={{ width: 64, cursor: 'grab' }}>
              <Stack direction="row" sx={{ alignItems: 'center' }}>
                <DragIndicatorIcon fontSize="small" color="action" />
                <Typography variant="body2">{index + 1}</Typography>
              </Stack>
            </TableCell>
            <TableCell sx={{ minWidth: 0 }}>
              <Typography variant="body2">{p.name ?? p.email}</Typography>
              <Typography variant="caption" color="text.secondary">
                <EmailText email={p.email} />
              </Typography>
              {p.role === 'CLERK' && (
                <TextField
                  size="small"
                  fullWidth
                  required
                  margin="dense"
                  label={t('uploadDialog.subsignerName')}
                  value={p.subsignerName ?? ''}
                  onChange={(event) => update(index, { subsignerName: event.target.value })}
                  error={showErrors && !p.subsignerName?.trim()}
                  helperText={
                    showErrors && !p.subsignerName?.trim() ? t('uploadDialog.required') : ' '
                  }
                  slotProps={{ htmlInput: { maxLength: 255, 'data-testid': 'subsigner-name' } }}
                />
              )}
            </TableCell>
            <TableCell sx={{ width: '1%', whiteSpace: 'nowrap' }} align="right">
              <Button
                size="small"
                variant="outlined"
                onClick={() => update(index, { role: nextRole(p, options) })}
                disabled={!canChangeRole(p, options)}
                aria-label={t('uploadDialog.changeRole', { email: p.email })}
                data-testid="participant-role"
              >
                {t(`roles.${p.role}`)}
              </Button>
              <IconButton
                size="small"
                disabled={index === 0}
                aria-label={t('uploadDialog.moveUp')}
                onClick={() => onChange(moved(participants, index, index - 1))}
              >
                <ArrowUpwardIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                disabled={index === participants.length - 1}
                aria-label={t('uploadDialog.moveDown')}
                onClick={() => onChange(moved(participants, index, index + 1))}
              >
                <ArrowDownwardIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={t('uploadDialog.remove', { email: p.email })}
                onClick={() => onChange(participants.filter((_, i) => i !== index))}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
