import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Device } from '@signet/contracts/devices';
import { DeleteDeviceButton } from '../../../shared/components/delete-device-button';
import { formatDateTime } from '../../../shared/format/format-date-time';
import { useOwnDevices } from '../api/get-own-devices';
import { ListError } from '../../../shared/lists/list-error';
import { listFailure } from '../../../shared/lists/list-failure';

export const profilePath = '/user/profile';
export const addDevicePath = '/user/profile/devices/add';
export const updateDevicePath = (id: string) =>
  `/user/profile/devices/${encodeURIComponent(id)}/update`;

function DeviceRow({ device }: { device: Device }) {
  const { t } = useTranslation('profile');
  return (
    <TableRow data-testid="device-row">
      <TableCell sx={{ wordBreak: 'break-word' }}>{device.friendlyName}</TableCell>
      <TableCell>
        <Chip
          size="small"
          label={t(`devices.status.${device.status}`)}
          color={device.enabled ? 'success' : 'default'}
          variant={device.enabled ? 'filled' : 'outlined'}
        />
      </TableCell>
      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
        {formatDateTime(device.createdAt)}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Tooltip title={t('devices.manage')}>
          <IconButton
            component={RouterLink}
            to={updateDevicePath(device.id)}
            aria-label={t('devices.manage')}
            data-testid="device-manage"
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <DeleteDeviceButton
          deviceId={device.id}
          deletedMessage={t('devices.deleted')}
          testId="device-delete"
        />
      </TableCell>
    </TableRow>
  );
}

/** My profile's devices table (spec platform §2): manage, delete, add. Device events refresh it. */
export function DevicesCard() {
  const { t } = useTranslation('profile');
  const devices = useOwnDevices({ 'page-num': 1, 'page-size': 50 });
  const failure = listFailure(devices);
  return (
    <Card variant="outlined" component="section" aria-labelledby="profile-devices-title">
      <CardContent>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
        >
          <Typography id="profile-devices-title" variant="h6" component="h2">
            {t('devices.title')}
          </Typography>
          <Button
            startIcon={<AddIcon />}
            component={RouterLink}
            to={addDevicePath}
            data-testid="device-add"
          >
            {t('devices.add')}
          </Button>
        </Stack>
        {failure ? (
          <ListError
            title={t('devices.loadError')}
            error={failure}
            onRetry={() => devices.refetch()}
          />
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t('devices.title')} data-testid="devices-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('devices.friendlyName')}</TableCell>
                  <TableCell>{t('devices.statusColumn')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {t('devices.createdAt')}
                  </TableCell>
                  <TableCell align="right">{t('devices.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {devices.data?.content.map((device) => (
                  <DeviceRow key={device.id} device={device} />
                ))}
                {devices.data?.content.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={4}>
                      <Typography color="text.secondary">{t('devices.empty')}</Typography>
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
