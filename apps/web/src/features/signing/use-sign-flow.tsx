import type { Credential } from '@signet/contracts/credentials';
import type { SignRequestInput, SignResult } from '@signet/contracts/signatures';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../shared/api/api-client-context';
import { isApiError } from '../../shared/api/api-error';
import { queryKeys } from '../../shared/api/query-keys';
import { useCredentialAuthorisation } from '../../shared/approval/use-credential-authorisation';
import { useToast } from '../../shared/components/toast';
import { newIdempotencyKey, useSignDocuments } from './api/sign-documents';
import { importedRef, signWithImported } from './imported-signing';

/** What a screen puts in the sign request; the flow adds the credential and the press's key. */
export type ScreenSignRequest = Omit<SignRequestInput, 'credentialOptions' | 'idempotencyKey'>;

interface SignFlowOptions {
  /** The credential that signs (its auth mode decides how its use is authorised). */
  credential: Credential | undefined;
  /** Documents one authorisation signs (named in the key password dialog). */
  documentCount: number;
  /** The screen's part of the sign payload, as it stands when Sign is pressed. */
  request: () => ScreenSignRequest;
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
  request,
  onSigned,
  onPdfPasswordNeeded,
}: SignFlowOptions) {
  const { t } = useTranslation('signing');
  const toast = useToast();
  const sign = useSignDocuments();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const ref = importedRef(credential);
  const [importedBusy, setImportedBusy] = useState(false);
  const isBusy = sign.isPending || importedBusy;
  const authorisation = useCredentialAuthorisation({
    credential,
    documentCount,
    busy: isBusy,
    namespace: 'signing',
    onPassword: (PIN) => void run(PIN),
  });

  /** The payload of one try: a new idempotency key each, so a new try is a new signing. */
  const requestWith = (PIN: string | undefined): SignRequestInput => ({
    credentialOptions: { credentialId: credential?.id, PIN },
    ...request(),
    idempotencyKey: newIdempotencyKey(),
  });

  const signed = (result: SignResult) => {
    authorisation.closePassword();
    onSigned(result);
  };

  /** The PDF password errors go back to the screen; true when the error was one. */
  const askedPdfPassword = (error: unknown): boolean => {
    const incorrect = isApiError(error, 'INCORRECT_PDF_PASSWORD');
    if (!incorrect && !isApiError(error, 'PDF_PASSWORD_REQUIRED')) return false;
    authorisation.closePassword();
    onPdfPasswordNeeded(incorrect);
    return true;
  };

  /** An imported credential: returnHashes, the provider's SAD, the sign call with it (D§4). */
  const runImported = async (PIN: string | undefined) => {
    if (!ref) return;
    setImportedBusy(true);
    try {
      signed(await signWithImported(client, { ref, request: requestWith(undefined), PIN }));
    } catch (error) {
      if (askedPdfPassword(error)) return;
      toast.error(error instanceof Error && !isApiError(error) ? t('imported.loginFailed') : error);
      authorisation.retryIf(isApiError(error, 'INVALID_REQUEST'));
    } finally {
      setImportedBusy(false);
      await Promise.all(
        [queryKeys.signatureChains, queryKeys.documents, queryKeys.currentUserStats].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      );
    }
  };

  const run = async (PIN: string | undefined, signal?: AbortSignal) => {
    if (ref) return runImported(PIN);
    try {
      signed(await sign.mutateAsync({ request: requestWith(PIN), ...(signal ? { signal } : {}) }));
    } catch (error) {
      if (askedPdfPassword(error) || authorisation.endedByWait()) return;
      toast.error(error);
      authorisation.retryIf(isApiError(error, 'INCORRECT_KEYPASSWORD_OR_PUK'));
    } finally {
      authorisation.settle();
    }
  };

  const begin = () => {
    if (!credential || isBusy) return;
    const authMode = ref ? ref.authMode : credential.authMode;
    if (authMode === 'EXPLICIT') authorisation.askPassword();
    else if (ref) void runImported(undefined);
    else void run(undefined, authorisation.waitForDevice());
  };

  return { begin, isBusy, dialogs: authorisation.dialogs };
}
