import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HDate } from '@hebcal/core';
import { hebrewDateLine } from '../../core/model/hebrew-calendar';
import { hebrewDateOf } from '../../core/registry/hebrew-date';

const day = (text: string) => new Date(`${text}T00:00:00.000Z`);

describe('the Hebrew date of a celebration', () => {
  it('names the day and, on a Shabbat, its parashah, in English and in Hebrew script', () => {
    expect(hebrewDateOf(day('2026-12-05'), 'diaspora')).toEqual({
      date: '25 Kislev 5787',
      hebrew: 'כ״ה כסלו תשפ״ז',
      reading: { name: 'Parashat Vayeshev', hebrew: 'פרשת וישב', festival: false },
    });
    expect(hebrewDateLine(hebrewDateOf(day('2026-12-05'), 'diaspora'))).toBe('25 Kislev 5787 · Parashat Vayeshev');
  });

  it('names no reading on a weekday', () => {
    expect(hebrewDateOf(day('2026-12-08'), 'diaspora')).toEqual({ date: '28 Kislev 5787', hebrew: 'כ״ח כסלו תשפ״ז', reading: null });
  });

  it('follows Israel’s readings when the family chose Israel: the weeks after Shavuot 5787 differ', () => {
    // The diaspora keeps a second day of Shavuot on Shabbat 7 Sivan; Israel reads Nasso that day and stays a week ahead until Chukat-Balak.
    expect(hebrewDateOf(day('2027-06-19'), 'diaspora').reading).toEqual({ name: 'Parashat Nasso', hebrew: 'פרשת נשא', festival: false });
    expect(hebrewDateOf(day('2027-06-19'), 'israel').reading).toEqual({
      name: 'Parashat Beha’alotcha',
      hebrew: 'פרשת בהעלתך',
      festival: false,
    });
    expect(hebrewDateOf(day('2027-06-12'), 'diaspora').reading).toEqual({ name: 'Shavuot', hebrew: 'שבועות', festival: true });
    expect(hebrewDateOf(day('2027-06-12'), 'israel').reading).toEqual({ name: 'Parashat Nasso', hebrew: 'פרשת נשא', festival: false });
    expect(hebrewDateLine(hebrewDateOf(day('2027-06-12'), 'diaspora'))).toBe('7 Sivan 5787 · Shavuot reading');
  });

  it('names a festival’s own reading on a festival Shabbat', () => {
    expect(hebrewDateOf(day('2027-04-24'), 'diaspora').reading).toEqual({
      name: 'Pesach Shabbat Chol ha-Moed',
      hebrew: 'שבת חול המועד פסח',
      festival: true,
    });
  });

  it('gives Adar I and Adar II their names in a leap year', () => {
    expect(hebrewDateOf(day('2027-03-20'), 'diaspora').date).toBe('11 Adar II 5787');
  });

  it('is the Hebrew date of the same calendar day for every day the product accepts, whatever the server’s time zone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1900, 0, 1) / 86_400_000, max: Date.UTC(2199, 11, 31) / 86_400_000 }),
        fc.constantFrom('diaspora' as const, 'israel' as const),
        (days, calendar) => {
          const celebration = new Date(days * 86_400_000);
          const answer = hebrewDateOf(celebration, calendar);
          // HDate reads a Date's local calendar day: a local midnight of the same numbers is the same day anywhere.
          const same = new HDate(new Date(celebration.getUTCFullYear(), celebration.getUTCMonth(), celebration.getUTCDate()));
          expect(answer.date).toBe(`${same.getDate()} ${same.getMonthName()} ${same.getFullYear()}`);
          expect(answer.reading !== null).toBe(celebration.getUTCDay() === 6);
        },
      ),
      { numRuns: 300 },
    );
  });
});
