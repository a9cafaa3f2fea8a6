import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import { MAX_CARD_PHOTOS } from '@core/thank-you/note-schemas';
import { PhotoUpload } from '@/components/photo-upload';

interface CardPhotosFieldProps {
  /** The helper text's id (`<prefix>imageUrls`), which the form's error focus looks for. */
  id: string;
  value: string[];
  onChange: (urls: string[]) => void;
  onUploadingChange: (uploading: boolean) => void;
  disabled: boolean;
  error: string | undefined;
  /** What the hint says after the limit, e.g. ", on every card". */
  hintSuffix?: string;
}

/** A card's celebration photos: the uploader, then the limit or the error under it. */
export function CardPhotosField({ id, value, onChange, onUploadingChange, disabled, error, hintSuffix = '' }: CardPhotosFieldProps) {
  return (
    <Box>
      <PhotoUpload
        label="Celebration Photos (optional)"
        multiple
        value={value}
        onChange={onChange}
        onUploadingChange={onUploadingChange}
        photoAlt={(index) => `Celebration photo ${index + 1}`}
        disabled={disabled}
      />
      <FormHelperText id={id} error={!!error} sx={{ mx: 0 }}>
        {error ?? `Up to ${MAX_CARD_PHOTOS} photos${hintSuffix}.`}
      </FormHelperText>
    </Box>
  );
}
