import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import { PHOTO_FOCUS_MAX, PHOTO_FOCUS_MIN, type PhotoFocus } from '@core/model/photo-focus';

/** How far an arrow key moves the point, and with Shift held (for the last touch). */
const KEY_STEP = 5;
const FINE_KEY_STEP = 1;

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function clamp(value: number): number {
  return Math.min(PHOTO_FOCUS_MAX, Math.max(PHOTO_FOCUS_MIN, Math.round(value)));
}

/** What the point says to a screen reader and under the photo: "50% across, 30% down". */
export function focusValueText(focus: PhotoFocus): string {
  return `${focus.photoFocusX}% across, ${focus.photoFocusY}% down`;
}

interface FocalPointPickerProps {
  url: string;
  alt: string;
  value: PhotoFocus;
  onChange: (focus: PhotoFocus) => void;
  /** The id of the text that says how to move the point. */
  describedBy?: string;
  disabled?: boolean;
}

/**
 * The whole photo with its focal point on it: the family drags the point (or presses on the photo
 * where it should go), or focuses it and moves it with the arrow keys. One slider stands for
 * both axes, its value text naming both.
 */
export function FocalPointPicker({ url, alt, value, onChange, describedBy, disabled = false }: FocalPointPickerProps) {
  const photoRef = useRef<HTMLImageElement>(null);
  const pointRef = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const moveTo = (event: PointerEvent<HTMLDivElement>) => {
    const box = photoRef.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return;
    const next = {
      photoFocusX: clamp(((event.clientX - box.left) / box.width) * 100),
      photoFocusY: clamp(((event.clientY - box.top) / box.height) * 100),
    };
    if (next.photoFocusX !== value.photoFocusX || next.photoFocusY !== value.photoFocusY) onChange(next);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled || event.button !== 0) return;
    // Keeps the page from scrolling or selecting the photo under a finger, and the point's keys in reach.
    event.preventDefault();
    dragging.current = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointRef.current?.focus();
    moveTo(event);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) moveTo(event);
  };

  const stop = () => {
    dragging.current = false;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const arrow = ARROWS[event.key];
    if (disabled || !arrow) return;
    event.preventDefault();
    const step = event.shiftKey ? FINE_KEY_STEP : KEY_STEP;
    onChange({ photoFocusX: clamp(value.photoFocusX + arrow[0] * step), photoFocusY: clamp(value.photoFocusY + arrow[1] * step) });
  };

  return (
    <Box
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={stop}
      onPointerCancel={stop}
      sx={{
        position: 'relative',
        display: 'inline-block',
        maxWidth: '100%',
        lineHeight: 0,
        touchAction: 'none',
        cursor: disabled ? 'default' : 'crosshair',
        userSelect: 'none',
      }}
    >
      <Box
        component="img"
        ref={photoRef}
        src={url}
        alt={alt}
        draggable={false}
        sx={{ display: 'block', maxHeight: '16rem', maxWidth: '100%', borderRadius: 2, border: 1, borderColor: 'divider' }}
      />
      <Box
        ref={pointRef}
        role="slider"
        tabIndex={disabled ? -1 : 0}
        aria-label="Focal point"
        aria-valuemin={PHOTO_FOCUS_MIN}
        aria-valuemax={PHOTO_FOCUS_MAX}
        aria-valuenow={value.photoFocusX}
        aria-valuetext={focusValueText(value)}
        aria-describedby={describedBy}
        aria-disabled={disabled || undefined}
        onKeyDown={onKeyDown}
        sx={{
          position: 'absolute',
          left: `${value.photoFocusX}%`,
          top: `${value.photoFocusY}%`,
          width: 32,
          height: 32,
          transform: 'translate(-50%, -50%)',
          borderRadius: '50%',
          // White and dark rings: the point shows on a light photo and a dark one alike.
          border: '3px solid #ffffff',
          boxShadow: '0 0 0 2px rgba(0, 0, 0, 0.75), 0 2px 6px rgba(0, 0, 0, 0.45)',
          bgcolor: 'rgba(25, 55, 140, 0.45)',
          cursor: disabled ? 'default' : 'grab',
          '&:focus-visible': { outline: '3px solid', outlineColor: 'warning.main', outlineOffset: '3px' },
          '&::after': {
            content: '""',
            position: 'absolute',
            inset: '50%',
            width: 6,
            height: 6,
            transform: 'translate(-50%, -50%)',
            borderRadius: '50%',
            bgcolor: '#ffffff',
          },
        }}
      />
    </Box>
  );
}
