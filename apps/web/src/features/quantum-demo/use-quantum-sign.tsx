import type { Credential } from '@signet/contracts/credentials';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error';
import { useCredentialAuthorisation } from '../../shared/approval/use-credential-authorisation';
import { useToast } from '../../shared/components/toast';

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
  const [busy, setBusy] = useState(false);
  const authorisation = useCredentialAuthorisation({
    credential,
    documentCount: 1,
    busy,
    namespace: 'quantumDemo',
    onPassword: (PIN) => void run({ PIN }),
  });

  const run = async (how: Authorisation) => {
    setBusy(true);
    try {
      await send(how);
      authorisation.closePassword();
    } catch (error) {
      if (authorisation.endedByWait()) return;
      toast.error(isApiError(error, 'SERVICE_UNAVAILABLE') ? t('sicAborted') : error);
      authorisation.retryIf(isApiError(error, 'INCORRECT_KEYPASSWORD_OR_PUK'));
    } finally {
      setBusy(false);
      authorisation.settle();
    }
  };

  const begin = () => {
    if (!credential || busy) return;
    if (credential.authMode === 'EXPLICIT') {
      authorisation.askPassword();
      return;
    }
    const signal = authorisation.waitForDevice();
    // The request's identifier (D§3 description), shown on the device beside the file's name.
    const description = `quantum-demo ${crypto.randomUUID().slice(0, 8)}`;
    void run({ description, signal });
  };

  return { begin, busy, dialogs: authorisation.dialogs };
}
