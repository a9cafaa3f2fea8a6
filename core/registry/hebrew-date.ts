import { HDate, Locale, ParshaEvent, getSedra } from '@hebcal/core';
import type { HebrewCalendarChoice, HebrewDate, TorahReading } from '../model/hebrew-calendar';
import { DAY_MS } from '../model/calendar-day';

// A calendar library, allowed in core like the validation library: pure arithmetic on dates,
// no I/O, runs in Node and the browser alike. A port would need a fake that re-implements the
// calendar, and a fake calendar could only be wrong. The web never imports this module (it is
// not among the pure modules it may): the server computes the date and sends it.

/** Days from the calendar's epoch (Rata Die) to 1970-01-01. */
const RATA_DIE_OF_UNIX_EPOCH = 719_163;
const SATURDAY = 6;

/**
 * The Hebrew date of a celebration day (a calendar day kept at midnight UTC) and, when it is a
 * Saturday, the reading of that Shabbat in Israel or the diaspora. Counted in whole UTC days so
 * the answer is the same in every time zone the server runs in.
 */
export function hebrewDateOf(day: Date, calendar: HebrewCalendarChoice): HebrewDate {
  const date = new HDate(Math.floor(day.getTime() / DAY_MS) + RATA_DIE_OF_UNIX_EPOCH);
  return {
    date: `${date.getDate()} ${date.getMonthName()} ${date.getFullYear()}`,
    hebrew: date.renderGematriya(true),
    reading: day.getUTCDay() === SATURDAY ? shabbatReading(date, calendar === 'israel') : null,
  };
}

function shabbatReading(date: HDate, israel: boolean): TorahReading {
  const found = getSedra(date.getFullYear(), israel).lookup(date);
  if (!found.chag) {
    const portion = new ParshaEvent(found);
    return { name: portion.render('en'), hebrew: portion.render('he-x-NoNikud'), festival: false };
  }
  // A festival's reading replaces the week's (Sukkot, Pesach, Shavuot...): its name is what the
  // family will hear that morning.
  const name = found.parsha.join('-');
  return { name, hebrew: Locale.gettext(name, 'he-x-NoNikud'), festival: true };
}
