import type { Credential } from '@signet/contracts/credentials';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error';
import { ApprovalWaitDialog } from '../../shared/approval/approval-wait-dialog';
import { KeyPasswordDialog } from '../../shared/approval/key-password-dialog';
import { useToast } from '../../shared/components/toast';
import { useRemoteConfig } from '../../shared/hooks/use-remote-config';

/** How the credential's use was authorised: its key password, or a device (the wait's signal). */
export type Authorisation = { PIN: string } | { description: string; signal: AbortSignal };

interface QuantumSignOptions {
  credential: Credential | undefined;
  /** Uploads when needed and calls pmSign; resolves once signed. */
  send: (authorisation: Authorisation) => Promise<void>;
}

/**
 * One press of Sign in the demo, as on the signing screens (D§4 sign modes, the same dialogs): an
 * EXPLICIT credential asks for its key password (a wrong one keeps the dialog, emptied), an
 * IMPLICIT one waits for the approval on a device with the countdown; SERVICE_UNAVAILABLE is the
 * signing-aborted message (D§8 sicAborted), any other error its catalogue message.
 */
export function useQuantumSign({ credential, send }: QuantumSignOptions) {
  const { t } = useTranslation('quantumDemo');
  const toast = useToast();
  const config = useRemoteConfig();
  const [busy, setBusy] = useState(false);
  const [askingPassword, setAskingPassword] = useState(false);
  const [wrongPasswords, setWrongPasswords] = useState(0);
  const [deviceDeadline, setDeviceDeadline] = useState<number | null>(null);
  const deviceWait = useRef<AbortController | null>(null);

  const run = async (authorisation: Authorisation) => {
    setBusy(true);
    try {
      await send(authorisation);
      setAskingPassword(false);
    } catch (error) {
      const waitEnded = deviceWait.current?.signal.reason as 'cancelled' | 'timedOut' | undefined;
      if (waitEnded) {
        if (waitEnded === 'timedOut') toast.error(t('implicitWait.timedOut'));
        return;
      }
      toast.error(isApiError(error, 'SERVICE_UNAVAILABLE') ? t('sicAborted') : error);
      if (isApiError(error, 'INCORRECT_KEYPASSWORD_OR_PUK')) setWrongPasswords((n) => n + 1);
      else setAskingPassword(false);
    } finally {
      setBusy(false);
      deviceWait.current = null;
      setDeviceDeadline(null);
    }
  };

  const begin = () => {
    if (!credential || busy) return;
    if (credential.authMode === 'EXPLICIT') {
      setAskingPassword(true);
      return;
    }
    const wait = new AbortController();
    deviceWait.current = wait;
    setDeviceDeadline(Date.now() + config.authorizationTimeoutSecs * 1000);
    // The request's identifier (D§3 description), shown on the device beside the file's name.
    const description = `quantum-demo ${crypto.randomUUID().slice(0, 8)}`;
    void run({ description, signal: wait.signal });
  };

  const dialogs = (
    <>
      {askingPassword && credential && (
        <KeyPasswordDialog
          key={wrongPasswords}
          credentialName={credential.description}
          documentCount={1}
          busy={busy}
          onSign={(PIN) => void run({ PIN })}
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

  return { begin, busy, dialogs };
}
