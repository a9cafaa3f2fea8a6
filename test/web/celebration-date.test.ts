import { afterEach, describe, expect, it } from 'vitest';
import { formatCelebrationDate, isUpcoming, toDateInputValue } from '../../web/src/lib/celebration-date';

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe('celebration dates', () => {
  it.each(['America/Los_Angeles', 'America/New_York', 'UTC', 'Asia/Jerusalem', 'Pacific/Auckland'])(
    'shows midnight UTC of a day as that day in %s',
    (tz) => {
      process.env.TZ = tz;
      expect(formatCelebrationDate('2026-03-14T00:00:00Z')).toBe('Mar 14, 2026');
      expect(formatCelebrationDate('2026-03-14T00:00:00.000Z')).toBe('Mar 14, 2026');
      expect(toDateInputValue('2026-03-14T00:00:00.000Z')).toBe('2026-03-14');
    },
  );

  it('shows nothing for text that is not a date', () => {
    expect(formatCelebrationDate('soon')).toBe('');
    expect(toDateInputValue(null)).toBe('');
  });

  it('is Upcoming until the celebration day is over, then Past', () => {
    process.env.TZ = 'America/New_York';
    const day = '2026-03-14T00:00:00.000Z';
    expect(isUpcoming(day, new Date(2026, 2, 13, 12))).toBe(true);
    expect(isUpcoming(day, new Date(2026, 2, 14, 23, 59))).toBe(true);
    expect(isUpcoming(day, new Date(2026, 2, 15, 0, 0, 1))).toBe(false);
  });
});

describe('celebration dates as the spec writes them', () => {
  it.each([
    ['2026-01-01T00:00:00.000Z', 'Jan 1, 2026', '2026-01-01'],
    ['2026-05-09T00:00:00.000Z', 'May 9, 2026', '2026-05-09'],
    ['2026-09-30', 'Sep 30, 2026', '2026-09-30'],
    ['2027-12-31T00:00:00.000Z', 'Dec 31, 2027', '2027-12-31'],
  ])('shows %s as %s', (iso, shown, input) => {
    expect(formatCelebrationDate(iso)).toBe(shown);
    expect(toDateInputValue(iso)).toBe(input);
  });
});
