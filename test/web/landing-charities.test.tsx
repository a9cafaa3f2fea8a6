import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app';

/** Issue 22: the landing page lists its charity partners compactly, and leads to /charities for more. */

describe('the landing page’s charity partners', () => {
  it('gives each partner one compact row: logo, name, impact and its description, and a way to /charities', async () => {
    renderApp('/', { width: 360 });
    const section = within(await screen.findByRole('region', { name: 'Charity Partners' }, { timeout: 15_000 }));
    const list = await section.findByRole('list', { name: 'Charity partners' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByRole('heading', { level: 3, name: 'Jewish Federation Community Fund' })).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'Jewish Federation Community Fund logo' })).toHaveAttribute(
      'src',
      '/charity-images/federation.svg',
    );
    expect(first.getByText('Community Impact')).toBeInTheDocument();
    expect(first.getByText('Strengthens local Jewish communities.')).toBeInTheDocument();
    // No full-height card per charity: no card articles, no website buttons.
    expect(within(list).queryAllByRole('article')).toHaveLength(0);
    expect(within(list).queryByRole('link')).not.toBeInTheDocument();
    expect(section.getByRole('link', { name: 'About Our Charity Partners' })).toHaveAttribute('href', '/charities');
  });
});
