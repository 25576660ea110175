import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { canApprove, canDecline } from '@signet/contracts/chain-rules';
import { describeError } from '../../../shared/api/error-message';
import { PageTitle } from '../../../shared/components/page-title';
import { ChainDownloadButtons } from '../../../shared/downloads/download-mode-menu';
import { useToast } from '../../../shared/components/toast';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { chainActions, useChainAction } from '../api/chain-actions';
import { useChain } from '../api/get-chain';
import { PagedDocument } from '../../../shared/document-view/paged-document';
import { SignaturesPanel } from '../../../shared/document-view/signatures-panel';
import { chainFileName, chainRoutes, currentDocumentId, personName } from '../chain-view';
import { ruleChainOf } from '@signet/contracts/chain-view-rules';
import { DeclineDialog } from '../../../shared/components/decline-dialog';
import { useChainCommands } from '../use-chain-commands';

const maxComment = 255;

/**
 * /document/{docId}/approve-customization/{chainId}/{entryId}: an approver reads the document as
 * it stands, page by page, with the signatures so far, and approves it with an optional comment
 * once the last page has been shown (issue 26 §5), or declines it with a reason; both return to
 * the list.
 */
export default function ApprovePage() {
  const { t } = useTranslation('chains');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const toast = useToast();
  const { signatureId = '', currentSignatureId = '' } = useParams();
  const userId = useCurrentUser().data?.id ?? '';
  const chain = useChain(signatureId);
  const approve = useChainAction(chainActions.approve);
  const commands = useChainCommands();
  const [comment, setComment] = useState('');
  const [isDeclining, setDeclining] = useState(false);
  const [page, setPage] = useState(1);
  // The document whose last page was shown: a newer revision (another signer in an unordered
  // chain) is read again.
  const [readToTheEnd, setReadToTheEnd] = useState<string | null>(null);
  const backToList = () => void navigate(chainRoutes.list());

  if (chain.isPending) return <CircularProgress aria-label={tc('loading')} />;
  if (!chain.data) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error">{describeError(chain.error, tc)}</Alert>
        <Button startIcon={<ArrowBackIcon />} onClick={backToList}>
          {tc('actions.back')}
        </Button>
      </Stack>
    );
  }
  const data = chain.data;
  const rules = ruleChainOf(data);
  const mayApprove = canApprove(rules, userId) && data.currentSignatureId === currentSignatureId;
  const tooLong = comment.length > maxComment;
  const documentId = currentDocumentId(data);
  const hasSeenLastPage = readToTheEnd === documentId;

  const submit = async () => {
    try {
      await approve.mutateAsync([
        data.id,
        { currentSignatureId, comment: comment.trim() || undefined },
      ]);
      toast.success(t('toast.approved'));
      backToList();
    } catch (error) {
      toast.error(error);
    }
  };

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageTitle actions={<ChainDownloadButtons chain={data} />}>
        {t('approve.title')}: {chainFileName(data)}
      </PageTitle>
      <Typography>
        {t('approve.intro', {
          creator: personName(data.createdBy),
          fileName: chainFileName(data),
          // The creator approving her own chain: nobody asks her (issue 38 §12).
          context: data.createdBy.id === userId ? 'own' : undefined,
        })}
      </Typography>
      {data.comment && (
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          “{data.comment}”
        </Typography>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 320px' },
          alignItems: 'start',
        }}
      >
        <PagedDocument
          documentId={documentId}
          page={page}
          onTurn={setPage}
          testId="approve-document"
          onPageShown={(shown, count) => {
            if (shown === count) setReadToTheEnd(documentId);
          }}
        />
        <SignaturesPanel chainId={data.id} revisionId={data.signedDocument?.id} />
      </Box>
      {mayApprove ? (
        <>
          <TextField
            label={t('approve.comment')}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            multiline
            minRows={2}
            error={tooLong}
            helperText={`${comment.length} / ${maxComment}`}
            slotProps={{ htmlInput: { 'data-testid': 'approve-comment' } }}
          />
          {!hasSeenLastPage && (
            <Typography variant="body2" color="text.secondary" data-testid="approve-hint">
              {t('approve.readToTheEnd')}
            </Typography>
          )}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button startIcon={<ArrowBackIcon />} onClick={backToList}>
              {tc('actions.back')}
            </Button>
            {canDecline(rules, userId) && (
              <Button color="error" variant="outlined" onClick={() => setDeclining(true)}>
                {t('actions.decline')}
              </Button>
            )}
            <Button
              variant="contained"
              startIcon={<ThumbUpIcon />}
              onClick={() => void submit()}
              disabled={approve.isPending || tooLong || !hasSeenLastPage}
              data-testid="approve-confirm"
            >
              {t('approve.confirm')}
            </Button>
          </Box>
        </>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="info">{t('approve.notYours')}</Alert>
          <Button startIcon={<ArrowBackIcon />} onClick={backToList}>
            {tc('actions.back')}
          </Button>
        </Stack>
      )}
      {isDeclining && (
        <DeclineDialog
          fileName={chainFileName(data)}
          onDecline={async (reason) => {
            const done = await commands.decline(data, reason);
            if (done) backToList();
            return done;
          }}
          onClose={() => setDeclining(false)}
        />
      )}
    </Stack>
  );
}
