import { prettyDOM, render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';

it('fails a query with the message Testing Library writes, the page printed as it is when the message is read', () => {
  const { container } = render(<p>Mazel tov</p>);
  let caught: unknown;
  try {
    screen.getByRole('button', { name: 'Give' });
  } catch (error) {
    caught = error;
  }
  // Not printed yet: the page changed since the query failed, and the message shows it as it is now.
  container.append(Object.assign(document.createElement('span'), { textContent: 'added afterwards' }));
  const error = caught as Error;
  expect(error.name).toBe('TestingLibraryElementError');
  expect(error.message).toMatch(/^Unable to find an accessible element with the role "button" and name "Give"\n/);
  expect(error.message).toContain(`\n\nIgnored nodes: comments, script, style\n${prettyDOM(document.body)}`);
  expect(error.message).toContain('added afterwards');
  expect(error.stack).toContain(error.message.split('\n')[0]);
});
