import ChecklistIcon from '@mui/icons-material/Checklist';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** The lists' toggle of their multi-select mode (documents §2). */
export function MultiSelectButton({ on, onToggle }: { on: boolean; onToggle: () => void }) {
  const { t } = useTranslation('chains');
  return (
    <Button
      variant={on ? 'contained' : 'outlined'}
      startIcon={<ChecklistIcon />}
      onClick={onToggle}
      data-testid="multi-select"
    >
      {on ? t('multiSelectOff') : t('multiSelect')}
    </Button>
  );
}
