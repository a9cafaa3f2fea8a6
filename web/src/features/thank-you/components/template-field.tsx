import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { CARD_TEMPLATE_STYLES } from '@core/thank-you/card-templates';
import { CARD_TEMPLATES, type CardTemplate } from '@core/model/thank-you-note';

interface TemplateFieldProps {
  id: string;
  value: CardTemplate;
  onChange: (template: CardTemplate) => void;
  disabled?: boolean;
}

/** The four card templates (docs/product.md#constants-and-limits) as radios, each with its colours as swatches. */
export function TemplateField({ id, value, onChange, disabled = false }: TemplateFieldProps) {
  const labelId = `${id}-label`;
  return (
    <FormControl component="fieldset" disabled={disabled} sx={{ m: 0, p: 0, border: 0, minWidth: 0 }}>
      <FormLabel component="legend" id={labelId} sx={{ fontWeight: 600, color: 'text.primary', mb: 1 }}>
        Card Template
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        name="templateId"
        value={value}
        onChange={(_, next) => onChange(next as CardTemplate)}
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}
      >
        {CARD_TEMPLATES.map((template, index) => {
          const style = CARD_TEMPLATE_STYLES[template];
          return (
            <FormControlLabel
              key={template}
              value={template}
              control={<Radio slotProps={{ input: index === 0 ? { id } : {} }} />}
              label={
                <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.75 }}>
                  <Box component="span" aria-hidden="true" sx={{ display: 'inline-flex', flexShrink: 0 }}>
                    {[style.primary, style.accent, style.background].map((colour) => (
                      <Box
                        component="span"
                        key={colour}
                        sx={{
                          width: 18,
                          height: 18,
                          borderRadius: '50%',
                          bgcolor: colour,
                          border: 1,
                          borderColor: 'grey.400',
                          ml: '-4px',
                          '&:first-of-type': { ml: 0 },
                        }}
                      />
                    ))}
                  </Box>
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    {style.name}
                  </Typography>
                </Box>
              }
              sx={{
                mx: 0,
                pr: 1.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
                '&:has(input:checked)': { borderColor: 'primary.main', bgcolor: 'action.hover' },
              }}
            />
          );
        })}
      </RadioGroup>
    </FormControl>
  );
}
