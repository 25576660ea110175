import AlertTitle from '@mui/material/AlertTitle';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { describeError } from '../api/error-message';
import { RetryAlert } from '../components/retry-alert';
import { commonNamespace } from '../i18n/namespaces';
import { retryList } from './list-failure';

interface ListErrorProps {
  /** What failed to load, in the list's words ("The documents could not be loaded."). */
  title: string;
  /** The call's error (`listFailure`): its catalogue message is shown under the title. */
  error: Error;
  /** Loads the list again (the query's `refetch`). */
  onRetry: () => Promise<unknown>;
}

/** A list whose call failed: what could not be loaded, why (spec platform §8), and Retry. */
export function ListError({ title, error, onRetry }: ListErrorProps) {
  const { t } = useTranslation(commonNamespace);
  const queryClient = useQueryClient();
  return (
    <RetryAlert onRetry={() => retryList(queryClient, error, onRetry)} testId="list-error">
      <AlertTitle>{title}</AlertTitle>
      {describeError(error, t)}
    </RetryAlert>
  );
}
