import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import HelpIcon from '@mui/icons-material/Help';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { ValidationVerdict } from '@signet/contracts/validations';

const looks = {
  VALID: { color: 'success', icon: <CheckCircleIcon /> },
  INVALID: { color: 'error', icon: <ErrorIcon /> },
  INDETERMINATE: { color: 'warning', icon: <HelpIcon /> },
} as const;

/** A verdict as a coloured badge: green valid, red invalid, amber indeterminate. */
export function VerdictChip({ verdict, testId }: { verdict: ValidationVerdict; testId?: string }) {
  const { t } = useTranslation('validation');
  const look = looks[verdict];
  return (
    <Chip
      color={look.color}
      icon={look.icon}
      label={t(`verdicts.${verdict}`)}
      data-testid={testId}
      data-verdict={verdict}
    />
  );
}
