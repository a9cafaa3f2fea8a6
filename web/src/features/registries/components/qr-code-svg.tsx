import { useMemo } from 'react';
import QRCode from 'qrcode';

/** White modules around the code, as the QR standard asks, so a scanner finds its edges. */
const QUIET_ZONE = 2;

/** One path of every dark module: a vector QR code stays crisp at any print size. */
function modulesPath(link: string): { size: number; path: string } {
  const { modules } = QRCode.create(link, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) parts.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return { size: modules.size + QUIET_ZONE * 2, path: parts.join('') };
}

/** The link as an SVG QR code, for print. */
export function QrCodeSvg({ link, label }: { link: string; label: string }) {
  const { size, path } = useMemo(() => modulesPath(link), [link]);
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      style={{ display: 'block', width: '100%', height: '100%' }}
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
