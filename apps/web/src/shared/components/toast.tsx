import { toastMaxWidth } from '@signet/contracts/limits';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../api/error-message';
import { commonNamespace } from '../i18n/namespaces';

type ToastSeverity = 'success' | 'error' | 'info' | 'warning';

interface ToastItem {
  id: number;
  severity: ToastSeverity;
  message: string;
}

export interface Toast {
  /** A green toast with an already translated message. */
  success(message: string): void;
  /** A blue toast with an already translated message. */
  info(message: string): void;
  /**
   * A red toast. An `ApiError` is turned into its translated catalogue message (spec §8); a string
   * is shown as is. `title` (translated) goes before the message: "Can't get …: <message>".
   */
  error(error: unknown, title?: string): void;
}

const ToastContext = createContext<Toast | null>(null);

/**
 * Shows one toast at a time at the bottom, at most 378 px wide. A new toast replaces the one on
 * screen at once: what just happened is never queued behind a stale message.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation(commonNamespace);
  const [current, setCurrent] = useState<ToastItem | null>(null);
  const [open, setOpen] = useState(false);

  const push = useCallback((severity: ToastSeverity, message: string) => {
    setCurrent({ id: Date.now() + Math.random(), severity, message });
    setOpen(true);
  }, []);

  const toast = useMemo<Toast>(
    () => ({
      success: (message) => push('success', message),
      info: (message) => push('info', message),
      error: (error, title) => {
        const message = typeof error === 'string' ? error : describeError(error, t);
        push('error', title ? `${title}: ${message}` : message);
      },
    }),
    [push, t],
  );

  const close = (_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  return (
    <ToastContext.Provider value={toast}>
      {children}
      <Snackbar
        key={current?.id}
        open={Boolean(current) && open}
        autoHideDuration={current?.severity === 'error' ? 8000 : 4000}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        sx={{ maxWidth: toastMaxWidth }}
      >
        <Alert
          severity={current?.severity ?? 'info'}
          variant="filled"
          onClose={close}
          data-testid={current ? `toast-${current.severity}` : undefined}
          sx={{ maxWidth: toastMaxWidth, width: '100%', wordBreak: 'break-word' }}
        >
          {current?.message}
        </Alert>
      </Snackbar>
    </ToastContext.Provider>
  );
}

/** `const toast = useToast(); toast.success(t('common:toast.updated')); toast.error(error);` */
export function useToast(): Toast {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast needs <ToastProvider>');
  return toast;
}
