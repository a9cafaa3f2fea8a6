/**
 * Which schedule of weekly Torah readings a registry follows. Israel and the diaspora read the
 * same portions except in some weeks after Pesach or Shavuot (the diaspora keeps an eighth or
 * second festival day that Israel does not), so a family celebrating in Israel chooses it.
 * Every registry from before the question existed follows the diaspora's.
 */
export const HEBREW_CALENDARS = ['diaspora', 'israel'] as const;
export type HebrewCalendarChoice = (typeof HEBREW_CALENDARS)[number];

export const DEFAULT_HEBREW_CALENDAR: HebrewCalendarChoice = 'diaspora';

const CALENDAR_NAMES: Record<HebrewCalendarChoice, string> = {
  diaspora: 'Diaspora',
  israel: 'Israel',
};

export function hebrewCalendarName(choice: HebrewCalendarChoice): string {
  return CALENDAR_NAMES[choice];
}

/** The Hebrew date of a celebration and, on a Shabbat, the Torah reading of that day. */
export interface HebrewDate {
  /** "25 Kislev 5787". */
  date: string;
  /** "כ״ה כסלו תשפ״ז", without vowel points. */
  hebrew: string;
  reading: TorahReading | null;
}

export interface TorahReading {
  /** "Parashat Vayeshev", or a festival's name ("Shavuot") when the festival's reading replaces the week's. */
  name: string;
  hebrew: string;
  /** A festival's own reading rather than the week's parashah. */
  festival: boolean;
}

/** "25 Kislev 5787 · Parashat Vayeshev": one line for a card, a preview or an e-mail. */
export function hebrewDateLine(hebrewDate: HebrewDate): string {
  return hebrewDate.reading ? `${hebrewDate.date} · ${readingLabel(hebrewDate.reading)}` : hebrewDate.date;
}

/** "Parashat Vayeshev", or "Shavuot reading" for a festival Shabbat. */
export function readingLabel(reading: TorahReading): string {
  return reading.festival ? `${reading.name} reading` : reading.name;
}
