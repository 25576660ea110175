import AddIcon from '@mui/icons-material/Add';
import GroupsIcon from '@mui/icons-material/Groups';
import KeyIcon from '@mui/icons-material/Key';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { User, UserListQuery } from '@signet/contracts/users';
import { PageTitle } from '../../../shared/components/page-title';
import { ConfirmPopover } from '../../../shared/components/confirm-popover';
import { SearchField } from '../../../shared/components/search-field';
import { useToast } from '../../../shared/components/toast';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { useRemoteConfig } from '../../../shared/hooks/use-remote-config';
import { useDeleteUser } from '../api/delete-user';
import { useEndUserSessions } from '../api/end-user-sessions';
import { useUsers } from '../api/get-users';
import { CentralKeyDialog } from '../components/central-key-dialog';
import { UserDialog } from '../components/user-dialog';
import { UsersTable } from '../components/users-table';
import { readUsersQuery, writeUsersQuery } from '../users-query-params';
import { ListError } from '../../../shared/lists/list-error';
import { listFailure } from '../../../shared/lists/list-failure';

type DialogState = { kind: 'closed' } | { kind: 'create' } | { kind: 'update'; user: User };

/** Users admin screen (spec platform §2): search, server-side paging and sorting, CRUD. */
export default function UsersPage() {
  const { t } = useTranslation('users');
  const toast = useToast();
  const navigate = useNavigate();
  const config = useRemoteConfig();
  const currentUser = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readUsersQuery(searchParams);
  const users = useUsers(query);
  const deleteUser = useDeleteUser();
  const [dialog, setDialog] = useState<DialogState>({ kind: 'closed' });
  const [isCentralKeyOpen, setCentralKeyOpen] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<{ user: User; anchor: HTMLElement } | null>(
    null,
  );
  const endSessions = useEndUserSessions();
  const [pendingEnd, setPendingEnd] = useState<{ user: User; anchor: HTMLElement } | null>(null);

  const endUserSessions = async (user: User) => {
    try {
      await endSessions.mutateAsync(user.id);
      toast.success(t('toast.sessionsEnded', { email: user.email }));
    } catch (error) {
      toast.error(error);
    }
  };

  const changeQuery = (change: Partial<UserListQuery>) => {
    setSearchParams(writeUsersQuery({ ...query, ...change }), { replace: true });
  };

  const removeUser = async (user: User) => {
    try {
      await deleteUser.mutateAsync(user.id);
      toast.success(t('toast.deleted'));
      // Deleting the last row of a later page goes back one page.
      if (users.data?.content.length === 1 && query['page-num'] > 1) {
        changeQuery({ 'page-num': query['page-num'] - 1 });
      }
    } catch (error) {
      toast.error(error);
    }
  };

  const failure = listFailure(users);
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageTitle
        actions={
          <>
            {config.userGroupsEnabled && (
              <Button
                variant="outlined"
                startIcon={<GroupsIcon />}
                onClick={() => void navigate('/users-groups')}
              >
                {t('manageGroups')}
              </Button>
            )}
            <Button
              variant="outlined"
              startIcon={<KeyIcon />}
              onClick={() => setCentralKeyOpen(true)}
            >
              {t('centralKey')}
            </Button>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialog({ kind: 'create' })}
              data-testid="create-user"
            >
              {t('createUser')}
            </Button>
          </>
        }
      >
        {t('title')}
      </PageTitle>
      <SearchField
        value={query.q ?? ''}
        onSearch={(q) => changeQuery({ q: q || undefined, 'page-num': 1 })}
        placeholder={t('searchPlaceholder')}
        testId="users-search"
      />
      {failure ? (
        <ListError title={t('loadError')} error={failure} onRetry={() => users.refetch()} />
      ) : (
        <UsersTable
          users={users.data?.content ?? []}
          total={users.data?.total ?? 0}
          query={query}
          isLoading={users.isPending || users.isPlaceholderData}
          currentUserId={currentUser.data?.id}
          onSort={(field, order) =>
            changeQuery({ 'sort-field': field, 'sort-order': order, 'page-num': 1 })
          }
          onPage={(pageNum) => changeQuery({ 'page-num': pageNum })}
          onPageSize={(pageSize) => changeQuery({ 'page-size': pageSize, 'page-num': 1 })}
          onUpdate={(user) => setDialog({ kind: 'update', user })}
          onDelete={(user, anchor) => setPendingDelete({ user, anchor })}
          onEndSessions={(user, anchor) => setPendingEnd({ user, anchor })}
        />
      )}
      <ConfirmPopover
        anchorEl={pendingEnd?.anchor ?? null}
        message={t('confirmEndSessions')}
        onClose={() => setPendingEnd(null)}
        onAgree={() => {
          if (pendingEnd) void endUserSessions(pendingEnd.user);
        }}
      />
      <ConfirmPopover
        anchorEl={pendingDelete?.anchor ?? null}
        onClose={() => setPendingDelete(null)}
        onAgree={() => {
          if (pendingDelete) void removeUser(pendingDelete.user);
        }}
      />
      {dialog.kind !== 'closed' && (
        <UserDialog
          user={dialog.kind === 'update' ? dialog.user : undefined}
          onClose={() => setDialog({ kind: 'closed' })}
        />
      )}
      <CentralKeyDialog open={isCentralKeyOpen} onClose={() => setCentralKeyOpen(false)} />
    </Stack>
  );
}
