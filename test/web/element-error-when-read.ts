import { getConfig, prettyDOM } from '@testing-library/react';

/**
 * Testing Library's error for a query that found nothing prints the whole document into its
 * message as it is made. findBy and waitFor make one at every attempt that has not found what it
 * waits for yet, and throw all but the last away: that printing was a twentieth of the web tests'
 * time. This error prints the document when its message is first read, which is when a test fails:
 * Vitest reads a failure's message as it catches it, before any afterEach hook empties the page.
 */
export function elementErrorWhenRead(message: string | null, container: Element | Document | undefined): Error {
  const error = new Error();
  error.name = 'TestingLibraryElementError';
  let printed: string | undefined;
  Object.defineProperty(error, 'message', {
    get: () =>
      (printed ??= [message, `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container as Element)}`]
        .filter(Boolean)
        .join('\n\n')),
    set: (value: string) => {
      printed = value;
    },
    configurable: true,
  });
  return error;
}
