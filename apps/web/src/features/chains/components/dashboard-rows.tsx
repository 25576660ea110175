import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FileDropZone } from '../../../shared/components/file-drop-zone';
import { chainRoutes } from '../chain-view';
import { useChainCommands } from '../use-chain-commands';
import { useChainDialogs } from './chain-dialogs';
import { ChainRowStrip } from './chain-row-strip';
import type { UploadState } from './upload-chain-dialog';

const pdfType = 'application/pdf';
const imageTypes = ['image/png', 'image/jpeg'];

interface DashboardRowsProps {
  userId: string;
  isCreator: boolean;
}

/**
 * The dashboard below the counts, for a user who is not an admin: a drop zone that starts a chain
 * from a PDF (or a signature profile from an image), and the todo / pending / signed rows with
 * their actions and dialogs. Its own chunk: the title and the counts need none of this code.
 */
export default function DashboardRows({ userId, isCreator }: DashboardRowsProps) {
  const { t } = useTranslation('chains');
  const navigate = useNavigate();
  const commands = useChainCommands();
  const { openDialog, dialog } = useChainDialogs(userId, commands);
  const [dropError, setDropError] = useState<string | null>(null);

  const takeDrop = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setDropError(null);
    if (file.type === pdfType && isCreator) {
      const state: UploadState = { file };
      void navigate(chainRoutes.upload, { state });
    } else if (imageTypes.includes(file.type)) {
      void navigate('/signatureProfiles/add', { state: { file } });
    } else {
      setDropError(isCreator ? t('dashboard.dropInvalid') : t('noCreatorRole'));
    }
  };

  return (
    <>
      <FileDropZone
        accept={[pdfType, ...imageTypes]}
        onFiles={takeDrop}
        text={isCreator ? t('dashboard.drop') : t('dashboard.dropImage')}
        chooseLabel={t('uploadDialog.choose')}
        testId="dashboard-drop"
      />
      {dropError && <Alert severity="error">{dropError}</Alert>}
      <ChainRowStrip filter="TODO" userId={userId} commands={commands} onOpen={openDialog} />
      <ChainRowStrip filter="PENDING" userId={userId} commands={commands} onOpen={openDialog} />
      <ChainRowStrip filter="SIGNED" userId={userId} commands={commands} onOpen={openDialog} />
      {dialog}
    </>
  );
}
