import type { Credential } from '@signet/contracts/credentials';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { WarningDialog } from './components/warning-dialog';
import type { SignWarning } from './sign-rules';
import { listPath } from './signing-chain';
import { useSignFlow } from './use-sign-flow';
import type { ScreenSignRequest } from './use-sign-flow';
import { useSignedToast } from './use-signed-toast';

interface SigningScreenOptions {
  /** The names of the chains one press signs, for the toast once they are signed. */
  fileNames: readonly string[];
  credential: Credential | undefined;
  request: () => ScreenSignRequest;
  onPdfPasswordNeeded: (incorrect: boolean) => void;
  /** What stops signing for now (D§2 warnings), shown until it is closed. */
  warning: SignWarning | null;
  /** Which screen the warning's button leads from. */
  screen: 'single' | 'batch';
}

/**
 * What every signing screen does alike around its own form: the press of Sign, the toast and the
 * way back to the chain list once signed, and the warning dialog. Its dialogs come apart, so that
 * a screen's own (the PDF password) keep their place between them.
 */
export function useSigningScreen({
  fileNames,
  credential,
  request,
  onPdfPasswordNeeded,
  warning,
  screen,
}: SigningScreenOptions) {
  const navigate = useNavigate();
  const signedToast = useSignedToast();
  const [isWarningClosed, setWarningClosed] = useState(false);
  const backToList = () => void navigate(listPath);

  const flow = useSignFlow({
    credential,
    documentCount: fileNames.length,
    request,
    onSigned: (result) => {
      signedToast(result, fileNames);
      backToList();
    },
    onPdfPasswordNeeded,
  });

  return {
    backToList,
    begin: flow.begin,
    isBusy: flow.isBusy,
    flowDialogs: flow.dialogs,
    warningDialog: warning && !isWarningClosed && (
      <WarningDialog warning={warning} screen={screen} onClose={() => setWarningClosed(true)} />
    ),
  };
}
