import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A one-line field 40 px high on a phone (MUI's small size) and 56 px from the sm breakpoint up:
 * three fields 16 px lower each is what brings the gift form's Custom Amount onto a 360 × 740
 * first screen. The text keeps its 16 px size, so phones do not zoom into the field.
 */
export const phoneFieldSx: SxProps<Theme> = (theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& .MuiOutlinedInput-input': { paddingTop: '8.5px', paddingBottom: '8.5px' },
    // Where the small size puts the label while it sits inside the empty field.
    '& .MuiInputLabel-root:not(.MuiInputLabel-shrink)': { transform: 'translate(14px, 9px) scale(1)' },
  },
});
