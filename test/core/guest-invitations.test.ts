import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { User } from '@core/model/user';
import { calendarFile, escapeCalendarText, foldCalendarLine } from '@core/invitation/calendar-event';
import { invitationEmail, invitationReminderEmail, type InvitationContent } from '@core/invitation/invitation-email';
import { clockTime } from '@core/invitation/clock-time';

/** RFC 5545 §3.1 read back: a line break followed by one space or tab continues the line before. */
function unfold(text: string): string[] {
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((line) => line !== '');
}

/** RFC 5545 §3.3.11 read back. */
function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, character: string) => (character === 'n' || character === 'N' ? '\n' : character));
}

const octets = (line: string) => new TextEncoder().encode(line).length;

const family: User = {
  id: 'u1',
  username: 'rachel',
  email: 'rachel@example.com',
  firstName: 'Rachel',
  lastName: 'Stern',
  profileImageUrl: null,
  isAdmin: false,
  payoutAccountId: null,
  payoutAccountStatus: null,
  payoutAccountOnboardedAt: null,
  deletionDueAt: null,
  deletedAt: null,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-01T00:00:00Z'),
};

function content(overrides: Partial<InvitationContent> = {}): InvitationContent {
  return {
    // 15 May 2027 is a Saturday: the Torah reading shows.
    registry: {
      id: '11111111-1111-4111-8111-111111111111',
      childName: 'Noa Stern',
      celebrationType: 'bat',
      celebrationDate: new Date('2027-05-15T00:00:00Z'),
      hebrewCalendar: 'diaspora',
      photoUrl: '/uploads/noa.jpg',
    },
    settings: {
      message: 'We would love you there.\n\nKiddush follows, <b>all welcome</b>!',
      startTime: '10:30',
      place: 'Temple Beth El, 12 Main St., Toronto',
    },
    family,
    guest: { name: 'Aunt Dora', email: 'dora@example.com' },
    link: 'https://gifts.example.org/i/abc123',
    appUrl: 'https://gifts.example.org',
    now: new Date('2027-04-01T12:34:56Z'),
    ...overrides,
  };
}

describe('the calendar event’s text', () => {
  it('folds every line to at most 75 octets, never inside a character, and unfolds to the line as it was', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => {
        const line = `DESCRIPTION:${text.replace(/[\r\n]/g, '')}`;
        const folded = foldCalendarLine(line);
        for (const physical of folded.split('\r\n')) expect(octets(physical)).toBeLessThanOrEqual(75);
        expect(folded.replace(/\r\n /g, '')).toBe(line);
      }),
    );
  });

  it('escapes backslash, semicolon, comma and line breaks so any text reads back as written', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'é', '😀', ',', ';', '\\', '\n', ' ', ':', 'N', 'n'), maxLength: 200 }),
        (text) => {
          const escaped = escapeCalendarText(text);
          expect(escaped).not.toMatch(/[\r\n]/);
          expect(escaped).not.toMatch(/(^|[^\\])(\\\\)*[,;]/);
          expect(unescapeText(escaped)).toBe(text);
        },
      ),
    );
  });

  it('reads back as the event: a whole day, or a floating time, with the summary, place and link', () => {
    const event = {
      uid: 'invitation-1@gifts.example.org',
      stamp: new Date('2027-04-01T12:34:56Z'),
      day: new Date('2027-05-15T00:00:00Z'),
      summary: 'Noa’s Bat Mitzvah',
      location: 'Hall, 12 Main St.; Toronto',
      description: 'Come!\nhttps://x.example/i/t',
      url: 'https://x.example/i/t',
    };
    const allDay = unfold(calendarFile({ ...event, startTime: null }));
    expect(allDay).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Mitzvah Gifts//Invitations//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:invitation-1@gifts.example.org',
      'DTSTAMP:20270401T123456Z',
      'DTSTART;VALUE=DATE:20270515',
      'DTEND;VALUE=DATE:20270516',
      'SUMMARY:Noa’s Bat Mitzvah',
      'LOCATION:Hall\\, 12 Main St.\\; Toronto',
      'DESCRIPTION:Come!\\nhttps://x.example/i/t',
      'URL:https://x.example/i/t',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
    const timed = unfold(calendarFile({ ...event, startTime: '18:05', location: null }));
    expect(timed).toContain('DTSTART:20270515T180500');
    expect(timed.some((line) => line.startsWith('DTEND'))).toBe(false);
    expect(timed.some((line) => line.startsWith('LOCATION'))).toBe(false);
    expect(calendarFile({ ...event, startTime: null }).endsWith('\r\n')).toBe(true);
  });
});

describe('the invitation e-mail', () => {
  it('carries the celebration, the Hebrew date and reading, the time and place, the photo, the message and the guest’s link', () => {
    const mail = invitationEmail(content());
    expect(mail).toMatchObject({
      to: 'dora@example.com',
      kind: 'guest-invitation',
      senderName: 'Rachel Stern via Mitzvah Gifts',
      replyTo: 'rachel@example.com',
    });
    expect(mail.subject).toBe("You’re invited to Noa Stern's Bat Mitzvah on Saturday, May 15, 2027");
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Saturday, May 15, 2027');
      expect(part).toContain('8 Iyyar 5787');
      expect(part).toContain('Parashat Emor');
      expect(part).toContain('10:30 AM');
      expect(part).toContain('https://gifts.example.org/i/abc123');
    }
    expect(mail.text).toContain('Hello Aunt Dora,');
    expect(mail.text).toContain("Rachel Stern invites you to Noa Stern's Bat Mitzvah.");
    expect(mail.html).toContain('<img src="https://gifts.example.org/uploads/noa.jpg"');
    // The family's words as written, escaped, their paragraphs kept.
    expect(mail.html).toContain('Kiddush follows, &#60;b&#62;all welcome&#60;/b&#62;!');
    expect(mail.html).not.toContain('<b>all welcome</b>');
    expect(mail.text).toContain('We would love you there.\n\nKiddush follows, <b>all welcome</b>!');
  });

  it('attaches the calendar event, its uid the registry’s, its description the link', () => {
    const [file] = invitationEmail(content()).attachments ?? [];
    expect(file).toMatchObject({ filename: 'invitation.ics', contentType: 'text/calendar' });
    const lines = unfold(file!.content);
    expect(lines).toContain('UID:invitation-11111111-1111-4111-8111-111111111111@gifts.example.org');
    expect(lines).toContain('DTSTART:20270515T103000');
    expect(lines).toContain('LOCATION:Temple Beth El\\, 12 Main St.\\, Toronto');
    expect(lines).toContain('URL:https://gifts.example.org/i/abc123');
    expect(unescapeText(lines.find((line) => line.startsWith('DESCRIPTION:'))!.slice('DESCRIPTION:'.length))).toContain(
      'Your invitation and the gift registry: https://gifts.example.org/i/abc123',
    );
  });

  it('without time, place, photo or message says only what is known, and the event is all day', () => {
    const mail = invitationEmail(
      content({ settings: { message: '', startTime: null, place: null }, registry: { ...content().registry, photoUrl: null } }),
    );
    expect(mail.text).not.toContain('Time:');
    expect(mail.text).not.toContain('Place:');
    expect(mail.html).not.toContain('<img');
    expect(unfold(mail.attachments![0]!.content)).toContain('DTSTART;VALUE=DATE:20270515');
  });

  it('makes no link of anything the family typed', () => {
    const mail = invitationEmail(
      content({
        settings: { message: 'Pay at evil.example now', startTime: null, place: 'www.phish.test' },
        guest: { name: 'a@b.example', email: 'x@example.com' },
      }),
    );
    expect(mail.html).not.toMatch(/evil\.example|phish\.test/);
    expect(mail.text).not.toMatch(/evil\.example|phish\.test|a@b\.example/);
  });

  it('the reminder says it is the only one, and carries the same event', () => {
    const reminder = invitationReminderEmail(content());
    expect(reminder.kind).toBe('guest-reminder');
    expect(reminder.subject).toBe("A reminder: Noa Stern's Bat Mitzvah is on Saturday, May 15, 2027");
    expect(reminder.text).toContain('This is the only reminder Mitzvah Gifts sends about this invitation.');
    expect(unfold(reminder.attachments![0]!.content)).toContain('UID:invitation-11111111-1111-4111-8111-111111111111@gifts.example.org');
  });

  it.each([
    ['00:00', '12:00 AM'],
    ['09:05', '9:05 AM'],
    ['12:30', '12:30 PM'],
    ['18:00', '6:00 PM'],
  ])('%s is %s', (time, words) => {
    expect(clockTime(time)).toBe(words);
  });
});
