import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';

/** Tells the owner a registry is unlisted: on its page and on its card in their own list. */
export function UnlistedChip() {
  return (
    <Tooltip title="Only people with the link can open it; it is never shown in search.">
      <Chip size="small" icon={<VisibilityOffIcon aria-hidden="true" />} label="Unlisted" variant="outlined" sx={{ fontWeight: 600 }} />
    </Tooltip>
  );
}
