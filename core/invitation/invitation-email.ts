import type { User } from '../model/user';
import type { Guest } from '../model/guest';
import type { Registry } from '../model/registry';
import type { InvitationSettings } from '../model/invitation-settings';
import type { MailKind } from '../model/mail-kinds';
import type { MailMessage } from '../ports/mailer';
import { displayName } from '../model/display-name';
import { celebrationTitle } from '../model/celebration-title';
import { hebrewDateLine } from '../model/hebrew-calendar';
import { hebrewDateOf } from '../registry/hebrew-date';
import { celebration, layout } from '../mail/email-layout';
import { absolutePhotoUrl } from '../mail/photo-address';
import { personSenderName } from '../mail/sender-name';
import { escapeHtml } from '../html';
import { unlinkedHtml, unlinkedText } from '../unlinked-text';
import { PRODUCT } from '../product-name';
import { colours } from '../design-tokens';
import { calendarFile } from './calendar-event';
import { clockTime } from './clock-time';

/** Everything one guest's invitation (or reminder) is made of. */
export interface InvitationContent {
  registry: Pick<Registry, 'id' | 'childName' | 'celebrationType' | 'celebrationDate' | 'hebrewCalendar' | 'photoUrl'>;
  settings: Pick<InvitationSettings, 'message' | 'startTime' | 'place'>;
  /** The registry's owner: the family's name in From, and where a reply goes. */
  family: User;
  guest: Pick<Guest, 'name' | 'email'>;
  /** The guest's own link to the registry. */
  link: string;
  appUrl: string;
  /** When the message is written: the calendar event's stamp. */
  now: Date;
}

const DAY = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });

/** The celebration's details, label and value, as the e-mail's table and its text list them. */
function details(content: InvitationContent): [string, string][] {
  const { registry, settings } = content;
  const rows: [string, string][] = [
    ['Date', DAY.format(registry.celebrationDate)],
    ['Hebrew date', hebrewDateLine(hebrewDateOf(registry.celebrationDate, registry.hebrewCalendar))],
  ];
  if (settings.startTime) rows.push(['Time', clockTime(settings.startTime)]);
  if (settings.place) rows.push(['Place', unlinkedText(settings.place)]);
  return rows;
}

function photoBlock(content: InvitationContent): string[] {
  if (!content.registry.photoUrl) return [];
  const url = absolutePhotoUrl(content.registry.photoUrl, content.appUrl);
  const alt = `A photo of ${content.registry.childName}`;
  return [
    `<img src="${escapeHtml(url)}" width="504" alt="${escapeHtml(alt)}" style="display:block;width:100%;max-width:504px;height:auto;border-radius:12px">`,
  ];
}

/** The family's words as paragraphs: escaped, nothing in them a link, their line breaks kept. */
function messageParagraphs(message: string): string[] {
  const text = message.trim();
  if (!text) return [];
  return text.split(/\n{2,}/).map((paragraph) => unlinkedHtml(escapeHtml(paragraph)).replace(/\n/g, '<br>'));
}

function calendarAttachment(content: InvitationContent) {
  const title = celebrationTitle(content.registry);
  const host = new URL(content.appUrl).host;
  const message = content.settings.message.trim();
  return {
    filename: 'invitation.ics',
    contentType: 'text/calendar',
    content: calendarFile({
      uid: `invitation-${content.registry.id}@${host}`,
      stamp: content.now,
      day: content.registry.celebrationDate,
      startTime: content.settings.startTime,
      summary: title,
      location: content.settings.place,
      description: [...(message ? [message, ''] : []), `Your invitation and the gift registry: ${content.link}`].join('\n'),
      url: content.link,
    }),
  };
}

interface Wording {
  kind: MailKind;
  subject: string;
  heading: string;
  opening: string;
  closing: string;
}

function compose(content: InvitationContent, wording: Wording): MailMessage {
  const hello = `Hello ${unlinkedText(content.guest.name.trim())},`;
  const rows = details(content);
  const linkLine = 'Your invitation and the gift registry:';
  const message = content.settings.message.trim();
  const link = `<a href="${escapeHtml(content.link)}" style="color:${colours.navy};font-weight:700;word-break:break-all">${escapeHtml(content.link)}</a>`;
  return {
    to: content.guest.email,
    kind: wording.kind,
    senderName: personSenderName(content.family),
    replyTo: content.family.email,
    subject: wording.subject,
    text: [
      hello,
      '',
      wording.opening,
      '',
      ...(message ? [unlinkedText(message), ''] : []),
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
      linkLine,
      content.link,
      '',
      wording.closing,
    ].join('\n'),
    html: layout(
      wording.heading,
      rows,
      [...photoBlock(content), escapeHtml(hello), escapeHtml(wording.opening), ...messageParagraphs(message)],
      escapeHtml(wording.closing),
      [`${escapeHtml(linkLine)}<br>${link}`],
    ),
    attachments: [calendarAttachment(content)],
  };
}

/**
 * The invitation a family e-mails each guest on its list: the celebration (child, date, Hebrew
 * date and reading, time and place when given), the photo, the family's message as written and
 * escaped, the guest's own link, and the calendar event. From the family's name via us, a reply
 * reaching the owner. Everything the family typed is escaped and made no link (unlinked-text.ts).
 */
export function invitationEmail(content: InvitationContent): MailMessage {
  const inviter = unlinkedText(displayName(content.family));
  const title = celebration(content.registry);
  return compose(content, {
    kind: 'guest-invitation',
    subject: `You’re invited to ${title} on ${DAY.format(content.registry.celebrationDate)}`,
    heading: `You’re invited to ${title}`,
    opening: `${inviter} invites you to ${title}.`,
    closing: `From your link you can tell the family whether you are coming, and give a gift through ${PRODUCT} if you wish. The calendar event is attached. Questions? Reply to this e-mail and ${inviter} will get it.`,
  });
}

/** The one reminder, a few days before the date, to a guest who has neither answered nor given. */
export function invitationReminderEmail(content: InvitationContent): MailMessage {
  const inviter = unlinkedText(displayName(content.family));
  const title = celebration(content.registry);
  return compose(content, {
    kind: 'guest-reminder',
    subject: `A reminder: ${title} is on ${DAY.format(content.registry.celebrationDate)}`,
    heading: `${title} is coming up`,
    opening: `${inviter} invited you to ${title}, and would love to know whether you are coming.`,
    closing: `This is the only reminder ${PRODUCT} sends about this invitation. Questions? Reply to this e-mail and ${inviter} will get it.`,
  });
}
