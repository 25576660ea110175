import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Device, DeviceListQuery, deviceSortFields } from '@signet/contracts/devices';
import { defaultPageSize } from '@signet/contracts/limits';
import { DeleteDeviceButton } from '../../../shared/components/delete-device-button';
import { ListTable } from '../../../shared/components/list-table';
import { PageTitle } from '../../../shared/components/page-title';
import { SearchField } from '../../../shared/components/search-field';
import { EmailText } from '../../../shared/format/email-text';
import { formatDateTime } from '../../../shared/format/format-date-time';
import { useAllDevices } from '../api/get-all-devices';
import { ListError } from '../../../shared/lists/list-error';
import { listFailure } from '../../../shared/lists/list-failure';

const wideColumns = ['friendlyName', 'status', 'user', 'email', 'createdAt', 'actions'] as const;
/** At 600 px the owner's name and the date give way, so the table fits without sideways scroll. */
const compactColumns = ['friendlyName', 'status', 'email', 'actions'] as const;
type Column = (typeof wideColumns)[number];

function DeviceCell({ column, device }: { column: Column; device: Device }) {
  const { t } = useTranslation('devices');
  switch (column) {
    case 'friendlyName':
      return <TableCell sx={{ wordBreak: 'break-word' }}>{device.friendlyName}</TableCell>;
    case 'status':
      return (
        <TableCell>
          <Chip
            size="small"
            label={t(`status.${device.status}`)}
            color={device.enabled ? 'success' : 'default'}
          />
        </TableCell>
      );
    case 'user':
      return <TableCell>{device.user.name}</TableCell>;
    case 'email':
      return (
        <TableCell sx={{ minWidth: 0 }}>
          <EmailText email={device.user.email} />
        </TableCell>
      );
    case 'createdAt':
      return <TableCell>{formatDateTime(device.createdAt)}</TableCell>;
    case 'actions':
      return (
        <TableCell align="right">
          <DeleteDeviceButton deviceId={device.id} deletedMessage={t('deleted')} />
        </TableCell>
      );
  }
}
type SortField = (typeof deviceSortFields)[number];

/** `/devices-admin`: every user's devices (admin), live through the device events. */
export default function DevicesAdminPage() {
  const { t } = useTranslation('devices');
  const [query, setQuery] = useState<DeviceListQuery>({
    q: '',
    'page-num': 1,
    'page-size': defaultPageSize,
    'sort-field': 'createdAt',
    'sort-order': 'desc',
  });
  const devices = useAllDevices(query);
  const isCompact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const columns = isCompact ? compactColumns : wideColumns;
  const sortFieldOf = (column: Column): SortField | undefined =>
    column === 'friendlyName' || column === 'createdAt' || column === 'email' ? column : undefined;
  const failure = listFailure(devices);
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageTitle>{t('title')}</PageTitle>
      <SearchField
        value={query.q ?? ''}
        onSearch={(q) => setQuery((current) => ({ ...current, q, 'page-num': 1 }))}
        placeholder={t('search')}
        testId="devices-search"
      />
      {failure ? (
        <ListError title={t('loadError')} error={failure} onRetry={() => devices.refetch()} />
      ) : (
        <ListTable
          label={t('title')}
          testId="devices-admin-table"
          columns={columns}
          columnLabel={(column) => t(`columns.${column}`)}
          sortFieldOf={sortFieldOf}
          query={query}
          total={devices.data?.total ?? 0}
          isLoading={devices.isFetching}
          isEmpty={devices.data?.content.length === 0}
          emptyText={t('empty')}
          onSort={(field, order) =>
            setQuery((current) => ({ ...current, 'sort-field': field, 'sort-order': order }))
          }
          onPage={(page) => setQuery((current) => ({ ...current, 'page-num': page }))}
          onPageSize={(size) =>
            setQuery((current) => ({ ...current, 'page-size': size, 'page-num': 1 }))
          }
        >
          {devices.data?.content.map((device) => (
            <TableRow key={device.id} data-testid="devices-admin-row">
              {columns.map((column) => (
                <DeviceCell key={column} column={column} device={device} />
              ))}
            </TableRow>
          ))}
        </ListTable>
      )}
    </Stack>
  );
}
