import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LogoutIcon from '@mui/icons-material/Logout';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { User, UserListQuery } from '@signet/contracts/users';
import { ListTable } from '../../../shared/components/list-table';
import { formatDateTime } from '../../../shared/format/format-date-time';
import { EmailText } from '../../../shared/format/email-text';
import { UserRoleChips } from './user-role-chips';
import { UserStatusChip } from './user-status-chip';

type SortField = UserListQuery['sort-field'];
type SortOrder = UserListQuery['sort-order'];

type ColumnKey = SortField | 'role' | 'actions';

const sortableFields: ReadonlySet<ColumnKey> = new Set<SortField>([
  'id',
  'name',
  'status',
  'createdAt',
  'email',
]);

function isSortField(key: ColumnKey): key is SortField {
  return sortableFields.has(key);
}

/** Every column (spec platform §2), in order. */
const wideColumns: readonly ColumnKey[] = [
  'id',
  'name',
  'status',
  'role',
  'createdAt',
  'email',
  'actions',
];
/** On narrow screens the name cell also shows the e-mail, creation time and id. */
const compactColumns: readonly ColumnKey[] = ['name', 'status', 'role', 'actions'];

interface UsersTableProps {
  users: readonly User[];
  total: number;
  query: UserListQuery;
  isLoading: boolean;
  /** The signed-in admin, who cannot delete themselves. */
  currentUserId: string | undefined;
  onSort: (field: SortField, order: SortOrder) => void;
  onPage: (pageNum: number) => void;
  onPageSize: (pageSize: UserListQuery['page-size']) => void;
  onUpdate: (user: User) => void;
  onDelete: (user: User, anchor: HTMLElement) => void;
  /** End every session of the user (asks first). */
  onEndSessions: (user: User, anchor: HTMLElement) => void;
}

function fullName(user: User): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}

interface UserCellProps {
  column: ColumnKey;
  user: User;
  isCompact: boolean;
  isSelf: boolean;
  onUpdate: (user: User) => void;
  onDelete: (user: User, anchor: HTMLElement) => void;
  onEndSessions: (user: User, anchor: HTMLElement) => void;
}

function UserCell(props: UserCellProps) {
  const { column, user, isCompact, isSelf, onUpdate, onDelete, onEndSessions } = props;
  const { t } = useTranslation('users');
  switch (column) {
    case 'id':
      return (
        <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.75rem' }}>
          <Tooltip title={user.id}>
            <span>{user.id.slice(0, 8)}</span>
          </Tooltip>
        </TableCell>
      );
    case 'name':
      if (!isCompact) {
        return <TableCell sx={{ minWidth: 120 }}>{fullName(user) || t('noName')}</TableCell>;
      }
      return (
        <TableCell sx={{ minWidth: 160 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {fullName(user) || t('noName')}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="user-email">
            <EmailText email={user.email} />
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {formatDateTime(user.createdAt)}
          </Typography>
        </TableCell>
      );
    case 'status':
      return (
        <TableCell>
          <UserStatusChip status={user.status} />
        </TableCell>
      );
    case 'role':
      return (
        <TableCell sx={{ minWidth: 120 }}>
          <UserRoleChips roles={user.roles} />
        </TableCell>
      );
    case 'createdAt':
      return <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(user.createdAt)}</TableCell>;
    case 'email':
      return <TableCell sx={{ whiteSpace: 'nowrap' }}>{user.email}</TableCell>;
    case 'actions':
      return (
        <TableCell align="right" sx={{ whiteSpace: 'nowrap', width: '1%' }}>
          <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
            <Tooltip title={t('actions.update', { email: user.email })}>
              <IconButton
                size="small"
                aria-label={t('actions.update', { email: user.email })}
                onClick={() => onUpdate(user)}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('actions.endSessions', { email: user.email })}>
              <IconButton
                size="small"
                aria-label={t('actions.endSessions', { email: user.email })}
                onClick={(event) => onEndSessions(user, event.currentTarget)}
              >
                <LogoutIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip
              title={
                isSelf ? t('actions.cannotDeleteSelf') : t('actions.delete', { email: user.email })
              }
            >
              <span>
                <IconButton
                  size="small"
                  aria-label={t('actions.delete', { email: user.email })}
                  disabled={isSelf}
                  onClick={(event) => onDelete(user, event.currentTarget)}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </Stack>
        </TableCell>
      );
  }
}

/** The users of one page with sortable headers and the pager (10, 25, 50 rows). */
export function UsersTable(props: UsersTableProps) {
  const { users, total, query, isLoading, currentUserId } = props;
  const { t } = useTranslation('users');
  const isCompact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const columns = isCompact ? compactColumns : wideColumns;

  return (
    <ListTable
      label={t('title')}
      testId="users-table"
      columns={columns}
      columnLabel={(column) => t(`columns.${column}`)}
      sortFieldOf={(column) => (isSortField(column) ? column : undefined)}
      query={query}
      total={total}
      isLoading={isLoading}
      isEmpty={users.length === 0}
      emptyText={t('empty')}
      onSort={props.onSort}
      onPage={props.onPage}
      onPageSize={props.onPageSize}
    >
      {users.map((user) => (
        <TableRow key={user.id} hover data-testid="user-row">
          {columns.map((column) => (
            <UserCell
              key={column}
              column={column}
              user={user}
              isCompact={isCompact}
              isSelf={user.id === currentUserId}
              onUpdate={props.onUpdate}
              onDelete={props.onDelete}
              onEndSessions={props.onEndSessions}
            />
          ))}
        </TableRow>
      ))}
    </ListTable>
  );
}
