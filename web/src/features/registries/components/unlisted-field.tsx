import { useId } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';

interface UnlistedFieldProps {
  id: string;
  checked: boolean;
  onChange: (unlisted: boolean) => void;
  disabled?: boolean;
}

export const UNLISTED_LABEL = 'Keep this registry unlisted';
export const UNLISTED_HELP =
  'An unlisted registry never appears in search or among recent registries. Only people you send its link or QR code to can open it.';

/** Whether guests may come across the registry by the child's name: the create form and the edit dialog. */
export function UnlistedField({ id, checked, onChange, disabled = false }: UnlistedFieldProps) {
  const helpId = useId();
  return (
    <Box>
      <FormControlLabel
        label={UNLISTED_LABEL}
        disabled={disabled}
        control={
          <Checkbox
            id={id}
            name="unlisted"
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
      />
      <FormHelperText id={helpId} sx={{ mt: 0, ml: 4 }}>
        {UNLISTED_HELP}
      </FormHelperText>
    </Box>
  );
}
