import type { Credential } from '@signet/contracts/credentials';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../components/toast';
import { useRemoteConfig } from '../hooks/use-remote-config';
import { ApprovalWaitDialog } from './approval-wait-dialog';
import { KeyPasswordDialog } from './key-password-dialog';

interface CredentialAuthorisationOptions {
  credential: Credential | undefined;
  /** Documents one authorisation signs (named in the key password dialog). */
  documentCount: number;
  /** A try is running: the key password dialog waits for it. */
  busy: boolean;
  /** The i18n namespace whose `implicitWait.title`, `.text` and `.timedOut` the device wait shows. */
  namespace: string;
  /** The key password was typed: the caller tries it. */
  onPassword: (PIN: string) => void;
}

/**
 * How one use of a credential is authorised (D§4 sign modes), alike on the signing screens and in
 * the quantum-safe demo: an EXPLICIT credential's key password in a dialog (a wrong one keeps the
 * dialog, emptied), an IMPLICIT one's wait for the approval on a device, with its countdown. The
 * caller runs each try and tells how it ended.
 */
export function useCredentialAuthorisation({
  credential,
  documentCount,
  busy,
  namespace,
  onPassword,
}: CredentialAuthorisationOptions) {
  const { t } = useTranslation(namespace);
  const toast = useToast();
  const config = useRemoteConfig();
  const [isAskingPassword, setAskingPassword] = useState(false);
  // A wrong key password clears the field for the next try.
  const [wrongPasswords, setWrongPasswords] = useState(0);
  /** The end of the wait for a device approval (epoch ms), while it lasts. */
  const [deviceDeadline, setDeviceDeadline] = useState<number | null>(null);
  const deviceWait = useRef<AbortController | null>(null);

  /** Starts the wait for a device's approval; its signal aborts the try when the wait ends. */
  const waitForDevice = (): AbortSignal => {
    const wait = new AbortController();
    deviceWait.current = wait;
    setDeviceDeadline(Date.now() + config.authorizationTimeoutSecs * 1000);
    return wait.signal;
  };

  /** A failed try that the device wait ended (cancelled, or timed out: a toast says so). */
  const endedByWait = (): boolean => {
    const reason = deviceWait.current?.signal.reason as 'cancelled' | 'timedOut' | undefined;
    if (reason === 'timedOut') toast.error(t('implicitWait.timedOut'));
    return reason !== undefined;
  };

  /** After a failed try: a mistyped key password may be typed again; anything else ends it. */
  const retryIf = (wrongPassword: boolean) => {
    if (wrongPassword) setWrongPasswords((n) => n + 1);
    else setAskingPassword(false);
  };

  /** The try is over, however it ended: no device wait is left. */
  const settle = () => {
    deviceWait.current = null;
    setDeviceDeadline(null);
  };

  const dialogs = (
    <>
      {isAskingPassword && credential && (
        <KeyPasswordDialog
          key={wrongPasswords}
          credentialName={credential.description}
          documentCount={documentCount}
          busy={busy}
          onSign={onPassword}
          onClose={() => setAskingPassword(false)}
        />
      )}
      {deviceDeadline !== null && credential && (
        <ApprovalWaitDialog
          title={t('implicitWait.title')}
          text={t('implicitWait.text', { credential: credential.description })}
          deadline={deviceDeadline}
          onCancel={() => deviceWait.current?.abort('cancelled')}
          onTimeout={() => deviceWait.current?.abort('timedOut')}
        />
      )}
    </>
  );

  return {
    askPassword: () => setAskingPassword(true),
    closePassword: () => setAskingPassword(false),
    waitForDevice,
    endedByWait,
    retryIf,
    settle,
    dialogs,
  };
}
