import type { Clock } from '@core/ports/clock';

/** A clock tests can set and move. */
export class FixedClock implements Clock {
  constructor(private current: Date = new Date('2026-06-01T12:00:00Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
