import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Credential } from '@signet/contracts/credentials';
import { ConfirmPopover } from '../../../shared/components/confirm-popover';
import { PageTitle } from '../../../shared/components/page-title';
import { SearchField } from '../../../shared/components/search-field';
import { useToast } from '../../../shared/components/toast';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { useRemoteConfig } from '../../../shared/hooks/use-remote-config';
import { useClearPreauthorization } from '../api/clear-preauthorization';
import { useDeleteCredential } from '../api/delete-credential';
import { useAllCredentials } from '../api/get-all-credentials';
import { useCredentials } from '../api/get-credentials';
import { readCredentialListState, writeCredentialListState } from '../credential-list-query';
import type { CredentialListState } from '../credential-list-query';
import { canManageCredentials, credentialActions } from '../credential-permissions';
import type { CredentialViewer } from '../credential-permissions';
import { credentialPaths } from '../credential-paths';
import { CredentialsTable } from './credentials-table';
import type { RowAction } from './credential-row-actions';
import { useKeyActionDialogs } from './key-action-dialogs';
import { ListError } from '../../../shared/lists/list-error';
import { listFailure } from '../../../shared/lists/list-failure';

export type CredentialsListVariant = 'own' | 'admin';

interface PendingConfirm {
  action: 'delete' | 'clearPreauthorization';
  credential: Credential;
  anchor: HTMLElement;
}

/** The viewer as the permission rules see them. */
export function useCredentialViewer(): CredentialViewer {
  const { data: user } = useCurrentUser();
  const config = useRemoteConfig();
  return {
    id: user?.id,
    isAdmin: user?.roles.includes('admin') ?? false,
    adminOnlyCredentialManagement: config.adminOnlyCredentialManagement,
  };
}

/**
 * The credentials list (spec platform §2): the caller's own (`credentials/self`) or, for admins,
 * everyone's with user and e-mail columns. The list query lives in the address.
 */
export function CredentialsList({ variant }: { variant: CredentialsListVariant }) {
  const { t } = useTranslation('credentials');
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const viewer = useCredentialViewer();
  const isAdminList = variant === 'admin';
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readCredentialListState(searchParams);
  const own = useCredentials(query, { enabled: !isAdminList });
  const all = useAllCredentials(query, { enabled: isAdminList });
  const list = isAdminList ? all : own;
  const deleteCredential = useDeleteCredential();
  const clearPreauthorization = useClearPreauthorization();
  const keyActions = useKeyActionDialogs();
  const [pending, setPending] = useState<PendingConfirm | null>(null);
  const canManage = canManageCredentials(viewer);
  const from = location.pathname + location.search;

  const changeQuery = (change: Partial<CredentialListState>) => {
    setSearchParams(writeCredentialListState({ ...query, ...change }), { replace: true });
  };

  const confirmed = async ({ action, credential }: PendingConfirm) => {
    try {
      if (action === 'delete') {
        await deleteCredential.mutateAsync(credential.id);
        toast.success(t('toast.deleted'));
        if (list.data?.content.length === 1 && query['page-num'] > 1) {
          changeQuery({ 'page-num': query['page-num'] - 1 });
        }
      } else {
        await clearPreauthorization.mutateAsync(credential.id);
        toast.success(t('toast.preauthorizationCleared'));
      }
    } catch (error) {
      toast.error(error);
    }
  };

  const onAction = (action: RowAction, credential: Credential, anchor: HTMLElement) => {
    // Admins' links carry the owner's id (spec platform §6).
    const userId = isAdminList ? credential.userId : undefined;
    switch (action) {
      case 'update':
        void navigate(credentialPaths.update(credential.id, userId), { state: { from } });
        return;
      case 'certificates':
        void navigate(credentialPaths.certificates(credential.id, userId), { state: { from } });
        return;
      case 'delete':
      case 'clearPreauthorization':
        setPending({ action, credential, anchor });
        return;
      default:
        keyActions.start(action, credential);
    }
  };

  const createButton = (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      disabled={!canManage}
      data-testid="create-credential"
      onClick={() =>
        // An admin on their own list creates for themselves: no user picker then.
        void navigate(credentialPaths.add(!isAdminList && viewer.isAdmin ? viewer.id : undefined), {
          state: { from },
        })
      }
    >
      {t('create')}
    </Button>
  );

  const failure = listFailure(list);
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageTitle
        actions={
          <Stack direction="row" gap={1} flexWrap="wrap">
            {isAdminList ? null : (
              <Button
                variant="outlined"
                data-testid="import-credential"
                onClick={() => void navigate(credentialPaths.importCredential, { state: { from } })}
              >
                {t('import')}
              </Button>
            )}
            {canManage ? (
              createButton
            ) : (
              <Tooltip title={t('createDisabled')}>
                <span>{createButton}</span>
              </Tooltip>
            )}
          </Stack>
        }
      >
        {isAdminList ? t('adminTitle') : t('title')}
      </PageTitle>
      <SearchField
        value={query.q ?? ''}
        onSearch={(q) => changeQuery({ q: q || undefined, 'page-num': 1 })}
        placeholder={t('searchPlaceholder')}
        testId="credentials-search"
      />
      {failure ? (
        <ListError title={t('loadError')} error={failure} onRetry={() => list.refetch()} />
      ) : (
        <>
          <LinearProgress
            aria-hidden
            sx={{ height: 2, mb: -2, visibility: list.isFetching ? 'visible' : 'hidden' }}
          />
          <CredentialsTable
            credentials={list.data?.content ?? []}
            total={list.data?.total ?? 0}
            query={query}
            isLoading={list.isPending || list.isPlaceholderData}
            isAdminList={isAdminList}
            actionsFor={(credential) => credentialActions(credential, viewer)}
            onAction={onAction}
            onSort={(field, order) =>
              changeQuery({ 'sort-field': field, 'sort-order': order, 'page-num': 1 })
            }
            onPage={(pageNum) => changeQuery({ 'page-num': pageNum })}
            onPageSize={(pageSize) => changeQuery({ 'page-size': pageSize, 'page-num': 1 })}
          />
        </>
      )}
      <ConfirmPopover
        anchorEl={pending?.anchor ?? null}
        onClose={() => setPending(null)}
        onAgree={() => {
          if (pending) void confirmed(pending);
        }}
      />
      {keyActions.dialogs}
    </Stack>
  );
}
