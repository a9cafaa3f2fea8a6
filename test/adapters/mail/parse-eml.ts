import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import type { DeliveredMail } from '../../contract/mailer.contract';

/** One address of a header that must hold exactly one. */
function onlyAddress(header: AddressObject | AddressObject[] | undefined, name: string): { name: string; address: string } {
  const all = (Array.isArray(header) ? header : header ? [header] : []).flatMap((object) => object.value);
  if (all.length !== 1 || !all[0]!.address) throw new Error(`${name} must name exactly one address, got ${JSON.stringify(all)}`);
  return { name: all[0]!.name, address: all[0]!.address };
}

/** The text of one header as mailparser decoded it, or undefined. */
function headerText(parsed: ParsedMail, name: string): string | undefined {
  const line = parsed.headerLines.find((header) => header.key === name);
  return line ? line.line.slice(line.line.indexOf(':') + 1).trim() : undefined;
}

/**
 * An .eml file as a mail program reads it, parsed by mailparser (nodemailer's own parser, strict
 * about MIME and RFC 2047), not by knowing how the outbox wrote it: one From, To and Reply-To
 * each, the decoded subject, text and HTML, and List-Unsubscribe's web address when the message
 * has one. Also answers the parsed message, for a test that looks at other headers.
 */
export async function parseEml(raw: string | Buffer): Promise<DeliveredMail & { parsed: ParsedMail }> {
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  const listUnsubscribe = headerText(parsed, 'list-unsubscribe');
  // https wherever PUBLIC_URL is (production insists on it); a laptop's http://localhost too.
  const https = listUnsubscribe ? /<(https?:[^>]+)>/.exec(listUnsubscribe)?.[1] : undefined;
  if (listUnsubscribe && !https) throw new Error(`List-Unsubscribe without a web address: ${listUnsubscribe}`);
  const oneClick = headerText(parsed, 'list-unsubscribe-post');
  return {
    from: onlyAddress(parsed.from, 'From'),
    to: onlyAddress(parsed.to, 'To').address,
    ...(parsed.replyTo ? { replyTo: onlyAddress(parsed.replyTo, 'Reply-To').address } : {}),
    subject: parsed.subject ?? '',
    text: (parsed.text ?? '').replace(/\r\n/g, '\n'),
    html: typeof parsed.html === 'string' ? parsed.html.replace(/\r\n/g, '\n') : '',
    ...(https ? { unsubscribe: { url: https, oneClick: oneClick === 'List-Unsubscribe=One-Click' } } : {}),
    ...(parsed.attachments.length > 0
      ? {
          attachments: parsed.attachments.map((file) => ({
            filename: file.filename ?? '',
            contentType: file.contentType,
            content: file.content.toString('utf8'),
          })),
        }
      : {}),
    parsed,
  };
}

/** The same without the parsed message, as the mailer contract compares it. */
export async function readDelivered(raw: string | Buffer): Promise<DeliveredMail> {
  const { parsed: _parsed, ...delivered } = await parseEml(raw);
  return delivered;
}

/** Every .eml in a data folder's outbox, parsed by mailparser as a mail program reads it, oldest first. */
export async function deliveredMail(dataDir: string) {
  const folder = path.join(dataDir, 'outbox');
  const names = readdirSync(folder)
    .filter((name) => name.endsWith('.eml'))
    .sort();
  return Promise.all(names.map((name) => parseEml(readFileSync(path.join(folder, name)))));
}
