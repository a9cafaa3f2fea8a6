import { vi } from 'vitest';

/**
 * Stops the system time (Date only; timers, and so the database driver, run as ever) for code that
 * stamps what it stores with the time itself, as the repositories stamp createdAt: a test moves it on
 * with `advance` instead of sleeping until the clock has ticked. vi.useRealTimers() lets it run again.
 */
export function stopSystemTimeAt(start: Date): { advance(ms: number): void } {
  vi.useFakeTimers({ toFake: ['Date'], now: start });
  return { advance: (ms) => vi.setSystemTime(Date.now() + ms) };
}
