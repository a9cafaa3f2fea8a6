import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { capitalisationHint } from '@core/registry/name-capitalisation';

/** A hint is only worth showing once there is a name to read, not at its first letter. */
const MIN_NAME_LENGTH = 2;

interface NameCapitalisationHintProps {
  name: string;
  onUse: (suggested: string) => void;
  disabled?: boolean;
}

/**
 * The child's name is kept exactly as the family types it; when it looks uncapitalised ("maya
 * rose katz"), this suggests capitals with one click. Submitting the name as typed still works.
 */
export function NameCapitalisationHint({ name, onUse, disabled = false }: NameCapitalisationHintProps) {
  const suggested = name.trim().length >= MIN_NAME_LENGTH ? capitalisationHint(name) : null;
  return (
    // Polite: announced once the typing settles, never interrupting it.
    <div aria-live="polite">
      {suggested && (
        <Alert
          severity="info"
          role="note"
          sx={{
            mt: -1.5,
            '& .MuiAlert-message': {
              overflowWrap: 'anywhere',
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              columnGap: 2,
              rowGap: 0.5,
            },
          }}
        >
          <span>Names are shown exactly as typed. Did you mean “{suggested}”?</span>
          <Button
            variant="outlined"
            color="inherit"
            size="small"
            onClick={() => onUse(suggested)}
            disabled={disabled}
            sx={{ whiteSpace: 'normal', textAlign: 'left', textTransform: 'none', fontWeight: 700 }}
          >
            Use ‘{suggested}’
          </Button>
        </Alert>
      )}
    </div>
  );
}
