import { Buffer } from 'node:buffer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { OutgoingMail } from '@core/ports/mailer';
import { senderOf, type SenderAddress } from './sender-address';

/**
 * One part's body: every line ending in CRLF on the wire, whatever the template wrote, and as bytes,
 * since the composer takes an empty string for "no content given" and an empty body is still one.
 */
const body = (text: string) => ({
  content: Buffer.from(text.replace(/\r\n|\r|\n/g, '\r\n'), 'utf8'),
  contentTransferEncoding: 'quoted-printable' as const,
});

/**
 * One message as the .eml a mail client opens, built by nodemailer's composer: multipart/alternative
 * with the text and the HTML (inside multipart/mixed with its attachments, when it has any), both UTF-8 and quoted-printable (even when plain ASCII, so every part
 * reads the same way), headers that are not plain ASCII as base64 encoded words (Hebrew and emoji
 * stay short), a Reply-To when the message names one, and a Message-ID at the sender's domain. A
 * message written on someone's behalf has their name before our address in From (the composer
 * quotes or encodes it, so no name can add a header); one that may be stopped carries
 * List-Unsubscribe and List-Unsubscribe-Post (RFC 8058).
 */
export async function composeMessage(message: OutgoingMail, envelope: { from: SenderAddress; date: Date }): Promise<Buffer> {
  const composer = new MailComposer({
    from: senderOf(envelope.from, message.senderName),
    to: message.to,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    ...(message.unsubscribeUrl
      ? { headers: { 'List-Unsubscribe': `<${message.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
      : {}),
    subject: message.subject,
    date: envelope.date,
    textEncoding: 'base64',
    text: body(message.text),
    html: body(message.html),
    // An attachment is given as bytes: nothing in a message may make the composer read a file or a URL.
    ...(message.attachments?.length
      ? {
          attachments: message.attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: Buffer.from(file.content, 'utf8'),
          })),
        }
      : {}),
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return composer.compile().build();
}
