import { DAY_MS } from '../model/calendar-day';

/**
 * The calendar event an invitation carries (RFC 5545): one VEVENT in a VCALENDAR, that a guest's
 * calendar program adds with one tap. Pure text, built here so the e-mail and its attachment come
 * from one composition.
 */
export interface CalendarEvent {
  /** The same for every message about one celebration, so a reminder updates the event an invitation added rather than adding a second. */
  uid: string;
  /** When the event was written (UTC). */
  stamp: Date;
  /** The celebration's day, a calendar day kept at midnight UTC. */
  day: Date;
  /** "HH:MM", the family's local time: a floating time (no time zone), as a printed invitation's. Null: an all-day event. */
  startTime: string | null;
  summary: string;
  location: string | null;
  description: string;
  url: string;
}

const PRODUCT_ID = '-//Mitzvah Gifts//Invitations//EN';
/** RFC 5545 §3.1: a content line is at most 75 octets, line break excluded; longer lines are folded. */
const MAX_LINE_OCTETS = 75;

function octetsOf(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/**
 * A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, each line break as \n.
 * Carriage returns go, so a CRLF the family typed is one break.
 */
export function escapeCalendarText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\\;,]/g, (character) => `\\${character}`)
    .replace(/\n/g, '\\n');
}

/**
 * One content line, folded (RFC 5545 §3.1): after at most 75 octets a CRLF and one space, never
 * inside a character's UTF-8 bytes, so every physical line is at most 75 octets.
 */
export function foldCalendarLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = octetsOf(character.codePointAt(0) ?? 0);
    if (octets + size > MAX_LINE_OCTETS) {
      parts.push(current);
      // The space that starts a continuation line counts among its 75 octets.
      current = ' ';
      octets = 1;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

function calendarDate(day: Date): string {
  return `${day.getUTCFullYear()}${twoDigits(day.getUTCMonth() + 1)}${twoDigits(day.getUTCDate())}`;
}

function utcStamp(instant: Date): string {
  return `${calendarDate(instant)}T${twoDigits(instant.getUTCHours())}${twoDigits(instant.getUTCMinutes())}${twoDigits(instant.getUTCSeconds())}Z`;
}

/** When the event starts (and, for a whole day, ends: the next day, as RFC 5545 counts it). */
function eventTimes(event: CalendarEvent): string[] {
  if (event.startTime === null) {
    return [`DTSTART;VALUE=DATE:${calendarDate(event.day)}`, `DTEND;VALUE=DATE:${calendarDate(new Date(event.day.getTime() + DAY_MS))}`];
  }
  const [hours = '00', minutes = '00'] = event.startTime.split(':');
  return [`DTSTART:${calendarDate(event.day)}T${hours}${minutes}00`];
}

/** The .ics file: CRLF line ends, every line folded, every text value escaped. */
export function calendarFile(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODUCT_ID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeCalendarText(event.uid)}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    ...eventTimes(event),
    `SUMMARY:${escapeCalendarText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeCalendarText(event.location)}`] : []),
    `DESCRIPTION:${escapeCalendarText(event.description)}`,
    // A URI value, not TEXT: it is not escaped (our links hold none of , ; \).
    `URL:${event.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldCalendarLine).join('\r\n')}\r\n`;
}
