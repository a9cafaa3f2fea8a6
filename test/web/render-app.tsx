import { render, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { AppProviders } from '../../web/src/app/providers';
import { AppRoutes } from '../../web/src/app/router';

export interface RenderAppOptions {
  /** Window width in px (the app shows the small-screen menu below 900). */
  width?: number;
}

/**
 * MUI's styles as a production page holds them: rules inserted into one sheet. Emotion's default in
 * development is a <style> element per rule, and jsdom's getComputedStyle (which every role query
 * asks of each element it names) walks sheet by sheet, so one sheet made the web tests a fifth faster.
 */
const styleCache = createCache({ key: 'css', speedy: true });

/** Mounts the whole app at a path, with a fresh SWR cache. */
export function renderApp(path = '/', options: RenderAppOptions = {}) {
  if (options.width !== undefined) window.innerWidth = options.width;
  const user = userEvent.setup();
  const result = render(
    <CacheProvider value={styleCache}>
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={[path]}>
          <AppProviders>
            <AppRoutes />
          </AppProviders>
        </MemoryRouter>
      </SWRConfig>
    </CacheProvider>,
  );
  return { user, ...result };
}

/**
 * Enters text in a field as a person pasting it: one input event. Typed key by key, every letter
 * re-renders the whole form in jsdom, which was most of the web tests' time; what the tests assert
 * is what the form does with the text, not with each keystroke. Like user.type, it clicks the
 * field first, so the text goes after what the field holds.
 */
export async function fillIn(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}

/** The notification region (docs/product.md#constants-and-limits). */
export function toastRegion(): HTMLElement {
  return screen.getByRole('region', { name: 'Notifications (F8)' });
}

/**
 * The owner's part of the registry page is its own chunk: waits until it has loaded. The first
 * load in a test file compiles the whole payouts feature, hence the long wait.
 */
export async function ownerToolsLoaded(): Promise<void> {
  await waitFor(() => expect(screen.queryByRole('progressbar', { name: "Loading your registry's tools…" })).not.toBeInTheDocument(), { timeout: 15_000 });
}
