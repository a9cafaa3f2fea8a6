import { Buffer } from 'node:buffer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { MailMessage } from '@core/ports/mailer';

/**
 * One part's body: every line ending in CRLF on the wire, whatever the template wrote, and as bytes,
 * since the composer takes an empty string for "no content given" and an empty body is still one.
 */
const body = (text: string) => ({ content: Buffer.from(text.replace(/\r\n|\r|\n/g, '\r\n'), 'utf8'), contentTransferEncoding: 'quoted-printable' as const });

/**
 * One message as the .eml a mail client opens, built by nodemailer's composer: multipart/alternative
 * with the text and the HTML, both UTF-8 and quoted-printable (even when plain ASCII, so every part
 * reads the same way), headers that are not plain ASCII as base64 encoded words (Hebrew and emoji
 * stay short), a Reply-To when the message names one, and a Message-ID at the sender's domain.
 */
export async function composeMessage(message: MailMessage, envelope: { from: string; date: Date }): Promise<Buffer> {
  const composer = new MailComposer({
    from: envelope.from,
    to: message.to,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    subject: message.subject,
    date: envelope.date,
    textEncoding: 'base64',
    text: body(message.text),
    html: body(message.html),
    // Our messages carry no attachments: nothing in them may make the composer read a file or a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return composer.compile().build();
}
