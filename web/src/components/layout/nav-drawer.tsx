import { useEffect, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import CloseIcon from '@mui/icons-material/Close';
import { paths } from '@core/page-paths';
import { PRODUCT_NAME } from '@/lib/product';
import { adminLinks, current, type NavLinkItem } from './nav-links';

export interface NavDrawerProps {
  id: string;
  open: boolean;
  onClose: () => void;
  /** Called once the drawer has closed and given focus back. */
  onExited: () => void;
  /** Called once the drawer is in the page, so the menu button may name it (aria-controls). */
  onLoaded: () => void;
  onLinkClick: (event: MouseEvent<HTMLElement>, href: string) => void;
  links: NavLinkItem[];
  pathname: string;
  isLoading: boolean;
  signedIn: boolean;
  isAdmin: boolean;
  onSignOut: () => Promise<void>;
}

/**
 * The small screen's menu. Its own chunk, loaded when the menu is first opened: the drawer's
 * modal, focus trap and transition are not needed to show a page.
 */
export default function NavDrawer({
  id,
  open,
  onClose,
  onExited,
  onLoaded,
  onLinkClick,
  links,
  pathname,
  isLoading,
  signedIn,
  isAdmin,
  onSignOut,
}: NavDrawerProps) {
  useEffect(() => onLoaded(), [onLoaded]);
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: { id, 'aria-label': 'Menu', sx: { width: 'min(300px, 85vw)' } },
        transition: { onExited },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
        <Box component="span" sx={{ fontWeight: 800, color: 'primary.main' }}>
          {PRODUCT_NAME}
        </Box>
        <IconButton aria-label="Close menu" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box component="nav" aria-label="Main">
        <List>
          {links.map((link) => (
            <DrawerLink key={link.href} link={link} pathname={pathname} onClick={(event) => onLinkClick(event, link.href)} />
          ))}
          {isLoading ? null : signedIn ? (
            <>
              <DrawerLink link={{ label: 'Dashboard', href: paths.home }} pathname={pathname} onClick={onClose} />
              <DrawerLink link={{ label: 'Account', href: paths.account }} pathname={pathname} onClick={onClose} />
              <DrawerLink link={{ label: 'Create Registry', href: paths.createRegistry }} pathname={pathname} onClick={onClose} />
            </>
          ) : (
            <>
              <DrawerLink link={{ label: 'Sign In', href: paths.auth }} pathname={pathname} onClick={onClose} />
              <DrawerLink link={{ label: 'Create Registry', href: paths.auth }} pathname="" onClick={onClose} />
            </>
          )}
        </List>
        {isAdmin && (
          <List subheader={<ListSubheader>Admin</ListSubheader>}>
            {adminLinks.map((link) => (
              <DrawerLink key={link.href} link={link} pathname={pathname} onClick={onClose} />
            ))}
          </List>
        )}
        {signedIn && (
          <>
            <Divider />
            <List>
              <ListItem disablePadding>
                <ListItemButton
                  onClick={() => {
                    onClose();
                    void onSignOut();
                  }}
                >
                  <ListItemText primary="Sign Out" />
                </ListItemButton>
              </ListItem>
            </List>
          </>
        )}
      </Box>
    </Drawer>
  );
}

function DrawerLink({
  link,
  pathname,
  onClick,
}: {
  link: NavLinkItem;
  pathname: string;
  onClick: (event: MouseEvent<HTMLElement>) => void;
}) {
  return (
    <ListItem disablePadding>
      <ListItemButton component={Link} href={link.href} aria-current={current(pathname, link.href)} onClick={onClick}>
        <ListItemText primary={link.label} />
      </ListItemButton>
    </ListItem>
  );
}
