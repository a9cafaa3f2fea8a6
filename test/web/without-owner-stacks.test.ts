import { createElement } from 'react';
import { describe, expect, it } from 'vitest';

describe('the web tests without React’s owner stacks (setup.ts)', () => {
  it('gives every element the one placeholder stack instead of recording its own', () => {
    const stackOf = (element: unknown) => (element as { _debugStack?: unknown })._debugStack;
    const first = stackOf(createElement('i'));
    expect(first).toBeInstanceOf(Error);
    expect(stackOf(createElement('b'))).toBe(first);
  });
});
