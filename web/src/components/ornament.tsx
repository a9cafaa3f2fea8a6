import { useId } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

interface OrnamentProps {
  /** The ornament's width, one or per breakpoint; its height follows. */
  width?: number | string | Partial<Record<'xs' | 'sm' | 'md' | 'lg', number | string>>;
  sx?: SxProps<Theme>;
}

/**
 * The celebration's flourish: a six-pointed star between two fading gold rules. Decoration only,
 * so screen readers skip it; it draws in currentColor, so its surface chooses its gold.
 */
export function Ornament({ width = 168, sx }: OrnamentProps) {
  // Its own gradient ids: a page may show several, some hidden, and a hidden one's gradient would not paint for the others.
  const id = useId();
  const left = `${id}-left`;
  const right = `${id}-right`;
  return (
    <Box
      component="svg"
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 168 24"
      sx={[
        { display: 'block', width, maxWidth: '100%', height: 'auto', color: 'secondary.dark', flexShrink: 0 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <defs>
        <linearGradient id={left} x1="0" x2="1" y1="0" y2="0">
          <stop offset="0" stopColor="currentColor" stopOpacity="0" />
          <stop offset="1" stopColor="currentColor" stopOpacity="0.9" />
        </linearGradient>
        <linearGradient id={right} x1="0" x2="1" y1="0" y2="0">
          <stop offset="0" stopColor="currentColor" stopOpacity="0.9" />
          <stop offset="1" stopColor="currentColor" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect x="0" y="11.25" width="62" height="1.5" rx="0.75" fill={`url(#${left})`} />
      <circle cx="67" cy="12" r="1.6" fill="currentColor" />
      <g fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round">
        <path d="M84 3 L92.2 17 L75.8 17 Z" />
        <path d="M84 21 L75.8 7 L92.2 7 Z" />
      </g>
      <circle cx="101" cy="12" r="1.6" fill="currentColor" />
      <rect x="106" y="11.25" width="62" height="1.5" rx="0.75" fill={`url(#${right})`} />
    </Box>
  );
}
