import type { MailMessage } from '@core/ports/mailer';

/** A strict quoted-printable decoder, the inverse of RFC 2045 section 6.7 (hard line ends stay CRLF). */
export function decodeQuotedPrintable(encoded: string): string {
  const bytes: number[] = [];
  const lines = encoded.split('\r\n');
  lines.forEach((line, index) => {
    const soft = line.endsWith('=');
    const content = soft ? line.slice(0, -1) : line;
    for (let i = 0; i < content.length; i += 1) {
      if (content[i] === '=') {
        bytes.push(parseInt(content.slice(i + 1, i + 3), 16));
        i += 2;
      } else {
        bytes.push(content.charCodeAt(i));
      }
    }
    if (!soft && index < lines.length - 1) bytes.push(13, 10);
  });
  return Buffer.from(bytes).toString('utf8');
}

/**
 * What a mail client shows of one .eml file, read by the RFC rules rather than by knowing how the
 * outbox wrote it: headers unfolded (RFC 5322 2.2.3), encoded words decoded (RFC 2047, "B" and
 * "Q"), the multipart/alternative parts split (RFC 2046 5.1.1) and their bodies decoded. Line ends
 * come back as "\n", as the client shows them. Anything it does not understand throws.
 */
export function readEml(raw: string): Omit<MailMessage, 'kind' | 'senderName'> {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) throw new Error('no blank line after the headers');
  const headers = headersOf(raw.slice(0, split));
  const boundary = /^multipart\/alternative;\s*boundary="([^"]+)"$/i.exec(headers.get('content-type') ?? '')?.[1];
  if (!boundary) throw new Error(`not multipart/alternative: ${headers.get('content-type')}`);
  const sections = raw.slice(split + 4).split(`--${boundary}`);
  if (sections.at(-1)?.startsWith('--') !== true) throw new Error('no closing boundary');
  const parts = new Map<string, string>();
  for (const section of sections.slice(1, -1)) {
    // The CRLF before a boundary belongs to the boundary, as does the one after it.
    const part = section.replace(/^\r\n/, '').replace(/\r\n$/, '');
    const partSplit = part.indexOf('\r\n\r\n');
    const partHeaders = headersOf(part.slice(0, partSplit));
    const type = /^(text\/(?:plain|html));\s*charset=utf-8$/i.exec(partHeaders.get('content-type') ?? '')?.[1]?.toLowerCase();
    if (!type || partHeaders.get('content-transfer-encoding')?.toLowerCase() !== 'quoted-printable') {
      throw new Error(`unexpected part: ${partHeaders.get('content-type')}, ${partHeaders.get('content-transfer-encoding')}`);
    }
    parts.set(type, decodeQuotedPrintable(part.slice(partSplit + 4)).replace(/\r\n/g, '\n'));
  }
  const replyTo = headers.get('reply-to');
  return {
    to: headers.get('to') ?? '',
    ...(replyTo === undefined ? {} : { replyTo }),
    subject: headers.get('subject') ?? '',
    text: parts.get('text/plain') ?? '',
    html: parts.get('text/html') ?? '',
  };
}

/** Header names in lower case, values unfolded and decoded. */
function headersOf(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r\n(?=[ \t])/g, '').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 1) throw new Error(`not a header: ${line}`);
    headers.set(line.slice(0, colon).toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

const ENCODED_WORD = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;

function decodeWords(value: string): string {
  // White space between two encoded words is not part of the text (RFC 2047 section 6.2).
  const joined = value.replace(/(\?=)\s+(?==\?)/g, '$1');
  return joined.replace(ENCODED_WORD, (_word, charset: string, encoding: string, text: string) => {
    if (charset.toLowerCase() !== 'utf-8') throw new Error(`unexpected charset ${charset}`);
    if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
    return decodeQuotedPrintable(text.replace(/_/g, ' '));
  });
}
