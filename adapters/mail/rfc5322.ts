import { Buffer } from 'node:buffer';
import type { MailMessage } from '@core/ports/mailer';

export interface RenderOptions {
  from: string;
  date: Date;
  messageId: string;
  boundary: string;
}

const CRLF = '\r\n';
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * One message as an RFC 5322 / MIME document (CRLF line ends): multipart/alternative with the text
 * and the HTML, both UTF-8 and quoted-printable, and the subject as encoded words when it is not
 * plain ASCII; a Reply-To header when the message names where replies go. Every mail client opens
 * it; python's email package parses it without defects.
 */
export function renderMessage(message: MailMessage, options: RenderOptions): string {
  const { boundary } = options;
  const headers = [
    header('From', formatMailbox(options.from)),
    header('To', singleLine(message.to)),
    ...(message.replyTo ? [header('Reply-To', formatMailbox(message.replyTo))] : []),
    encodedHeader('Subject', message.subject),
    header('Date', formatDate(options.date)),
    header('Message-ID', options.messageId),
    header('MIME-Version', '1.0'),
    header('Content-Type', `multipart/alternative; boundary="${boundary}"`),
  ];
  const part = (type: string, body: string) =>
    [`--${boundary}`, `Content-Type: ${type}; charset=UTF-8`, 'Content-Transfer-Encoding: quoted-printable', '', quotedPrintable(body)].join(CRLF);
  return [...headers, '', part('text/plain', message.text), part('text/html', message.html), `--${boundary}--`, ''].join(CRLF);
}

/** "Sat, 21 Nov 2026 06:32:53 +0000" (RFC 5322 section 3.3), always in UTC. */
export function formatDate(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${DAYS[date.getUTCDay()]}, ${two(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} +0000`;
}

/** The address part of "Name <address>" (or the whole text when it is a bare address). */
export function addressOf(mailbox: string): string {
  const match = /<([^<>]+)>\s*$/.exec(mailbox);
  return (match ? match[1]! : mailbox).trim();
}

/** "Name <address>" with the name quoted or encoded as needed; a bare address as it is. */
function formatMailbox(mailbox: string): string {
  const match = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(singleLine(mailbox));
  if (!match) return singleLine(mailbox).trim();
  const name = match[1]!.replace(/^"(.*)"$/, '$1').replace(/\\(.)/g, '$1');
  const address = match[2]!.trim();
  if (!name) return address;
  if (!isPlainAscii(name)) return `${encodedWords(name).join(`${CRLF} `)} <${address}>`;
  return /^[\w !#$%&'*+\-/=?^`{|}~]*$/.test(name) ? `${name} <${address}>` : `"${name.replace(/(["\\])/g, '\\$1')}" <${address}>`;
}

function header(name: string, value: string): string {
  return `${name}: ${singleLine(value)}`;
}

/** Plain ASCII folded at spaces under 78 characters a line; anything else as UTF-8 encoded words. */
function encodedHeader(name: string, value: string): string {
  const text = singleLine(value);
  if (isPlainAscii(text) && !/=\?/.test(text)) return fold(`${name}: ${text}`);
  return `${name}: ${encodedWords(text).join(`${CRLF} `)}`;
}

function fold(line: string): string {
  const lines: string[] = [];
  let current = '';
  for (const word of line.split(/(?= )/)) {
    if (current && current.length + word.length > 76) {
      lines.push(current);
      current = word;
    } else {
      current += word;
    }
  }
  lines.push(current);
  return lines.join(CRLF);
}

/** RFC 2047 "B" encoded words of at most 75 characters, split between characters, never inside one. */
function encodedWords(text: string): string[] {
  const words: string[] = [];
  let chunk = '';
  // 39 bytes make 52 base64 characters: 64 with the =?UTF-8?B? ... ?= wrapping, under 78 with "Subject: ".
  for (const character of text) {
    if (chunk && Buffer.byteLength(chunk + character) > 39) {
      words.push(chunk);
      chunk = '';
    }
    chunk += character;
  }
  if (chunk || words.length === 0) words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word, 'utf8').toString('base64')}?=`);
}

/** Quoted-printable (RFC 2045 section 6.7) of UTF-8 text, CRLF line ends, lines of at most 76 characters. */
export function quotedPrintable(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => {
      const bytes = Buffer.from(line, 'utf8');
      const tokens: string[] = [];
      bytes.forEach((byte, index) => {
        const last = index === bytes.length - 1;
        const literal = (byte >= 33 && byte <= 126 && byte !== 61) || ((byte === 32 || byte === 9) && !last);
        // A line starting "From " is mangled by mbox tools; "." alone ends an SMTP body. Encode both.
        const guarded = index === 0 && ((byte === 70 && line.startsWith('From ')) || (byte === 46 && line.startsWith('.')));
        tokens.push(literal && !guarded ? String.fromCharCode(byte) : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`);
      });
      const physical: string[] = [];
      let current = '';
      for (const token of tokens) {
        if (current.length + token.length > 75) {
          physical.push(`${current}=`);
          current = '';
        }
        current += token;
      }
      physical.push(current);
      return physical.join(CRLF);
    })
    .join(CRLF);
}

function singleLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ');
}

function isPlainAscii(text: string): boolean {
  return /^[\x20-\x7e]*$/.test(text);
}
