import { useCallback, useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, type ToastItem } from './toast-store';

/** One notification: it closes by itself after its time (paused while pointed at or focused), by Escape, its button or a swipe right. */
export function ToastCard({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: string) => void }) {
  const { id, title, description, variant = 'default', duration = TOAST_DURATION_MS } = toast;
  const destructive = variant === 'destructive';
  const close = useCallback(() => onDismiss(id), [id, onDismiss]);

  // The display timer pauses while the pointer is over the toast or focus is inside it.
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const remaining = useRef(duration);
  const startedAt = useRef(0);
  const hovered = useRef(false);
  const focused = useRef(false);

  const stopTimer = useCallback(() => {
    if (timer.current === undefined) return;
    clearTimeout(timer.current);
    timer.current = undefined;
    remaining.current -= Date.now() - startedAt.current;
  }, []);

  const startTimer = useCallback(() => {
    if (timer.current !== undefined || !Number.isFinite(remaining.current)) return;
    startedAt.current = Date.now();
    timer.current = setTimeout(close, Math.max(0, remaining.current));
  }, [close]);

  const syncTimer = useCallback(() => {
    if (hovered.current || focused.current) stopTimer();
    else startTimer();
  }, [startTimer, stopTimer]);

  useEffect(() => {
    remaining.current = duration;
    startTimer();
    return () => {
      if (timer.current !== undefined) clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, [duration, startTimer]);

  // Swipe right to dismiss.
  const cardRef = useRef<HTMLDivElement>(null);
  const swipeStart = useRef<number | null>(null);
  const swipeDelta = useRef(0);

  const setOffset = (px: number) => {
    const card = cardRef.current;
    if (!card) return;
    card.style.transform = px > 0 ? `translateX(${px}px)` : '';
    card.style.opacity = px > 0 ? String(Math.max(0.3, 1 - px / 300)) : '';
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    swipeStart.current = event.clientX;
    swipeDelta.current = 0;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (swipeStart.current === null) return;
    swipeDelta.current = Math.max(0, event.clientX - swipeStart.current);
    if (swipeDelta.current > 0 && !cardRef.current?.hasPointerCapture?.(event.pointerId)) {
      cardRef.current?.setPointerCapture?.(event.pointerId);
    }
    setOffset(swipeDelta.current);
  };
  const endSwipe = (event: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    if (swipeStart.current === null) return;
    const delta = cancelled ? 0 : Math.max(0, event.clientX - swipeStart.current, swipeDelta.current);
    swipeStart.current = null;
    swipeDelta.current = 0;
    if (delta > TOAST_SWIPE_THRESHOLD_PX) close();
    else setOffset(0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') close();
  };

  return (
    <Paper
      ref={cardRef}
      role={destructive ? 'alert' : 'status'}
      aria-live={destructive ? 'assertive' : 'polite'}
      aria-atomic="true"
      elevation={6}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(e: PointerEvent<HTMLDivElement>) => endSwipe(e, false)}
      onPointerCancel={(e: PointerEvent<HTMLDivElement>) => endSwipe(e, true)}
      onPointerEnter={() => {
        hovered.current = true;
        syncTimer();
      }}
      onPointerLeave={() => {
        hovered.current = false;
        syncTimer();
      }}
      onFocus={() => {
        focused.current = true;
        syncTimer();
      }}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        focused.current = false;
        syncTimer();
      }}
      onKeyDown={onKeyDown}
      data-variant={variant}
      sx={{
        pointerEvents: 'auto',
        touchAction: 'pan-y',
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        p: 2,
        pr: 1,
        border: 1,
        borderColor: destructive ? 'error.dark' : 'divider',
        bgcolor: destructive ? 'error.main' : 'background.paper',
        color: destructive ? 'error.contrastText' : 'text.primary',
        transition: 'transform 150ms ease-out, opacity 150ms ease-out',
        '@media (prefers-reduced-motion: no-preference)': {
          animation: 'toast-in 200ms ease-out',
        },
        '@keyframes toast-in': {
          from: { opacity: 0, transform: 'translateY(8px)' },
          to: { opacity: 1, transform: 'none' },
        },
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography component="p" variant="subtitle2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {description && (
          <Typography component="p" variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {description}
          </Typography>
        )}
      </Box>
      <IconButton size="small" aria-label="Close notification" onClick={close} sx={{ color: 'inherit', mt: -0.5 }}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Paper>
  );
}
