import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type {
  SignatureProfileListQuery,
  SignatureProfileSummary,
} from '@signet/contracts/signature-profiles';
import { ListTable } from '../../../shared/components/list-table';
import { truncatedName } from '../profile-list-query';
import { ProfilePreviewTooltip } from './profile-preview-tooltip';

type Column = 'name' | 'actions';
const columns: readonly Column[] = ['name', 'actions'];

interface ProfilesTableProps {
  profiles: SignatureProfileSummary[];
  total: number;
  query: SignatureProfileListQuery;
  isLoading: boolean;
  onUpdate: (profile: SignatureProfileSummary) => void;
  onDelete: (profile: SignatureProfileSummary, anchor: HTMLElement) => void;
  onSort: (field: SignatureProfileListQuery['sort-field'], order: 'asc' | 'desc') => void;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/** The profiles (D§2): the name cut at 40 characters, and preview, update and delete. */
export function ProfilesTable(props: ProfilesTableProps) {
  const { t } = useTranslation('signatureProfiles');
  return (
    <ListTable
      label={t('title')}
      testId="profiles-table"
      columns={columns}
      columnLabel={(column) => t(`columns.${column}`)}
      sortFieldOf={(column) => (column === 'name' ? 'name' : undefined)}
      query={props.query}
      total={props.total}
      isLoading={props.isLoading}
      isEmpty={props.profiles.length === 0}
      emptyText={t('empty')}
      onSort={props.onSort}
      onPage={props.onPage}
      onPageSize={props.onPageSize}
    >
      {props.profiles.map((profile) => (
        <TableRow key={profile.id} hover data-testid="profile-row">
          <TableCell
            title={profile.name}
            data-testid="profile-row-name"
            sx={{ width: '100%', wordBreak: 'break-word' }}
          >
            {truncatedName(profile.name)}
          </TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap', width: 1 }}>
            <Stack direction="row" spacing={0.5} justifyContent="flex-end">
              <ProfilePreviewTooltip id={profile.id} />
              <Tooltip title={t('actions.update')}>
                <IconButton
                  size="small"
                  aria-label={t('actions.update')}
                  onClick={() => props.onUpdate(profile)}
                  data-testid="profile-update"
                >
                  <EditOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('actions.delete')}>
                <IconButton
                  size="small"
                  aria-label={t('actions.delete')}
                  onClick={(event) => props.onDelete(profile, event.currentTarget)}
                  data-testid="profile-delete"
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
          </TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}
