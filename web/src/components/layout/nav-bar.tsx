import { useId, useRef, useState, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import CloseIcon from '@mui/icons-material/Close';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MenuIcon from '@mui/icons-material/Menu';
import { landingAnchors, paths } from '../../app/paths';
import { useLogout } from '../../features/auth/api/auth-actions';
import { useUser } from '../../features/auth/api/use-user';
import { errorMessage } from '../../lib/error-message';
import { PRODUCT_NAME } from '../../lib/product';
import { useToast } from '../toast';
import { TestModeBanner } from './test-mode-banner';

interface NavLinkItem {
  label: string;
  href: string;
}

const adminLinks: NavLinkItem[] = [
  { label: 'Manual Payouts', href: paths.adminManualPayouts },
  { label: 'Charity Payouts', href: paths.adminCharityPayouts },
];

/** The links before the account area: anchors on the landing page, pages elsewhere. */
function sectionLinks(onLanding: boolean): NavLinkItem[] {
  if (onLanding) {
    return [
      { label: 'How It Works', href: `#${landingAnchors.howItWorks}` },
      { label: 'Charities', href: `#${landingAnchors.charities}` },
      { label: 'Pricing', href: `#${landingAnchors.pricing}` },
    ];
  }
  return [{ label: 'Charities', href: paths.charities }];
}

function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();
  const { toast } = useToast();
  return async () => {
    try {
      await logout();
      toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
      navigate(paths.home);
    } catch (error) {
      toast({ title: 'Logout failed', description: errorMessage(error), variant: 'destructive' });
    }
  };
}

export function NavBar() {
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const { user, isLoading, isAdmin } = useUser();
  const { pathname } = useLocation();
  const onLanding = pathname === paths.home && !user;
  const links = sectionLinks(onLanding);
  const signOut = useSignOut();
  const navProps = { links, pathname, isLoading, signedIn: !!user, isAdmin, onSignOut: signOut };

  return (
    <AppBar
      component="header"
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <TestModeBanner />
      <Toolbar sx={{ gap: 2, minHeight: { xs: 60, md: 68 } }}>
        <Link
          href={paths.home}
          underline="none"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 800, fontSize: '1.2rem', color: 'primary.main', mr: 'auto' }}
        >
          <CardGiftcardIcon aria-hidden="true" sx={{ color: 'secondary.dark' }} />
          {PRODUCT_NAME}
        </Link>
        {isDesktop ? <DesktopNav {...navProps} /> : <MobileNav {...navProps} />}
      </Toolbar>
    </AppBar>
  );
}

interface NavProps {
  links: NavLinkItem[];
  pathname: string;
  isLoading: boolean;
  signedIn: boolean;
  isAdmin: boolean;
  onSignOut: () => Promise<void>;
}

const current = (pathname: string, href: string) => (pathname === href ? ('page' as const) : undefined);

function AuthSpinner() {
  return <CircularProgress size={24} aria-label="Loading your account" />;
}

function DesktopNav({ links, pathname, isLoading, signedIn, isAdmin, onSignOut }: NavProps) {
  return (
    <Box component="nav" aria-label="Main" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      {links.map((link) => (
        <Button key={link.href} href={link.href} aria-current={current(pathname, link.href)}>
          {link.label}
        </Button>
      ))}
      {isLoading ? (
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2 }}>
          <AuthSpinner />
        </Box>
      ) : signedIn ? (
        <>
          <Button href={paths.home} aria-current={current(pathname, paths.home)}>
            Dashboard
          </Button>
          {isAdmin && <AdminMenu />}
          <Button onClick={() => void onSignOut()}>Sign Out</Button>
          <Button variant="contained" href={paths.createRegistry} sx={{ ml: 1 }}>
            Create Registry
          </Button>
        </>
      ) : (
        <>
          <Button href={paths.auth} aria-current={current(pathname, paths.auth)}>
            Sign In
          </Button>
          <Button variant="contained" href={paths.auth} sx={{ ml: 1 }}>
            Create Registry
          </Button>
        </>
      )}
    </Box>
  );
}

function AdminMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;
  const open = anchor !== null;
  return (
    <>
      <Button
        id={buttonId}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        endIcon={<ExpandMoreIcon />}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      >
        Admin
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        // Rendered inside the header so the menu stays within the banner landmark.
        disablePortal
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {adminLinks.map((link) => (
          <MenuItem key={link.href} component={Link} href={link.href} onClick={() => setAnchor(null)}>
            {link.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function MobileNav({ links, pathname, isLoading, signedIn, isAdmin, onSignOut }: NavProps) {
  const [open, setOpen] = useState(false);
  const pendingAnchor = useRef<string | null>(null);
  const drawerId = useId();
  const close = () => setOpen(false);

  // An in-page anchor scrolls once the drawer has closed and given focus back.
  const onLinkClick = (event: MouseEvent<HTMLElement>, href: string) => {
    if (href.startsWith('#')) {
      event.preventDefault();
      pendingAnchor.current = href.slice(1);
    }
    close();
  };
  const afterClose = () => {
    const target = pendingAnchor.current ? document.getElementById(pendingAnchor.current) : null;
    pendingAnchor.current = null;
    if (!target) return;
    target.scrollIntoView?.();
    target.focus({ preventScroll: true });
  };

  return (
    <>
      {isLoading && <AuthSpinner />}
      <IconButton
        aria-label="Open menu"
        aria-controls={open ? drawerId : undefined}
        aria-expanded={open}
        onClick={() => setOpen(true)}
        edge="end"
        color="primary"
      >
        <MenuIcon />
      </IconButton>
      <Drawer
        anchor="right"
        open={open}
        onClose={close}
        slotProps={{
          paper: { id: drawerId, 'aria-label': 'Menu', sx: { width: 'min(300px, 85vw)' } },
          transition: { onExited: afterClose },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
          <Box component="span" sx={{ fontWeight: 800, color: 'primary.main' }}>
            {PRODUCT_NAME}
          </Box>
          <IconButton aria-label="Close menu" onClick={close}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Divider />
        <Box component="nav" aria-label="Main">
          <List>
            {links.map((link) => (
              <DrawerLink
                key={link.href}
                link={link}
                pathname={pathname}
                onClick={(event) => onLinkClick(event, link.href)}
              />
            ))}
            {isLoading ? null : signedIn ? (
              <>
                <DrawerLink link={{ label: 'Dashboard', href: paths.home }} pathname={pathname} onClick={close} />
                <DrawerLink link={{ label: 'Create Registry', href: paths.createRegistry }} pathname={pathname} onClick={close} />
              </>
            ) : (
              <>
                <DrawerLink link={{ label: 'Sign In', href: paths.auth }} pathname={pathname} onClick={close} />
                <DrawerLink link={{ label: 'Create Registry', href: paths.auth }} pathname="" onClick={close} />
              </>
            )}
          </List>
          {isAdmin && (
            <List subheader={<ListSubheader>Admin</ListSubheader>}>
              {adminLinks.map((link) => (
                <DrawerLink key={link.href} link={link} pathname={pathname} onClick={close} />
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
                      close();
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
    </>
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
