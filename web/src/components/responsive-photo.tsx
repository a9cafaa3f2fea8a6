import { useState } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { responsivePhoto } from '@core/model/photo-variants';

interface ResponsivePhotoProps {
  url: string;
  alt: string;
  /** The width the photo is shown at, as the `sizes` attribute says it, so the browser picks the right copy. */
  sizes: string;
  /** The page's main image (its largest paint): fetched before other images. */
  priority?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * An uploaded photo with its smaller AVIF and WebP copies for the browser to choose from, and its
 * size given up front so nothing moves when it arrives. A photo without copies (uploaded before
 * they were made, or animated), or whose copies fail to load, is shown as the original.
 */
export function ResponsivePhoto({ url, alt, sizes, priority = false, sx }: ResponsivePhotoProps) {
  const photo = responsivePhoto(url);
  const [copiesFailed, setCopiesFailed] = useState(false);
  const useCopies = photo.sources.length > 0 && !copiesFailed;
  const img = (
    <Box
      component="img"
      src={photo.src}
      alt={alt}
      width={photo.width}
      height={photo.height}
      fetchPriority={priority ? 'high' : undefined}
      loading={priority ? undefined : 'lazy'}
      onError={useCopies ? () => setCopiesFailed(true) : undefined}
      // Without a known size the box keeps a 4:3 shape, so the page below it does not jump either.
      sx={[
        { display: 'block', width: '100%', height: 'auto' },
        photo.width ? {} : { aspectRatio: '4 / 3' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
  if (!useCopies) return img;
  return (
    <picture>
      {photo.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
