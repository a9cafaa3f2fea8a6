import { createTheme } from '@mui/material/styles';
import type { LinkProps } from '@mui/material/Link';
import { LinkBehavior } from '@/components/link-behavior';
import { colours, elevation, fonts, radii, spacingUnit, typeScale } from '@core/design-tokens';

/**
 * One theme: a deep, trustworthy blue with a warm gold accent on cream, and a serif display face
 * for what is celebrated. The values live in core/design-tokens.ts, which the e-mails share; text
 * colours keep at least 4.5:1 on the surfaces they sit on (test/core/design-tokens.test.ts).
 */
export const brand = colours;

/**
 * The keyboard focus ring: gold-brown outside, white inside, so it shows on white, cream and navy.
 * MUI's buttons set `outline: 0` on their own class, which outranks a bare `:focus-visible` rule:
 * every ButtonBase (buttons, accordion headers, radios, chips…) draws it again on the class MUI
 * gives a keyboard focus.
 */
const focusRing = { outline: `3px solid ${brand.focus}`, outlineOffset: 2, boxShadow: '0 0 0 2px #ffffff' } as const;

const mdUp = createTheme().breakpoints.up('md');

/** A heading in the display face, phone size first. */
function displayHeading(size: { xs: number; md: number }, lineHeight: number) {
  return {
    fontFamily: fonts.display,
    fontWeight: fonts.displayWeight,
    fontSize: `${size.xs}rem`,
    lineHeight,
    letterSpacing: '-0.01em',
    // Fraunces' optical size and softness axes are not in the static files; its 600 is already soft.
    [mdUp]: { fontSize: `${size.md}rem` },
  } as const;
}

export const theme = createTheme({
  // Someone who asks their device for less motion gets dialogs, menus and panels without their fades,
  // growth and slides (WCAG 2.3.3).
  motion: { reducedMotion: 'system' },
  spacing: spacingUnit,
  palette: {
    mode: 'light',
    primary: { main: colours.navy, dark: colours.navyDark, light: colours.navyLight, contrastText: '#ffffff' },
    secondary: { main: colours.gold, dark: colours.goldDark, light: colours.goldLight, contrastText: colours.ink },
    error: { main: colours.error, dark: '#7f1d1d', light: '#ef4444', contrastText: '#ffffff' },
    success: { main: colours.success, dark: '#14532d', light: '#22c55e', contrastText: '#ffffff' },
    background: { default: colours.cream, paper: colours.paper },
    text: { primary: colours.ink, secondary: colours.inkMuted },
    divider: colours.line,
  },
  shape: { borderRadius: radii.small },
  typography: {
    fontFamily: fonts.body,
    h1: displayHeading(typeScale.h1, 1.12),
    h2: displayHeading(typeScale.h2, 1.2),
    h3: displayHeading(typeScale.h3, 1.3),
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
      styleOverrides: { root: { borderRadius: radii.pill, paddingInline: 20 }, sizeLarge: { paddingBlock: 10, paddingInline: 28 } },
    },
    MuiTextField: {
      defaultProps: { fullWidth: true },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      // A warm hairline and a soft shadow: the card rests on the cream page rather than being boxed in.
      styleOverrides: { root: { borderRadius: radii.card, borderColor: colours.line, boxShadow: elevation.card } },
    },
  },
});
