import { act, render, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import createCache, { type StylisPlugin } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { AppProviders } from '../../web/src/app/providers';
import { AppRoutes } from '../../web/src/app/router';

export interface RenderAppOptions {
  /** Window width in px (the app shows the small-screen menu below 900). */
  width?: number;
}

/**
 * The style properties anything in these tests reads: whether an element is shown (Testing
 * Library's role queries, toBeVisible), whether it takes a click (user-event refuses
 * pointer-events: none, as MUI's disabled buttons have), and how a photo is framed (the focal
 * point tests). A test that asserts another property adds it here.
 */
const OBSERVED_PROPERTIES = new Set([
  'display',
  'visibility',
  'opacity',
  'pointer-events',
  'object-fit',
  'object-position',
  'aspect-ratio',
]);

/**
 * jsdom draws nothing, yet its getComputedStyle matches every rule of every sheet against the
 * element and each of its ancestors, and role queries ask it of every element they name: that was
 * two thirds of the web tests' time. MUI's other declarations (colours, margins, fonts) change
 * nothing a test can see, so they are left out, and so is a rule left with none.
 */
const keepObservedDeclarations: StylisPlugin = (element) => {
  if (element.type === 'decl' && !OBSERVED_PROPERTIES.has(String(element.props))) {
    element.value = '';
    element.return = '';
  }
};

/**
 * MUI's styles in one sheet, as a production page holds them (emotion's development default is a
 * <style> element per rule, which jsdom walks one by one).
 */
const styleCache = createCache({ key: 'css', speedy: true, stylisPlugins: [keepObservedDeclarations] });
// Emotion's development build inserts an empty `selector{}` for each rule that came out empty.
const insertRule = styleCache.sheet.insert.bind(styleCache.sheet);
styleCache.sheet.insert = (rule: string) => {
  if (!rule.endsWith('{}')) insertRule(rule);
};

/**
 * Mounts the whole app at a path, with a fresh SWR cache: `answered(key)` resolves once the app
 * holds the answer to that call (or its failure) and has drawn it, for a test of what is absent.
 */
export function renderApp(path = '/', options: RenderAppOptions = {}) {
  if (options.width !== undefined) window.innerWidth = options.width;
  const user = userEvent.setup();
  const answers = new Map<string, { data?: unknown; error?: unknown }>();
  const answered = async (key: string) => {
    await waitFor(() => expect(answers.get(key)?.data !== undefined || answers.get(key)?.error !== undefined).toBe(true));
    await act(async () => {});
  };
  const result = render(
    <CacheProvider value={styleCache}>
      <SWRConfig value={{ provider: () => answers }}>
        <MemoryRouter initialEntries={[path]}>
          <AppProviders>
            <AppRoutes />
          </AppProviders>
        </MemoryRouter>
      </SWRConfig>
    </CacheProvider>,
  );
  return { user, answered, ...result };
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
  await waitFor(() => expect(screen.queryByRole('progressbar', { name: "Loading your registry's tools…" })).not.toBeInTheDocument(), {
    timeout: 15_000,
  });
}
