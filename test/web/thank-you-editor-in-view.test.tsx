import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { member, signInAs } from './msw-server';
import { renderApp } from './render-app';
import { anOwnerRegistry, REGISTRY_ID, serveRegistry } from './registry-fixtures';
import { david, rachel, serveThankYouCalls } from './thank-you-fixtures';

/** Issue 22: on a phone the card editor sits below the contributor list; choosing someone brings it up. */

afterEach(() => {
  vi.restoreAllMocks();
});

async function chooseRachelAt(width: number) {
  signInAs(member);
  serveRegistry(anOwnerRegistry());
  serveThankYouCalls([rachel, david]);
  const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
  const { user } = renderApp(`/thank-you-cards/${REGISTRY_ID}`, { width });
  // The first visit in a file compiles the page's chunk: a longer wait than Testing Library's.
  await screen.findByRole('heading', { level: 1, name: 'Personalized Thank You Cards' }, { timeout: 15_000 });
  await screen.findByText(/^\d+\/\d+ cards sent$/);
  await user.click(screen.getByRole('button', { name: new RegExp(rachel.giftGiverName) }));
  const heading = await screen.findByRole('heading', { level: 2, name: `Thank You Card for ${rachel.giftGiverName}` });
  return { scrolled, editor: heading.closest('section')!.parentElement! };
}

describe('choosing a contributor', () => {
  it('at 360 px scrolls the card editor into view, its top first', async () => {
    const { scrolled, editor } = await chooseRachelAt(360);
    expect(scrolled.mock.contexts).toContain(editor);
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
  });

  it('beside the list on a wide screen, leaves the page where it is', async () => {
    const { scrolled, editor } = await chooseRachelAt(1280);
    expect(scrolled.mock.contexts).not.toContain(editor);
  });
});
