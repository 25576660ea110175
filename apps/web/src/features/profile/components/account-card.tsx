import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import LockResetIcon from '@mui/icons-material/LockReset';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface AccountCardProps {
  changePasswordUrl: string;
  deleteAccountUrl: string;
}

/** Links to the identity provider's change-password and delete-account pages, when configured. */
export function AccountCard({ changePasswordUrl, deleteAccountUrl }: AccountCardProps) {
  const { t } = useTranslation('profile');
  if (!changePasswordUrl && !deleteAccountUrl) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="profile-account-title">
      <CardContent>
        <Typography id="profile-account-title" variant="h6" component="h2" gutterBottom>
          {t('account.title')}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
          {changePasswordUrl && (
            <Button variant="outlined" startIcon={<LockResetIcon />} href={changePasswordUrl}>
              {t('account.changePassword')}
            </Button>
          )}
          {deleteAccountUrl && (
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteForeverIcon />}
              href={deleteAccountUrl}
            >
              {t('account.deleteAccount')}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
