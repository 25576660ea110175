import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { credentialSortFields } from '@signet/contracts/credentials';
import type { Credential } from '@signet/contracts/credentials';
import { ListTable } from '../../../shared/components/list-table';
import { formatDateTime } from '../../../shared/format/format-date-time';
import type { CredentialListState } from '../credential-list-query';
import type { CredentialActions } from '../credential-permissions';
import { CredentialDetails } from './credential-details';
import { CredentialRowActions } from './credential-row-actions';
import type { RowAction } from './credential-row-actions';
import { CredentialStatusChip } from './credential-status-chip';

type SortField = CredentialListState['sort-field'];
type ColumnKey =
  'description' | 'status' | 'createdAt' | 'keyPurpose' | 'authMode' | 'user' | 'email' | 'actions';

const sortable: ReadonlySet<string> = new Set(credentialSortFields);
function isSortField(column: ColumnKey): column is ColumnKey & SortField {
  return sortable.has(column);
}

/**
 * Every column of P§2 (the admin list adds user and e-mail); narrow screens keep description,
 * status and actions, and the rest moves into the expanded row.
 */
function columnsFor(isAdminList: boolean, isCompact: boolean): ColumnKey[] {
  if (isCompact) return ['description', 'status', 'actions'];
  return [
    'description',
    'status',
    'createdAt',
    'keyPurpose',
    'authMode',
    ...(isAdminList ? (['user', 'email'] as const) : []),
    'actions',
  ];
}

interface CredentialsTableProps {
  credentials: readonly Credential[];
  total: number;
  query: CredentialListState;
  isLoading: boolean;
  /** The admin list: user and e-mail columns. */
  isAdminList: boolean;
  actionsFor: (credential: Credential) => CredentialActions;
  onAction: (action: RowAction, credential: Credential, anchor: HTMLElement) => void;
  onSort: (field: SortField, order: CredentialListState['sort-order']) => void;
  onPage: (pageNum: number) => void;
  onPageSize: (pageSize: CredentialListState['page-size']) => void;
}

function Cell({
  column,
  credential,
  isCompact,
  isAdminList,
  actions,
  onAction,
}: {
  column: ColumnKey;
  credential: Credential;
  isCompact: boolean;
  isAdminList: boolean;
  actions: CredentialActions;
  onAction: CredentialsTableProps['onAction'];
}) {
  const { t } = useTranslation('credentials');
  switch (column) {
    case 'description':
      return (
        <TableCell sx={{ minWidth: 140, maxWidth: 360 }}>
          <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {credential.description}
          </Typography>
          {isCompact && (
            <>
              {isAdminList && (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {credential.user.name} · {credential.user.email}
                </Typography>
              )}
              <Typography variant="caption" color="text.secondary" component="div">
                {t(`keyPurpose.${credential.keyPurpose}`)} · {formatDateTime(credential.createdAt)}
              </Typography>
            </>
          )}
        </TableCell>
      );
    case 'status':
      return (
        <TableCell>
          <CredentialStatusChip credential={credential} />
        </TableCell>
      );
    case 'createdAt':
      return (
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(credential.createdAt)}</TableCell>
      );
    case 'keyPurpose':
      return <TableCell>{t(`keyPurpose.${credential.keyPurpose}`)}</TableCell>;
    case 'authMode':
      return <TableCell>{t(`authMode.${credential.authMode}`)}</TableCell>;
    case 'user':
      return <TableCell sx={{ minWidth: 100 }}>{credential.user.name}</TableCell>;
    case 'email':
      return (
        <TableCell sx={{ overflowWrap: 'break-word', minWidth: 160 }}>
          {credential.user.email}
        </TableCell>
      );
    case 'actions':
      return (
        <TableCell align="right" sx={{ whiteSpace: 'nowrap', width: '1%' }}>
          <CredentialRowActions credential={credential} actions={actions} onAction={onAction} />
        </TableCell>
      );
  }
}

/** The credentials of one page: expandable rows, sortable headers, pager of 10, 25, 50. */
export function CredentialsTable(props: CredentialsTableProps) {
  const { credentials, total, query, isLoading, isAdminList } = props;
  const { t } = useTranslation('credentials');
  const isCompact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const columns = columnsFor(isAdminList, isCompact);
  const hidesKeyColumns = !columns.includes('authMode');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <ListTable
      label={t('title')}
      testId="credentials-table"
      columns={columns}
      columnLabel={(column) => t(`columns.${column}`)}
      sortFieldOf={(column) => (isSortField(column) ? column : undefined)}
      leadingHeaderCell={<TableCell sx={{ width: 40, px: 1 }} />}
      query={query}
      total={total}
      isLoading={isLoading}
      isEmpty={credentials.length === 0}
      emptyText={t('empty')}
      onSort={props.onSort}
      onPage={props.onPage}
      onPageSize={props.onPageSize}
    >
      {credentials.map((credential) => {
        const isExpanded = expanded.has(credential.id);
        const actions = props.actionsFor(credential);
        return (
          <Fragment key={credential.id}>
            <TableRow
              hover
              data-testid="credential-row"
              sx={{ '& > td': { borderBottom: isExpanded ? 'none' : undefined } }}
            >
              <TableCell sx={{ px: 1 }}>
                <IconButton
                  size="small"
                  aria-expanded={isExpanded}
                  aria-label={isExpanded ? t('collapse') : t('expand')}
                  data-testid="credential-expand"
                  onClick={() => toggle(credential.id)}
                >
                  {isExpanded ? (
                    <KeyboardArrowUpIcon fontSize="small" />
                  ) : (
                    <KeyboardArrowDownIcon fontSize="small" />
                  )}
                </IconButton>
              </TableCell>
              {columns.map((column) => (
                <Cell
                  key={column}
                  column={column}
                  credential={credential}
                  isCompact={isCompact}
                  isAdminList={isAdminList}
                  actions={actions}
                  onAction={props.onAction}
                />
              ))}
            </TableRow>
            <TableRow>
              <TableCell
                colSpan={columns.length + 1}
                sx={{ py: 0, borderBottom: isExpanded ? undefined : 'none' }}
              >
                <Collapse in={isExpanded} timeout="auto" unmountOnExit>
                  <CredentialDetails credential={credential} showListColumns={hidesKeyColumns} />
                </Collapse>
              </TableCell>
            </TableRow>
          </Fragment>
        );
      })}
    </ListTable>
  );
}
