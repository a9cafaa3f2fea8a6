import { createTheme } from '@mui/material/styles';
import type { LinkProps } from '@mui/material/Link';
import { LinkBehavior } from '../components/link-behavior';

/**
 * One theme: a deep, trustworthy blue with a warm gold accent. Text colours are chosen for at
 * least 4.5:1 contrast against the surfaces they sit on (WCAG 2.1 AA).
 */
export const brand = {
  navy: '#1e3a8a', // white text on it: 10.4:1
  navyDark: '#172554',
  navyLight: '#3b5bcc',
  gold: '#f2b632', // dark text on it: 9.8:1
  goldDark: '#8a5a00', // on white: 5.9:1
  cream: '#fbf8f1',
  ink: '#111827',
  inkMuted: '#4b5563', // on white 7.6:1, on cream 7.2:1
  focus: '#b45309', // focus ring: 5.0:1 on white; a white inner ring shows it on navy
  footer: '#0f1d45',
} as const;

/**
 * The keyboard focus ring: gold-brown outside, white inside, so it shows on white, cream and navy.
 * MUI's buttons set `outline: 0` on their own class, which outranks a bare `:focus-visible` rule:
 * every ButtonBase (buttons, accordion headers, radios, chips…) draws it again on the class MUI
 * gives a keyboard focus.
 */
const focusRing = { outline: `3px solid ${brand.focus}`, outlineOffset: 2, boxShadow: '0 0 0 2px #ffffff' } as const;

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: brand.navy, dark: brand.navyDark, light: brand.navyLight, contrastText: '#ffffff' },
    secondary: { main: brand.gold, dark: brand.goldDark, light: '#f8d77f', contrastText: brand.ink },
    error: { main: '#b91c1c', dark: '#7f1d1d', light: '#ef4444', contrastText: '#ffffff' },
    success: { main: '#15803d', dark: '#14532d', light: '#22c55e', contrastText: '#ffffff' },
    background: { default: brand.cream, paper: '#ffffff' },
    text: { primary: brand.ink, secondary: brand.inkMuted },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2.25rem', fontWeight: 800, lineHeight: 1.15, letterSpacing: '-0.01em' },
    h2: { fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.2 },
    h3: { fontSize: '1.25rem', fontWeight: 700, lineHeight: 1.3 },
    h4: { fontSize: '1.125rem', fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // A white inner ring keeps the focus indicator visible on the dark blue surfaces too.
        ':focus-visible': focusRing,
        'section[id], [id][tabindex="-1"]': { scrollMarginTop: 88 },
        '@media (prefers-reduced-motion: no-preference)': { html: { scrollBehavior: 'smooth' } },
        body: { minWidth: 320 },
      },
    },
    MuiLink: {
      defaultProps: { component: LinkBehavior } as LinkProps,
      styleOverrides: { root: { textUnderlineOffset: '0.2em' } },
    },
    MuiButtonBase: {
      defaultProps: { LinkComponent: LinkBehavior },
      styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
    },
    MuiAccordionSummary: {
      // Inside the accordion's edge, so the next question's border does not cut the ring.
      styleOverrides: { root: { '&.Mui-focusVisible': { ...focusRing, outlineOffset: -3 } } },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 999, paddingInline: 20 } },
    },
    MuiTextField: {
      defaultProps: { fullWidth: true },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderRadius: 16 } },
    },
  },
});
