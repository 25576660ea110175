import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { commonNamespace } from '../i18n/namespaces';

interface RetryAlertProps {
  /** Loads again (usually a query's `refetch`). */
  onRetry: () => Promise<unknown>;
  /** The translated error message. */
  children: ReactNode;
  testId?: string;
}

/** An error that loading something ended in, with a Retry button. */
export function RetryAlert({ onRetry, children, testId }: RetryAlertProps) {
  const { t } = useTranslation(commonNamespace);
  return (
    <Alert
      severity="error"
      data-testid={testId}
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry()}>
          {t('actions.retry')}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
