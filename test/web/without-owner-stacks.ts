import * as React from 'react';

/**
 * React's development build records where each element was created, for the component stacks of
 * its warnings: an Error and a console task per element, up to 10,000 a second. In the web tests
 * that was a fifth of their time (the web project alone: 144 → 121 s). Reporting the budget as
 * spent makes React take its cheap path: every element shares one placeholder stack. Warnings
 * still fire, with less exact locations; nothing a test asserts reads these stacks.
 */
export function withoutOwnerStacks(): void {
  const internals = (React as unknown as Record<string, Record<string, unknown> | undefined>)
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  if (!internals || !('recentlyCreatedOwnerStacks' in internals))
    throw new Error('React has changed: it no longer counts the owner stacks it records');
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { configurable: true, get: () => Number.MAX_SAFE_INTEGER, set: () => {} });
}
