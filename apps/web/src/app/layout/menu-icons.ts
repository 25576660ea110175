import Badge from '@mui/icons-material/Badge';
import Dashboard from '@mui/icons-material/Dashboard';
import Delete from '@mui/icons-material/Delete';
import Description from '@mui/icons-material/Description';
import Draw from '@mui/icons-material/Draw';
import FileDownload from '@mui/icons-material/FileDownload';
import Folder from '@mui/icons-material/Folder';
import Key from '@mui/icons-material/Key';
import Group from '@mui/icons-material/Group';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import PhoneAndroid from '@mui/icons-material/PhoneAndroid';
import Security from '@mui/icons-material/Security';
import FactCheck from '@mui/icons-material/FactCheck';
import Cloud from '@mui/icons-material/Cloud';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import Wallpaper from '@mui/icons-material/Wallpaper';
import Webhook from '@mui/icons-material/Webhook';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import type SvgIcon from '@mui/material/SvgIcon';
import type { MenuItemId } from './menu-items';

export const menuIcons: Record<MenuItemId, typeof SvgIcon> = {
  dashboard: Dashboard,
  'all-documents': Folder,
  'recycle-bin': Delete,
  'users-rssp': ManageAccounts,
  users: Group,
  'credentials-admin': Key,
  'imported-credentials': FileDownload,
  'evro-credentials': VerifiedUser,
  devices: PhoneAndroid,
  'csc-clients': Cloud,
  callbacks: Webhook,
  'signature-background': Wallpaper,
  license: WorkspacePremium,
  'my-documents': Description,
  'signature-profiles': Draw,
  credentials: Badge,
  'quantum-safe-demo': Security,
  validate: FactCheck,
};
