import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResponsivePhoto } from '../../web/src/components/responsive-photo';
import { RegistryCard } from '../../web/src/components/registry-card';
import { aSearchResult } from './registry-fixtures';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const SIZES = '(min-width: 900px) 852px, calc(100vw - 32px)';

describe('an uploaded photo on a page', () => {
  it('offers its AVIF and WebP copies, with its size given up front and fetched first when it is the main image', () => {
    const { container } = render(<ResponsivePhoto url={`/uploads/${ID}-2400x1800.jpg`} alt="Photo of Noah" sizes={SIZES} priority />);
    const img = screen.getByRole('img', { name: 'Photo of Noah' });
    expect(img).toHaveAttribute('src', `/uploads/${ID}-2400x1800.jpg`);
    expect(img).toHaveAttribute('width', '2400');
    expect(img).toHaveAttribute('height', '1800');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).not.toHaveAttribute('loading');
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]).toHaveAttribute(
      'srcset',
      `/uploads/${ID}-2400x1800-480w.avif 480w, /uploads/${ID}-2400x1800-960w.avif 960w, /uploads/${ID}-2400x1800-1440w.avif 1440w`,
    );
    expect(sources[1]).toHaveAttribute('sizes', SIZES);
  });

  it('shows a photo uploaded before copies were made as it is, keeping a 4:3 box', () => {
    const { container } = render(<ResponsivePhoto url={`/uploads/${ID}.jpg`} alt="Photo of Noah" sizes={SIZES} />);
    const img = screen.getByRole('img', { name: 'Photo of Noah' });
    expect(img).toHaveAttribute('src', `/uploads/${ID}.jpg`);
    expect(img).not.toHaveAttribute('width');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(getComputedStyle(img).aspectRatio.replaceAll(' ', '')).toBe('4/3');
    expect(container.querySelector('picture')).toBeNull();
  });

  it('falls back to the original when its copies cannot be loaded', () => {
    const { container } = render(<ResponsivePhoto url={`/uploads/${ID}-1200x900.png`} alt="Photo of Noah" sizes={SIZES} />);
    fireEvent.error(screen.getByRole('img', { name: 'Photo of Noah' }));
    expect(container.querySelector('picture')).toBeNull();
    expect(screen.getByRole('img', { name: 'Photo of Noah' })).toHaveAttribute('src', `/uploads/${ID}-1200x900.png`);
  });

  it('on a registry card (the landing, search, the family’s list), offers the copies at a card’s width, below the page', () => {
    const { container } = render(
      <RegistryCard registry={aSearchResult({ childName: 'Noah', photoUrl: `/uploads/${ID}-2400x1800.jpg` })} hideFinancials />,
    );
    const img = screen.getByRole('img', { name: 'Photo of Noah' });
    expect(img).toHaveAttribute('loading', 'lazy');
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources[1]).toHaveAttribute(
      'srcset',
      `/uploads/${ID}-2400x1800-480w.webp 480w, /uploads/${ID}-2400x1800-960w.webp 960w, /uploads/${ID}-2400x1800-1440w.webp 1440w`,
    );
    // A third of the widest page, half of a tablet's, a phone's whole width: never the 2400-pixel original.
    expect(sources[0]).toHaveAttribute('sizes', '(min-width: 1200px) 370px, (min-width: 600px) 50vw, 100vw');
  });
});
