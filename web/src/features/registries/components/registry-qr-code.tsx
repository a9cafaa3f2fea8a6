import { useEffect, useRef, useState, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { fileSlug } from '@/lib/file-slug';

function qrFileName(childName: string): string {
  return `${fileSlug(childName)}-registry-qr-code.png`;
}

/** A QR code image of a link as a PNG data URL; the qrcode library loads only when needed. */
async function qrDataUrl(link: string): Promise<string> {
  const QRCode = await import('qrcode');
  return QRCode.toDataURL(link, {
    errorCorrectionLevel: 'M',
    margin: 2,
    width: 480,
    color: { dark: '#111827', light: '#ffffff' },
  });
}

/**
 * Whether the element is on screen. Drawing the code costs a phone a
 * noticeable moment, so a guest who never scrolls to it never pays; without IntersectionObserver,
 * at once.
 */
function useNearViewport(element: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = element.current;
    if (near || !target) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: '0px',
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}

// Idle until the frame nears the window: the page the server draws, and a browser without
// JavaScript, show the empty frame rather than a spinner that would never stop.
type QrState = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; dataUrl: string } | { status: 'failed' };

/** The short link as a QR code, with a PNG download for printed invitations. */
export function RegistryQrCode({ link, childName }: { link: string; childName: string }) {
  const [state, setState] = useState<QrState>({ status: 'idle' });
  const frame = useRef<HTMLDivElement>(null);
  const near = useNearViewport(frame);

  useEffect(() => {
    if (!near) return;
    let current = true;
    setState({ status: 'loading' });
    qrDataUrl(link).then(
      (dataUrl) => current && setState({ status: 'ready', dataUrl }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [link, near]);

  if (state.status === 'failed') {
    return (
      <Typography variant="body2" color="text.secondary">
        The QR code could not be made. The link above works just as well.
      </Typography>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
      <Box
        ref={frame}
        sx={{
          width: 200,
          maxWidth: '100%',
          aspectRatio: '1 / 1',
          display: 'grid',
          placeItems: 'center',
          bgcolor: '#ffffff',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
        }}
      >
        {state.status === 'ready' ? (
          <Box
            component="img"
            src={state.dataUrl}
            alt={`QR code linking to ${childName}'s registry`}
            sx={{ width: '100%', height: '100%', display: 'block', imageRendering: 'pixelated' }}
          />
        ) : (
          state.status === 'loading' && <CircularProgress size={32} aria-label="Making the QR code…" />
        )}
      </Box>
      {/* Its place is kept while the code is made, so what is below it (the insert's link) does not
          move under a finger or a pointer when the code appears. */}
      <Button
        variant="text"
        startIcon={<DownloadIcon />}
        {...(state.status === 'ready' ? { href: state.dataUrl, download: qrFileName(childName) } : { disabled: true })}
        sx={{ visibility: state.status === 'ready' ? 'visible' : 'hidden' }}
      >
        Download QR code
      </Button>
    </Box>
  );
}
