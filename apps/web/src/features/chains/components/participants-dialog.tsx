import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entryLabel } from '@signet/contracts/chain-rules';
import type { Chain } from '@signet/contracts/chains';
import { isApiError } from '../../../shared/api/api-error';
import { useToast } from '../../../shared/components/toast';
import { EmailText } from '../../../shared/format/email-text';
import { formatDateTime } from '../../../shared/format/format-date-time';
import { useRemoteConfig } from '../../../shared/hooks/use-remote-config';
import { ChainDownloadButtons } from '../../../shared/downloads/download-mode-menu';
import { chainActions, useChainAction } from '../api/chain-actions';
import { useChain } from '../api/get-chain';
import { actionRoute, personName } from '../chain-view';
import { ruleChainOf } from '@signet/contracts/chain-view-rules';
import { ChainHistory } from './chain-history';
import { RecipientSearch } from './recipient-search';

interface ParticipantsDialogProps {
  chain: Chain;
  userId: string;
  onClose: () => void;
  /** Follow the chain live (a participant); an admin's list shows the row as it was loaded. */
  live?: boolean;
}

type Person = Chain['viewers'][number];
const hasFullName = (p: Person) => Boolean(p.firstName && p.lastName);

/**
 * The participants of a chain (documents §2): creator, comment, signers with their status and a
 * copy-link while they may still sign, and the viewers, which only the creator edits. A chain
 * deleted meanwhile closes the dialog.
 */
export function ParticipantsDialog({
  chain: loaded,
  userId,
  onClose,
  live = true,
}: ParticipantsDialogProps) {
  const { t } = useTranslation('chains');
  const toast = useToast();
  const config = useRemoteConfig();
  const query = useChain(live ? loaded.id : undefined);
  const chain = query.data ?? loaded;
  const saveViewers = useChainAction(chainActions.updateViewers);
  const resend = useChainAction(chainActions.resendInvitations);
  const remind = useChainAction(chainActions.remind);
  const [viewers, setViewers] = useState<Person[] | null>(null);
  const isOwner = chain?.createdBy.id === userId;
  const shownViewers = viewers ?? chain?.viewers ?? [];

  useEffect(() => {
    if (isApiError(query.error, 'NOT_FOUND')) onClose();
  }, [query.error, onClose]);

  const rules = ruleChainOf(chain);
  const signerEmails = chain.signatures.map((s) => s.user.email);
  const showResend =
    isOwner &&
    !config.userGroupsEnabled &&
    [...chain.signatures.map((s) => s.user), ...chain.viewers].some((p) => !hasFullName(p));

  // The creator reminds the registered participants whose turn it is (issue 26 §3).
  const showRemind =
    isOwner &&
    chain.status === 'CREATED' &&
    rules.entries.some((entry) => entry.userId && entryLabel(rules, entry) === 'CREATED');
  const sendReminders = async () => {
    try {
      const answer = await remind.mutateAsync([chain.id]);
      if (answer.reminded.length > 0) {
        toast.success(t('toast.reminded', { emails: answer.reminded.join(', ') }));
      }
      if (answer.skipped.length > 0) {
        toast.info(t('toast.remindedSkipped', { emails: answer.skipped.join(', ') }));
      }
    } catch (error) {
      toast.error(error);
    }
  };

  const copyLink = async (entry: Chain['signatures'][number]) => {
    try {
      await navigator.clipboard.writeText(
        new URL(actionRoute(chain, entry), window.location.origin).href,
      );
      toast.success(t('toast.linkCopied'));
    } catch {
      // A refused clipboard stays silent (documents §8).
    }
  };

  const save = async () => {
    try {
      await saveViewers.mutateAsync([chain.id, shownViewers.map((v) => v.email)]);
      toast.success(t('toast.viewersSaved'));
      setViewers(null);
    } catch (error) {
      toast.error(error);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{t('participants.title')}</DialogTitle>
      <DialogContent data-testid="participants-dialog">
        <Typography sx={{ mb: 1 }}>
          {t('participants.creator', { name: personName(chain.createdBy) })}
        </Typography>
        {chain.comment && (
          <Typography sx={{ mb: 2, overflowWrap: 'anywhere' }} color="text.secondary">
            {t('participants.comment')}: {chain.comment}
          </Typography>
        )}
        {chain.withdrawReason && (
          <Typography
            sx={{ mb: 2, overflowWrap: 'anywhere' }}
            color="text.secondary"
            data-testid="participants-withdraw-reason"
          >
            {t('participants.withdrawReason')}: “{chain.withdrawReason}”
          </Typography>
        )}
        <Typography variant="subtitle1">{t('participants.signers')}</Typography>
        <Table size="small" sx={{ mb: 2 }} data-testid="participants-signers">
          <TableHead>
            <TableRow>
              <TableCell>{t('participants.rank')}</TableCell>
              <TableCell>{t('participants.name')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {t('participants.signedAt')}
              </TableCell>
              <TableCell>{t('participants.status')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {chain.signatures.map((entry, index) => {
              const label = entryLabel(rules, rules.entries[index]!);
              return (
                <TableRow key={entry.id} data-testid="participant-row">
                  <TableCell>{index + 1}</TableCell>
                  <TableCell sx={{ minWidth: 0 }}>
                    <Typography variant="body2">
                      {personName(entry.user)}
                      {entry.approver && ` · ${t('participants.approver')}`}
                      {entry.clerkMode &&
                        ` · ${t('participants.clerk', { name: entry.subsignerName ?? '' })}`}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      <EmailText email={entry.user.email} />
                    </Typography>
                    {entry.comment && (
                      <Typography variant="caption" component="p" sx={{ overflowWrap: 'anywhere' }}>
                        “{entry.comment}”
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {formatDateTime(entry.signedAt ?? undefined)}
                  </TableCell>
                  <TableCell data-testid="participant-status">
                    {t(`entryStatus.${entry.approver && label === 'DONE' ? 'APPROVED' : label}`)}
                  </TableCell>
                  <TableCell align="right">
                    {label === 'CREATED' && (
                      <Tooltip title={t('participants.copyLink')} disableInteractive>
                        <IconButton
                          size="small"
                          aria-label={t('participants.copyLink')}
                          onClick={() => void copyLink(entry)}
                        >
                          <ContentCopyIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        <Typography variant="subtitle1">{t('participants.viewers')}</Typography>
        {shownViewers.length === 0 && (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('participants.noViewers')}
          </Typography>
        )}
        <Table size="small" data-testid="participants-viewers">
          <TableBody>
            {shownViewers.map((viewer) => (
              <TableRow key={viewer.email}>
                <TableCell>{personName(viewer)}</TableCell>
                <TableCell sx={{ minWidth: 0 }}>
                  <EmailText email={viewer.email} />
                </TableCell>
                {isOwner && (
                  <TableCell align="right">
                    <IconButton
                      size="small"
                      aria-label={t('participants.removeViewer', { email: viewer.email })}
                      onClick={() => setViewers(shownViewers.filter((v) => v !== viewer))}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {isOwner && (
          <Stack sx={{ mt: 2 }}>
            <RecipientSearch
              label={t('participants.addViewer')}
              testId="add-viewer"
              excluded={[
                ...signerEmails,
                ...shownViewers.map((v) => v.email),
                chain.createdBy.email,
              ]}
              onPick={(r) =>
                setViewers([
                  ...shownViewers,
                  { id: r.id, email: r.email, firstName: r.firstName, lastName: r.lastName },
                ])
              }
            />
          </Stack>
        )}
        <ChainHistory chainId={chain.id} />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        <ChainDownloadButtons chain={chain} />
        {showResend && (
          <Button
            onClick={() =>
              void resend.mutateAsync([chain.id]).then(
                () => toast.success(t('toast.invitationsResent')),
                (error: unknown) => toast.error(error),
              )
            }
            disabled={resend.isPending}
          >
            {t('participants.resend')}
          </Button>
        )}
        {showRemind && (
          <Button
            onClick={() => void sendReminders()}
            disabled={remind.isPending}
            data-testid="remind-participants"
          >
            {t('participants.remind')}
          </Button>
        )}
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        {isOwner && viewers !== null && (
          <Button
            variant="contained"
            onClick={() => void save()}
            disabled={saveViewers.isPending}
            data-testid="save-viewers"
          >
            {t('common:actions.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
