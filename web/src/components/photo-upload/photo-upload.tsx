import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent, type ReactNode } from 'react';
import { visuallyHidden } from '@/lib/visually-hidden';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import DeleteIcon from '@mui/icons-material/Delete';
import { MAX_PHOTO_BYTES } from '@core/photo/photo-limits';
import { useToast } from '@/components/toast';
import { UNKNOWN_UPLOAD_ERROR, uploadPhotoFile, UploadError } from './upload-request';

/** What the file picker offers; the server also accepts WebP, so phones may send it. */
const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

export interface PhotoUploadProps {
  /** The visible name of the control, e.g. "Photo (optional)". */
  label: string;
  /** Several photos (thank-you cards) or one (a registry). */
  multiple?: boolean;
  /** The uploaded photos' URLs. */
  value: readonly string[];
  onChange: (photoUrls: string[]) => void;
  /** Told when an upload starts and ends, so a form can wait for it. */
  onUploadingChange?: (uploading: boolean) => void;
  /** The alternative text of an uploaded photo. */
  photoAlt?: (index: number) => string;
  /** Shows an uploaded photo some other way than as a plain picture (with its focal point, say). */
  renderPhoto?: (photo: { url: string; alt: string }) => ReactNode;
  /** Shown under the uploaded photos, while there are any. */
  afterPhotos?: ReactNode;
  disabled?: boolean;
}

interface Progress {
  fileName: string;
  percent: number;
  position: number;
  count: number;
}

/**
 * The photo upload widget (docs/product.md#create-registry, #validation-rules and #errors-and-messages). Each file is checked first (an image, at
 * most 10MB), then sent with its progress shown. Uploaded photos show with a remove button.
 */
export function PhotoUpload({
  label,
  multiple = false,
  value,
  onChange,
  onUploadingChange,
  photoAlt,
  renderPhoto,
  afterPhotos,
  disabled = false,
}: PhotoUploadProps) {
  const { toast } = useToast();
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const valueRef = useRef(value);
  const abortRef = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    valueRef.current = value;
  }, [value]);

  useEffect(() => () => abortRef.current?.abort(), []);

  const uploading = progress !== null;
  const altOf = photoAlt ?? ((index: number) => (multiple ? `Uploaded photo ${index + 1}` : 'Uploaded photo'));

  const acceptable = (file: File): boolean => {
    if (!file.type.startsWith('image/')) {
      toast({ title: 'Invalid file type', description: `${file.name} is not an image file`, variant: 'destructive' });
      return false;
    }
    if (file.size > MAX_PHOTO_BYTES) {
      toast({ title: 'File too large', description: `${file.name} exceeds 10MB limit`, variant: 'destructive' });
      return false;
    }
    return true;
  };

  const uploadFiles = async (picked: File[]) => {
    const files = (multiple ? picked : picked.slice(0, 1)).filter(acceptable);
    if (files.length === 0 || uploading) return;

    const controller = new AbortController();
    abortRef.current = controller;
    onUploadingChange?.(true);
    try {
      for (const [index, file] of files.entries()) {
        const step = { fileName: file.name, position: index + 1, count: files.length };
        setProgress({ ...step, percent: 0 });
        try {
          const url = await uploadPhotoFile(
            file,
            (fraction) => setProgress({ ...step, percent: Math.round(fraction * 100) }),
            controller.signal,
          );
          const next = multiple ? [...valueRef.current, url] : [url];
          valueRef.current = next;
          onChange(next);
        } catch (error) {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          const description = error instanceof UploadError ? error.message : UNKNOWN_UPLOAD_ERROR;
          toast({ title: 'Upload failed', description, variant: 'destructive' });
        }
      }
    } finally {
      if (abortRef.current === controller) {
        abortRef.current = null;
        setProgress(null);
        onUploadingChange?.(false);
      }
    }
  };

  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so that picking the same file again is noticed.
    event.target.value = '';
    void uploadFiles(files);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    void uploadFiles(Array.from(event.dataTransfer?.files ?? []));
  };

  const remove = (index: number) => {
    const next = valueRef.current.filter((_, i) => i !== index);
    valueRef.current = next;
    onChange(next);
    chooseRef.current?.focus();
  };

  const chooseLabel = multiple ? 'Choose Photos' : value.length > 0 ? 'Replace Photo' : 'Choose Photo';

  return (
    <Box role="group" aria-labelledby={labelId} aria-describedby={hintId}>
      <Typography id={labelId} component="span" variant="subtitle1" sx={{ display: 'block', fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        JPG, PNG or GIF, up to 10MB{multiple ? ' each' : ''}.
      </Typography>

      {value.length > 0 && (
        <Box
          component="ul"
          aria-label={multiple ? 'Uploaded photos' : 'Uploaded photo'}
          sx={{ listStyle: 'none', m: 0, mb: 1.5, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}
        >
          {value.map((url, index) => (
            <Box component="li" key={url} sx={{ position: 'relative', lineHeight: 0 }}>
              {renderPhoto ? (
                renderPhoto({ url, alt: altOf(index) })
              ) : (
                <Box
                  component="img"
                  src={url}
                  alt={altOf(index)}
                  sx={{ display: 'block', maxHeight: '12rem', maxWidth: '100%', borderRadius: 2, border: 1, borderColor: 'divider' }}
                />
              )}
              <IconButton
                size="small"
                onClick={() => remove(index)}
                disabled={disabled || uploading}
                aria-label={multiple ? `Remove photo ${index + 1}` : 'Remove photo'}
                sx={{
                  position: 'absolute',
                  top: 6,
                  right: 6,
                  bgcolor: 'background.paper',
                  boxShadow: 1,
                  '&:hover': { bgcolor: 'grey.100' },
                }}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      {value.length > 0 && afterPhotos}

      <Box
        onDragOver={(event: DragEvent<HTMLDivElement>) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'transparent',
          borderRadius: 2,
          p: 2,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1.5,
        }}
      >
        <Button
          ref={chooseRef}
          variant="outlined"
          startIcon={<AddPhotoAlternateIcon />}
          onClick={() => inputRef.current?.click()}
          disabled={disabled || uploading}
          aria-describedby={hintId}
        >
          {chooseLabel}
        </Button>
        <Typography variant="body2" color="text.secondary">
          or drag and drop {multiple ? 'photos' : 'a photo'} here
        </Typography>
        <input
          ref={inputRef}
          type="file"
          accept={ACCEPT}
          multiple={multiple}
          onChange={onInputChange}
          disabled={disabled || uploading}
          aria-label={label}
          tabIndex={-1}
          style={visuallyHidden}
        />
      </Box>

      {progress && (
        <Box role="status" sx={{ mt: 1.5 }}>
          <Typography variant="body2" sx={{ mb: 0.5, overflowWrap: 'anywhere' }}>
            Uploading {progress.fileName}
            {progress.count > 1 ? ` (${progress.position} of ${progress.count})` : ''}… {progress.percent}%
          </Typography>
          <LinearProgress variant="determinate" value={progress.percent} aria-label={`Uploading ${progress.fileName}`} />
        </Box>
      )}
    </Box>
  );
}
