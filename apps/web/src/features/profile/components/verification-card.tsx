import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { User } from '@signet/contracts/users';

function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation('profile');
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      {value ? (
        <CheckCircleIcon fontSize="small" color="success" aria-hidden />
      ) : (
        <HighlightOffIcon fontSize="small" color="disabled" aria-hidden />
      )}
      <span>{value ? t('verification.yes') : t('verification.no')}</span>
    </Stack>
  );
}

/** Identity verification status of the signed-in user. */
export function VerificationCard({
  user,
}: {
  user: Pick<User, 'verified' | 'verificationMandatory'>;
}) {
  const { t } = useTranslation('profile');
  return (
    <Card variant="outlined" component="section" aria-labelledby="profile-verification-title">
      <CardContent>
        <Typography id="profile-verification-title" variant="h6" component="h2" gutterBottom>
          {t('verification.title')}
        </Typography>
        <Table size="small" sx={{ maxWidth: 420 }}>
          <TableBody>
            <TableRow>
              <TableCell component="th" scope="row">
                {t('verification.verified')}
              </TableCell>
              <TableCell data-testid="profile-verified">
                <YesNo value={user.verified} />
              </TableCell>
            </TableRow>
            <TableRow>
              <TableCell component="th" scope="row">
                {t('verification.mandatory')}
              </TableCell>
              <TableCell>
                <YesNo value={user.verificationMandatory} />
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
