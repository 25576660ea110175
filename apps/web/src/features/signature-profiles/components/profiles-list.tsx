import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type {
  SignatureProfileListQuery,
  SignatureProfileSummary,
} from '@signet/contracts/signature-profiles';
import { ConfirmPopover } from '../../../shared/components/confirm-popover';
import { PageTitle } from '../../../shared/components/page-title';
import { SearchField } from '../../../shared/components/search-field';
import { useToast } from '../../../shared/components/toast';
import { useDeleteProfile } from '../api/delete-profile';
import { useProfiles } from '../api/get-profiles';
import { profilePaths, readProfileListQuery, writeProfileListQuery } from '../profile-list-query';
import { ProfilesTable } from './profiles-table';
import { ListError } from '../../../shared/lists/list-error';
import { listFailure } from '../../../shared/lists/list-failure';

/** `/signatureProfiles` (D§2): search (500 ms), create, the table with its actions. */
export function ProfilesList() {
  const { t } = useTranslation('signatureProfiles');
  const toast = useToast();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readProfileListQuery(searchParams);
  const list = useProfiles(query);
  const deleteProfile = useDeleteProfile();
  const [pending, setPending] = useState<{
    profile: SignatureProfileSummary;
    anchor: HTMLElement;
  } | null>(null);
  const from = `${profilePaths.list}${searchParams.size > 0 ? `?${searchParams.toString()}` : ''}`;

  const changeQuery = (change: Partial<SignatureProfileListQuery>) =>
    setSearchParams(writeProfileListQuery({ ...query, ...change }), { replace: true });

  const remove = async (profile: SignatureProfileSummary) => {
    try {
      await deleteProfile.mutateAsync(profile.id);
      toast.success(t('toast.deleted'));
      if (list.data?.content.length === 1 && query['page-num'] > 1) {
        changeQuery({ 'page-num': query['page-num'] - 1 });
      }
    } catch (error) {
      toast.error(error);
    }
  };

  const failure = listFailure(list);
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageTitle
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            data-testid="create-profile"
            onClick={() => void navigate(profilePaths.add, { state: { from } })}
          >
            {t('create')}
          </Button>
        }
      >
        {t('title')}
      </PageTitle>
      <SearchField
        value={query.q ?? ''}
        onSearch={(q) => changeQuery({ q: q || undefined, 'page-num': 1 })}
        placeholder={t('searchPlaceholder')}
        testId="profiles-search"
      />
      {failure ? (
        <ListError title={t('loadError')} error={failure} onRetry={() => list.refetch()} />
      ) : (
        <>
          <LinearProgress
            aria-hidden
            sx={{ height: 2, mb: -2, visibility: list.isFetching ? 'visible' : 'hidden' }}
          />
          <ProfilesTable
            profiles={list.data?.content ?? []}
            total={list.data?.total ?? 0}
            query={query}
            isLoading={list.isPending || list.isPlaceholderData}
            onUpdate={(profile) =>
              void navigate(profilePaths.update(profile.id), { state: { from } })
            }
            onDelete={(profile, anchor) => setPending({ profile, anchor })}
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
          if (pending) void remove(pending.profile);
        }}
      />
    </Stack>
  );
}
