import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DEFAULT_PHOTO_FOCUS, photoObjectPosition, type PhotoFocus } from '@core/model/photo-focus';
import { FocalPointPicker, focusValueText } from '@/components/focal-point-picker';
import { PhotoUpload } from '@/components/photo-upload';

/** The photo and its focal point as the registry calls send them: no point without a photo. */
export interface RegistryPhoto {
  photoUrl: string | null;
  photoFocusX?: number | undefined;
  photoFocusY?: number | undefined;
}

interface RegistryPhotoFieldProps {
  value: RegistryPhoto;
  onChange: (photo: RegistryPhoto) => void;
  onUploadingChange: (uploading: boolean) => void;
  /** The photo's alternative text, e.g. "Photo of Noah". */
  alt: string;
  disabled?: boolean;
}

function focusOf(value: RegistryPhoto): PhotoFocus {
  return {
    photoFocusX: value.photoFocusX ?? DEFAULT_PHOTO_FOCUS.photoFocusX,
    photoFocusY: value.photoFocusY ?? DEFAULT_PHOTO_FOCUS.photoFocusY,
  };
}

/**
 * A registry's photo (create and edit), with the point every crop of it keeps: a portrait shown
 * in the registry page's wide banner keeps the child's face, not their middle. A new photo starts
 * centred; a banner-shaped preview shows what the crop keeps as the point moves.
 */
export function RegistryPhotoField({ value, onChange, onUploadingChange, alt, disabled = false }: RegistryPhotoFieldProps) {
  const hintId = useId();
  const focus = focusOf(value);

  return (
    <PhotoUpload
      label="Photo (optional)"
      value={value.photoUrl ? [value.photoUrl] : []}
      onChange={(urls) => {
        const photoUrl = urls[0] ?? null;
        onChange(photoUrl ? { photoUrl, ...DEFAULT_PHOTO_FOCUS } : { photoUrl: null, photoFocusX: undefined, photoFocusY: undefined });
      }}
      onUploadingChange={onUploadingChange}
      photoAlt={() => alt}
      renderPhoto={(photo) => (
        <FocalPointPicker
          url={photo.url}
          alt={photo.alt}
          value={focus}
          onChange={(next) => onChange({ photoUrl: value.photoUrl, ...next })}
          describedBy={hintId}
          disabled={disabled}
        />
      )}
      afterPhotos={
        <Box sx={{ mb: 1.5, display: 'grid', gap: 1 }}>
          <Typography id={hintId} variant="body2" color="text.secondary">
            <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
              Focal point: {focusValueText(focus)}.
            </Box>{' '}
            Drag the point onto what every crop of the photo should keep, such as a face, or use the arrow keys (with Shift for small
            steps).
          </Typography>
          {value.photoUrl && (
            <Box component="figure" sx={{ m: 0, maxWidth: '24rem' }}>
              <Box
                component="img"
                src={value.photoUrl}
                // The same photo again: the caption says what this copy shows.
                alt=""
                // The banner's shape on a wide screen (852 × 384 px), its narrowest crop of a portrait.
                sx={{
                  display: 'block',
                  width: '100%',
                  aspectRatio: '852 / 384',
                  objectFit: 'cover',
                  objectPosition: photoObjectPosition(focus),
                  borderRadius: 2,
                  border: 1,
                  borderColor: 'divider',
                }}
              />
              <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                As the registry page’s banner shows it
              </Typography>
            </Box>
          )}
        </Box>
      }
      disabled={disabled}
    />
  );
}
