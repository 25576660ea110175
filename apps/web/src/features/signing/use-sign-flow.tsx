import type { Credential } from '@signet/contracts/credentials';
import type { SignRequestInput, SignResult } from '@signet/contracts/signatures';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../shared/api/api-client-context';
import { isApiError } from '../../shared/api/api-error';
import { queryKeys } from '../../shared/api/query-keys';
import { ApprovalWaitDialog } from '../../shared/approval/approval-wait-dialog';
import { useToast } from '../../shared/components/toast';
import { useRemoteConfig } from '../../shared/hooks/use-remote-config';
import { newIdempotencyKey, useSignDocuments } from './api/sign-documents';
import { KeyPasswordDialog } from '../../shared/approval/key-password-dialog';
import { importedRef, signWithImported } from './imported-signing';

interface SignFlowOptions {
  /** The credential that signs (its auth mode decides how its use is authorised). */
  credential: Credential | undefined;
  /** Documents one authorisation signs (named in the key password dialog). */
  documentCount: number;
  /** The sign payload, given the key password (EXPLICIT) and the press's idempotency key. */
  buildRequest: (authorisation: { PIN?: string; idempotencyKey: string }) => SignRequestInput;
  onSigned: (result: SignResult) => void;
  /** The server needs the password of an encrypted PDF (or was given a wrong one). */
  onPdfPasswordNeeded: (incorrect: boolean) => void;
}

/**
 * One press of Sign on any signing screen (D§4 sign modes): an EXPLICIT credential asks for its
 * key password first, an IMPLICIT one waits for the approval on a device; then the sign call. A
 * wrong key password keeps the dialog open with its message; the PDF password errors go back to
 * the screen's PDF password dialog; any other error is its catalogue message in a toast.
 */
export function useSignFlow({
  credential,
  documentCount,
  buildRequest,
  onSigned,
  onPdfPasswordNeeded,
}: SignFlowOptions) {
  const { t } = useTranslation('signing');
  const toast = useToast();
  const config = useRemoteConfig();
  const sign = useSignDocuments();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const ref = importedRef(credential);
  const [importedBusy, setImportedBusy] = useState(false);
  const [isAskingPassword, setAskingPassword] = useState(false);
  /** The end of the wait for a device approval (epoch ms), while it lasts. */
  const [deviceDeadline, setDeviceDeadline] = useState<number | null>(null);
  const deviceWait = useRef<AbortController | null>(null);
  // A wrong key password clears the field for the next try.
  const [wrongPasswords, setWrongPasswords] = useState(0);

  /** An imported credential: returnHashes, the provider's SAD, the sign call with it (D§4). */
  const runImported = async (PIN: string | undefined) => {
    if (!ref) return;
    setImportedBusy(true);
    try {
      const result = await signWithImported(client, {
        ref,
        request: buildRequest({ idempotencyKey: newIdempotencyKey() }),
        PIN,
      });
      setAskingPassword(false);
      onSigned(result);
    } catch (error) {
      if (
        isApiError(error, 'PDF_PASSWORD_REQUIRED') ||
        isApiError(error, 'INCORRECT_PDF_PASSWORD')
      ) {
        setAskingPassword(false);
        onPdfPasswordNeeded(isApiError(error, 'INCORRECT_PDF_PASSWORD'));
        return;
      }
      toast.error(error instanceof Error && !isApiError(error) ? t('imported.loginFailed') : error);
      if (!isApiError(error, 'INVALID_REQUEST')) setAskingPassword(false);
      else setWrongPasswords((n) => n + 1);
    } finally {
      setImportedBusy(false);
      await Promise.all(
        [queryKeys.signatureChains, queryKeys.documents, queryKeys.currentUserStats].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      );
    }
  };

  const run = async (PIN: string | undefined) => {
    if (ref) return runImported(PIN);
    try {
      const result = await sign.mutateAsync({
        request: buildRequest({
          ...(PIN !== undefined ? { PIN } : {}),
          idempotencyKey: newIdempotencyKey(),
        }),
        ...(deviceWait.current ? { signal: deviceWait.current.signal } : {}),
      });
      setAskingPassword(false);
      onSigned(result);
    } catch (error) {
      if (
        isApiError(error, 'PDF_PASSWORD_REQUIRED') ||
        isApiError(error, 'INCORRECT_PDF_PASSWORD')
      ) {
        setAskingPassword(false);
        onPdfPasswordNeeded(isApiError(error, 'INCORRECT_PDF_PASSWORD'));
        return;
      }
      const waitEnded = deviceWait.current?.signal.reason as 'cancelled' | 'timedOut' | undefined;
      if (waitEnded) {
        if (waitEnded === 'timedOut') toast.error(t('implicitWait.timedOut'));
        return;
      }
      toast.error(error);
      // A mistyped key password may be typed again; anything else ends this try.
      if (isApiError(error, 'INCORRECT_KEYPASSWORD_OR_PUK')) setWrongPasswords((n) => n + 1);
      else setAskingPassword(false);
    } finally {
      deviceWait.current = null;
      setDeviceDeadline(null);
    }
  };

  const begin = () => {
    if (!credential || sign.isPending || importedBusy) return;
    if (ref) {
      if (ref.authMode === 'EXPLICIT') setAskingPassword(true);
      else void runImported(undefined);
      return;
    }
    if (credential.authMode === 'EXPLICIT') {
      setAskingPassword(true);
      return;
    }
    deviceWait.current = new AbortController();
    setDeviceDeadline(Date.now() + config.authorizationTimeoutSecs * 1000);
    void run(undefined);
  };

  const dialogs = (
    <>
      {isAskingPassword && credential && (
        <KeyPasswordDialog
          key={wrongPasswords}
          credentialName={credential.description}
          documentCount={documentCount}
          busy={sign.isPending || importedBusy}
          onSign={(password) => void run(password)}
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

  return { begin, isBusy: sign.isPending || importedBusy, dialogs };
}
