import { lazy, Suspense, useCallback, useId, useRef, useState, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import MenuIcon from '@mui/icons-material/Menu';
import { landingAnchors, paths } from '@core/page-paths';
import { useLogout } from '@/lib/use-logout';
import { useUser } from '@/lib/use-user';
import { errorMessage } from '@/lib/error-message';
import { PRODUCT_NAME } from '@/lib/product';
import { useToast } from '@/components/toast';
import { TestModeBanner } from './test-mode-banner';
import { current, type NavLinkItem } from './nav-links';

// Loaded when needed: only administrators see the menu, and the drawer only once it is opened.
const AdminMenu = lazy(() => import('./admin-menu'));
const NavDrawer = lazy(() => import('./nav-drawer'));

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
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'));
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
          <Button href={paths.account} aria-current={current(pathname, paths.account)}>
            Account
          </Button>
          {isAdmin && (
            <Suspense fallback={null}>
              <AdminMenu />
            </Suspense>
          )}
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

function MobileNav({ links, pathname, isLoading, signedIn, isAdmin, onSignOut }: NavProps) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  // aria-controls may name the drawer only once its chunk has arrived and it is in the page.
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const markDrawerLoaded = useCallback(() => setDrawerLoaded(true), []);
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
        aria-controls={open && drawerLoaded ? drawerId : undefined}
        aria-expanded={open}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        edge="end"
        color="primary"
      >
        <MenuIcon />
      </IconButton>
      {/* Mounted from the first opening on, so it can animate its closing and give focus back. */}
      {opened && (
        <Suspense fallback={null}>
          <NavDrawer
            id={drawerId}
            open={open}
            onClose={close}
            onExited={afterClose}
            onLoaded={markDrawerLoaded}
            onLinkClick={onLinkClick}
            links={links}
            pathname={pathname}
            isLoading={isLoading}
            signedIn={signedIn}
            isAdmin={isAdmin}
            onSignOut={onSignOut}
          />
        </Suspense>
      )}
    </>
  );
}
