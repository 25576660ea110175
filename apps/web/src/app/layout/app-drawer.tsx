import { drawerWidth } from '@signet/contracts/limits';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { NavLink } from 'react-router';
import { Logo } from './logo';
import { menuIcons } from './menu-icons';
import type { MenuItem } from './menu-items';

interface AppDrawerProps {
  items: MenuItem[];
  /** Narrow screens: a temporary drawer over the content; wide: a persistent one beside it. */
  isTemporary: boolean;
  open: boolean;
  onClose(): void;
}

function MenuEntry({ item, onNavigate }: { item: MenuItem; onNavigate(): void }) {
  const { t } = useTranslation('app');
  const Icon = menuIcons[item.id];
  const common = { 'data-testid': `menu-${item.id}`, sx: { borderRadius: 1, mx: 1 } };
  const content = (
    <>
      <ListItemIcon sx={{ minWidth: 40 }}>
        <Icon />
      </ListItemIcon>
      <ListItemText primary={t(item.labelKey)} />
      {item.href && <OpenInNew fontSize="small" titleAccess={t('menu.external')} />}
    </>
  );
  if (item.href) {
    return (
      <ListItemButton
        component="a"
        href={item.href}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onNavigate}
        {...common}
      >
        {content}
      </ListItemButton>
    );
  }
  return (
    <ListItemButton component={NavLink} to={item.to ?? '/'} onClick={onNavigate} {...common}>
      {content}
    </ListItemButton>
  );
}

/** The side drawer, 270 px wide, with the menu of the user's role. */
export function AppDrawer({ items, isTemporary, open, onClose }: AppDrawerProps) {
  const { t } = useTranslation('app');
  return (
    <Drawer
      variant={isTemporary ? 'temporary' : 'persistent'}
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      sx={
        isTemporary
          ? {
              '& .MuiDrawer-paper': { width: drawerWidth, boxSizing: 'border-box' },
            }
          : {
              width: open ? drawerWidth : 0,
              flexShrink: 0,
              transition: (theme) => theme.transitions.create('width'),
              // Beside the content, below the header; it scrolls on its own.
              '& .MuiDrawer-paper': {
                width: drawerWidth,
                boxSizing: 'border-box',
                position: 'relative',
                height: '100%',
              },
            }
      }
    >
      {isTemporary && (
        <Toolbar sx={{ gap: 1 }}>
          <Logo size={32} />
          <Typography variant="h6" component="span">
            {t('appName')}
          </Typography>
        </Toolbar>
      )}
      <nav aria-label={t('menu.title')}>
        <List
          sx={{
            '& .active': { bgcolor: 'action.selected' },
          }}
        >
          {items.map((item) => (
            <MenuEntry
              key={item.id}
              item={item}
              onNavigate={() => {
                if (isTemporary) onClose();
              }}
            />
          ))}
        </List>
      </nav>
    </Drawer>
  );
}
