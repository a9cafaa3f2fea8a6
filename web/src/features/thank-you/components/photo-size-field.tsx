import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { IMAGE_SIZES, type ImageSize } from '@core/model/thank-you-note';

const SIZE_LABELS: Record<ImageSize, string> = { small: 'Small', medium: 'Medium', large: 'Large' };

interface PhotoSizeFieldProps {
  id: string;
  value: ImageSize;
  onChange: (size: ImageSize) => void;
  disabled?: boolean;
}

/** How large the photos show on the card: small, medium (the default) or large. */
export function PhotoSizeField({ id, value, onChange, disabled = false }: PhotoSizeFieldProps) {
  const labelId = `${id}-label`;
  return (
    <FormControl component="fieldset" disabled={disabled} sx={{ m: 0, p: 0, border: 0, minWidth: 0 }}>
      <FormLabel component="legend" id={labelId} sx={{ fontWeight: 600, color: 'text.primary' }}>
        Photo Size
      </FormLabel>
      <RadioGroup row aria-labelledby={labelId} name="imageSize" value={value} onChange={(_, next) => onChange(next as ImageSize)}>
        {IMAGE_SIZES.map((size, index) => (
          <FormControlLabel
            key={size}
            value={size}
            label={SIZE_LABELS[size]}
            control={<Radio slotProps={{ input: index === 0 ? { id } : {} }} />}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
