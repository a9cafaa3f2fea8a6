import { useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@/lib/visually-hidden';
import type { CharityOption, GiftCharities } from '@/features/gifts/lib/charity-options';

/**
 * More charities than this and the list scrolls within a bounded box (two or three rows and part
 * of the next show, as long names wrap, the cut-off row saying there is more), so the giver's
 * name and the amounts, Custom Amount included, still come up on a 360 × 740 first screen.
 */
const ROWS_BEFORE_SCROLLING = 4;
const SCROLL_BOX_HEIGHT = { xs: 140, sm: 164 };

interface CharityPickerProps {
  id: string;
  charities: GiftCharities;
  value: string;
  onChange: (charityId: string) => void;
  loadFailed: boolean;
  onRetry: () => void;
  disabled?: boolean;
}

/**
 * The charity section of the gift form: a radio group whose legend is the section's heading
 * ('Choose a Charity to Support' or 'Supporting Charity'), one line per charity, each with a
 * Details button that opens its description in place. The first radio carries the id.
 */
export function CharityPicker({ id, charities, value, onChange, loadFailed, onRetry, disabled = false }: CharityPickerProps) {
  const legendId = `${id}-legend`;
  const helpId = `${id}-help`;
  const { heading, options } = charities;
  const single = options?.length === 1;
  const scrolls = (options?.length ?? 0) > ROWS_BEFORE_SCROLLING;
  const listRef = useRef<HTMLDivElement>(null);

  // A choice the giver already made (coming back from the checkout) is in sight in the list.
  const shownChoice = useRef(false);
  useEffect(() => {
    const list = listRef.current;
    if (shownChoice.current || !list || !scrolls || value === '') return;
    shownChoice.current = true;
    const chosen = list.querySelector('input:checked')?.closest<HTMLElement>('[data-charity-row]');
    if (chosen) list.scrollTop = chosen.offsetTop - list.clientTop;
  }, [scrolls, value]);

  return (
    <Box component="fieldset" sx={{ width: '100%', m: 0, p: 0, border: 0, minWidth: 0 }}>
      <Box component="legend" id={legendId} sx={{ p: 0, mb: 0.5 }}>
        <Typography component="h2" variant="h3" sx={{ fontSize: { xs: '1.1rem', sm: '1.25rem' } }}>
          {heading}
        </Typography>
      </Box>
      <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {/* One line at 360 px; the 90% the family gets is in the gift's breakdown, once there is an amount. */}
        {single ? '10% of your gift goes to this charity.' : '10% of your gift goes to the charity you choose.'}
      </Typography>

      {options === undefined && !loadFailed && (
        <Typography variant="body2" color="text.secondary" role="status" sx={{ py: 1 }}>
          Loading charities…
        </Typography>
      )}
      {options === undefined && loadFailed && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Try again
            </Button>
          }
        >
          We couldn't load the charity list.
        </Alert>
      )}
      {options !== undefined && options.length === 0 && (
        <Alert severity="warning">No charity is accepting gifts right now. Please try again later.</Alert>
      )}
      {options !== undefined && options.length > 0 && (
        <Box
          ref={listRef}
          role="radiogroup"
          aria-labelledby={legendId}
          aria-describedby={helpId}
          sx={{
            gap: 0.75,
            // Two columns where there is room: more charities in the same height.
            display: { xs: 'flex', md: 'grid' },
            flexDirection: 'column',
            gridTemplateColumns: { md: 'repeat(2, minmax(0, 1fr))' },
            // A charity's opened details lengthen its own line, not its neighbour's.
            alignItems: { md: 'start' },
            position: 'relative',
            ...(scrolls && {
              maxHeight: SCROLL_BOX_HEIGHT,
              overflowY: 'auto',
              overscrollBehaviorY: 'contain',
              p: 0.5,
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
              bgcolor: 'background.default',
            }),
          }}
        >
          {options.map((option, index) => (
            <CharityRow
              key={option.id}
              option={option}
              inputId={index === 0 ? id : undefined}
              checked={option.id === value}
              onChoose={() => onChange(option.id)}
              disabled={disabled}
            />
          ))}
        </Box>
      )}
      {scrolls && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
          {options!.length} charities: scroll the list for more.
        </Typography>
      )}
    </Box>
  );
}

interface CharityRowProps {
  option: CharityOption;
  inputId: string | undefined;
  checked: boolean;
  onChoose: () => void;
  disabled: boolean;
}

/**
 * One charity: the browser's own radio (one name, so the arrow keys move through the list), not
 * MUI's, whose chunk a guest's first load cannot carry; the whole line is its label.
 */
function CharityRow({ option, inputId, checked, onChoose, disabled }: CharityRowProps) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const { details } = option;

  return (
    <Box
      data-charity-row
      sx={{
        flexShrink: 0,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
        '&:has(input:checked)': { borderColor: 'primary.main', boxShadow: (theme) => `inset 0 0 0 1px ${theme.palette.primary.main}` },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pr: 0.5 }}>
        <Box
          component="label"
          sx={{
            flex: 1,
            minWidth: 0,
            minHeight: 38,
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            pl: 1.25,
            cursor: disabled ? 'default' : 'pointer',
            color: disabled ? 'text.disabled' : undefined,
          }}
        >
          <Box
            component="input"
            type="radio"
            name="charityId"
            value={option.id}
            id={inputId}
            checked={checked}
            onChange={onChoose}
            disabled={disabled}
            sx={{ m: 0, width: 18, height: 18, flexShrink: 0, accentColor: (theme) => theme.palette.primary.main, cursor: 'inherit' }}
          />
          {/* A long name wraps rather than losing its end: a guest chooses by the whole name. */}
          <Box component="span" sx={{ display: 'block', minWidth: 0, py: 0.5 }}>
            <Typography
              component="span"
              sx={{ display: 'block', fontWeight: 600, fontSize: '0.95rem', lineHeight: 1.3, overflowWrap: 'anywhere' }}
            >
              {option.name}
            </Typography>
            {option.note && (
              <Typography
                component="span"
                variant="body2"
                color="text.secondary"
                sx={{ display: 'block', fontSize: '0.8125rem', overflowWrap: 'anywhere' }}
              >
                {option.note}
              </Typography>
            )}
          </Box>
        </Box>
        {details && (
          <Button
            size="small"
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            onClick={() => setOpen((shown) => !shown)}
            sx={{ flexShrink: 0, px: 1, minWidth: 0, fontSize: '0.8125rem', textDecoration: 'underline', textUnderlineOffset: '0.2em' }}
          >
            {/* The space stays outside the span: a name is read from each element trimmed. */}
            Details{' '}
            <Box component="span" sx={visuallyHidden}>
              about {option.name}
            </Box>
          </Button>
        )}
      </Box>
      {/* Drawn when opened: fifteen descriptions the guest has not asked for would weigh on the page
          the server draws and on the phone that takes it over. */}
      {details && open && (
        <Box id={panelId} sx={{ px: 1.5, pb: 1.5, pl: 4.75 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {option.name}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600, color: 'secondary.dark' }}>
            {details.impact}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {details.description}
          </Typography>
          {details.website && (
            <Link
              href={details.website}
              target="_blank"
              rel="noopener noreferrer"
              variant="body2"
              sx={{ display: 'inline-block', mt: 0.5, fontWeight: 600 }}
            >
              {option.name}’s website{' '}
              <Box component="span" sx={visuallyHidden}>
                (opens in a new tab)
              </Box>
            </Link>
          )}
        </Box>
      )}
    </Box>
  );
}
