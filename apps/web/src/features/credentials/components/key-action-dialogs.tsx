import { useCallback, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Credential } from '@signet/contracts/credentials';
import { isApiError } from '../../../shared/api/api-error';
import { useToast } from '../../../shared/components/toast';
import { useRemoteConfig } from '../../../shared/hooks/use-remote-config';
import { useActivateCredential } from '../api/activate-credential';
import { ActivationDialog } from './activation-dialog';
import { ChangePasswordDialog } from './change-password-dialog';
import { ChangePukDialog } from './change-puk-dialog';
import { NoDeviceDialog } from './no-device-dialog';
import { ApprovalWaitDialog } from '../../../shared/approval/approval-wait-dialog';
import { PukDialog } from './puk-dialog';
import { UnlockDialog } from './unlock-dialog';

export type KeyAction = 'activate' | 'changePassword' | 'unlock' | 'changePuk';

const noDeviceText = 'There are no enabled devices';

/** `NO_ENABLED_DEVICES`, or its message with a client prefix (spec platform §4). */
export function isNoDeviceError(error: unknown): boolean {
  return (
    isApiError(error, 'NO_ENABLED_DEVICES') ||
    (error instanceof Error && error.message.includes(noDeviceText))
  );
}

interface ImplicitWait {
  credential: Credential;
  deadline: number;
  controller: AbortController;
}

/**
 * The key-password dialogs of a credential (spec platform §4): explicit activation with the
 * one-time PUK modal, implicit activation with its countdown and the no-device dialog, change
 * password, unlock, change PUK. `start(action, credential)` opens one; render `dialogs`.
 */
export function useKeyActionDialogs(): {
  start: (action: KeyAction, credential: Credential) => void;
  dialogs: ReactNode;
} {
  const { t } = useTranslation('credentials');
  const toast = useToast();
  const config = useRemoteConfig();
  const activate = useActivateCredential();
  const [current, setCurrent] = useState<{ action: KeyAction; credential: Credential } | null>(
    null,
  );
  const [puk, setPuk] = useState<string | null>(null);
  const [wait, setWait] = useState<ImplicitWait | null>(null);
  const [isNoDevice, setNoDevice] = useState(false);
  const waitRef = useRef<ImplicitWait | null>(null);

  const endWait = useCallback(() => {
    waitRef.current?.controller.abort();
    waitRef.current = null;
    setWait(null);
  }, []);

  const activateImplicitly = useCallback(
    async (credential: Credential) => {
      const timeoutMs = config.authorizationTimeoutSecs * 1000;
      const next: ImplicitWait = {
        credential,
        deadline: Date.now() + timeoutMs,
        controller: new AbortController(),
      };
      waitRef.current = next;
      setWait(next);
      try {
        await activate.mutateAsync({
          id: credential.id,
          input: {},
          timeoutMs: timeoutMs + 5_000,
          signal: next.controller.signal,
        });
        toast.success(t('toast.activated'));
      } catch (error) {
        if (next.controller.signal.aborted) return;
        if (isNoDeviceError(error)) setNoDevice(true);
        else toast.error(error);
      } finally {
        if (waitRef.current === next) {
          waitRef.current = null;
          setWait(null);
        }
      }
    },
    [activate, config.authorizationTimeoutSecs, t, toast],
  );

  const start = useCallback(
    (action: KeyAction, credential: Credential) => {
      if (action === 'activate' && credential.authMode !== 'EXPLICIT') {
        void activateImplicitly(credential);
        return;
      }
      setCurrent({ action, credential });
    },
    [activateImplicitly],
  );

  const close = () => setCurrent(null);
  const showPuk = (value: string) => {
    setCurrent(null);
    setPuk(value);
  };

  let dialog: ReactNode = null;
  if (current) {
    const { action, credential } = current;
    if (action === 'activate') {
      dialog = <ActivationDialog credential={credential} onClose={close} onActivated={showPuk} />;
    } else if (action === 'changePassword') {
      dialog = <ChangePasswordDialog credential={credential} onClose={close} />;
    } else if (action === 'unlock') {
      dialog = <UnlockDialog credential={credential} onClose={close} />;
    } else {
      dialog = <ChangePukDialog credential={credential} onClose={close} onChanged={showPuk} />;
    }
  }

  const dialogs = (
    <>
      {dialog}
      {puk !== null && <PukDialog puk={puk} onClose={() => setPuk(null)} />}
      {wait && (
        <ApprovalWaitDialog
          text={t('activation.waitingText', { description: wait.credential.description })}
          deadline={wait.deadline}
          onCancel={endWait}
          onTimeout={() => {
            endWait();
            toast.error(t('activation.timeout'));
          }}
        />
      )}
      {isNoDevice && <NoDeviceDialog onClose={() => setNoDevice(false)} />}
    </>
  );
  return { start, dialogs };
}
