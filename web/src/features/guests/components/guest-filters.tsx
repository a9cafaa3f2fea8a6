import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { GuestFilterName, GuestFilters } from '@core/guest/guest-list-query';

/** Each filter of the list (core/guest/guest-list-query.ts) with its label and the words of its values, in order. */
const FILTER_CHOICES: { name: GuestFilterName; label: string; values: [string, string][] }[] = [
  {
    name: 'invited',
    label: 'Invitation',
    values: [
      ['yes', 'Invited'],
      ['no', 'Not invited yet'],
    ],
  },
  {
    name: 'rsvp',
    label: 'RSVP',
    values: [
      ['yes', 'Coming'],
      ['maybe', 'Maybe'],
      ['no', 'Not coming'],
      ['none', 'No answer yet'],
    ],
  },
  {
    name: 'gave',
    label: 'Gave',
    values: [
      ['yes', 'Gave a gift'],
      ['no', 'Not given yet'],
    ],
  },
  {
    name: 'thanked',
    label: 'Thank-you',
    values: [
      ['yes', 'Thanked'],
      ['no', 'Still to thank'],
    ],
  },
];

/** The list's filters as native selects, which every phone and screen reader knows how to use. */
export function GuestFilterFields({ filters, onChange }: { filters: GuestFilters; onChange: (filters: GuestFilters) => void }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <Box component="legend" sx={{ fontWeight: 600, mb: 1 }}>
        Show
      </Box>
      {FILTER_CHOICES.map((choice) => (
        <TextField
          key={choice.name}
          select
          id={`guest-filter-${choice.name}`}
          label={choice.label}
          value={filters[choice.name] ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            onChange({ ...filters, [choice.name]: value === '' ? undefined : value });
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Everyone</option>
          {choice.values.map(([value, words]) => (
            <option key={value} value={value}>
              {words}
            </option>
          ))}
        </TextField>
      ))}
    </Box>
  );
}
