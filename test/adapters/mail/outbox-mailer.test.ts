import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { OutboxMailer } from '../../../adapters/mail/outbox-mailer';
import { composeMessage } from '../../../adapters/mail/compose-message';
import { FixedClock } from '../../../adapters/in-memory/fixed-clock';
import { readEml } from './read-eml';
import type { OutgoingMail } from '@core/ports/mailer';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function outbox() {
  const root = await mkdtemp(join(tmpdir(), 'outbox-'));
  folders.push(root);
  return join(root, 'outbox'); // not there yet: the mailer makes it
}

const receipt: OutgoingMail = {
  id: '0f8f3c1e-7a51-4c1b-9d2e-5b8a6c4d3e21',
  kind: 'gift-receipt',
  to: 'sarah.levi@example.com',
  subject: 'Mazel tov! 🎉 Your gift to Noa’s Bat Mitzvah — todah rabah from the whole Cohen family',
  text: 'Shalom Sarah,\n\nThank you for your gift of $180.00 = 10 × chai.\nFrom the family\n.\nתודה רבה',
  html: '<p>Shalom Sarah,</p>\n<p>Thank you for your gift of <b>$180.00</b> — תודה רבה</p>',
};

interface Parsed {
  defects: string[];
  headers: Record<string, string>;
  addresses: { from: string[]; to: string[] };
  date: string;
  type: string;
  parts: { type: string; charset: string; encoding: string; content: string }[];
}

/** How a mail client sees the file: python's email package, strict policy, defects reported. */
function parseWithPython(file: string): Parsed | null {
  const script = `
import email, json, sys
from email import policy
message = email.message_from_bytes(open(sys.argv[1], 'rb').read(), policy=policy.default)
defects = [type(d).__name__ for part in message.walk() for d in part.defects]
print(json.dumps({
  'defects': defects,
  'headers': {k: str(v) for k, v in message.items()},
  'addresses': {'from': [a.addr_spec for a in message['From'].addresses], 'to': [a.addr_spec for a in message['To'].addresses]},
  'date': message['Date'].datetime.isoformat(),
  'type': message.get_content_type(),
  'parts': [{'type': p.get_content_type(), 'charset': p.get_content_charset(), 'encoding': p['Content-Transfer-Encoding'], 'content': p.get_content().replace('\\r\\n', '\\n')} for p in message.iter_parts()],
}))
`;
  const result = spawnSync('python3', ['-c', script, file], { encoding: 'utf8' });
  if (result.error) return null; // no python3 on this machine: the structural checks below still run
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as Parsed;
}

describe('OutboxMailer', () => {
  it('writes one .eml file that a mail client reads back exactly: sender, recipient, subject, date, text and HTML', async () => {
    const directory = await outbox();
    const clock = new FixedClock(new Date('2026-06-01T12:34:56.789Z'));
    await new OutboxMailer({ directory, from: 'Mitzvah Gifts <gifts@mitzvahgifts.test>', clock }).send(receipt);

    const files = await readdir(directory);
    expect(files).toEqual([expect.stringMatching(/^20260601T123456\.789Z-\d{6}-[0-9a-f]{8}\.eml$/)]);
    const file = join(directory, files[0]!);
    const raw = await readFile(file, 'utf8');

    // RFC 5322 on the wire: CRLF line ends, 7-bit text, no line over 78 characters.
    expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(raw).toMatch(/^[\x20-\x7e\r\n]*$/);
    expect(raw.split('\r\n').every((line) => line.length <= 78)).toBe(true);
    expect(raw).toMatch(/^Date: Mon, 01 Jun 2026 12:34:56 \+0000\r$/m);
    expect(raw).toMatch(/^Message-ID: <[0-9a-f-]{36}@mitzvahgifts\.test>\r$/m);
    expect(raw).toMatch(/^MIME-Version: 1\.0\r$/m);
    expect(raw).toMatch(/^Subject: =\?UTF-8\?B\?/m);
    expect((await stat(file)).mode & 0o077).toBe(0); // names and addresses: the owner's eyes only

    const parsed = parseWithPython(file);
    if (!parsed) return;
    expect(parsed.defects).toEqual([]);
    expect(parsed.type).toBe('multipart/alternative');
    expect(parsed.headers.Subject).toBe(receipt.subject);
    expect(parsed.headers.From).toBe('Mitzvah Gifts <gifts@mitzvahgifts.test>');
    expect(parsed.addresses).toEqual({ from: ['gifts@mitzvahgifts.test'], to: ['sarah.levi@example.com'] });
    expect(parsed.date).toBe('2026-06-01T12:34:56+00:00');
    expect(parsed.parts).toEqual([
      { type: 'text/plain', charset: 'utf-8', encoding: 'quoted-printable', content: receipt.text },
      { type: 'text/html', charset: 'utf-8', encoding: 'quoted-printable', content: receipt.html },
    ]);
  });

  it('keeps a plain ASCII subject readable, folding a long one, and encodes a non-ASCII sender name', async () => {
    const directory = await outbox();
    const subject = 'A thank-you note from the Cohen family for your generous gift to the Bat Mitzvah registry of Noa';
    await new OutboxMailer({ directory, from: 'Familie Müller <gifts@mitzvahgifts.test>' }).send({ ...receipt, subject });
    const [name] = await readdir(directory);
    const raw = await readFile(join(directory, name!), 'utf8');
    expect(raw).toMatch(/^Subject: A thank-you note from the Cohen family/m);
    expect(raw).toMatch(/^From: =\?UTF-8\?B\?.*\?= <gifts@mitzvahgifts\.test>\r$/m);
    const parsed = parseWithPython(join(directory, name!));
    if (!parsed) return;
    expect(parsed.defects).toEqual([]);
    expect(parsed.headers.Subject).toBe(subject);
    expect(parsed.headers.From).toBe('Familie Müller <gifts@mitzvahgifts.test>');
  });

  it('never lets a line break in the subject start a header of its own', async () => {
    const directory = await outbox();
    await new OutboxMailer({ directory, from: 'gifts@mitzvahgifts.test' }).send({
      ...receipt,
      subject: 'Hello\r\nBcc: everyone@example.com',
    });
    const [name] = await readdir(directory);
    const raw = await readFile(join(directory, name!), 'utf8');
    expect(raw).not.toMatch(/^Bcc:/m);
    const parsed = parseWithPython(join(directory, name!));
    if (parsed) expect(Object.keys(parsed.headers)).not.toContain('Bcc');
  });

  it('gives every message its own file, in the order they were written, even many at once', async () => {
    const directory = await outbox();
    const clock = new FixedClock(new Date('2026-06-01T12:00:00.000Z'));
    const mailer = new OutboxMailer({ directory, from: 'gifts@mitzvahgifts.test', clock });
    await Promise.all(Array.from({ length: 25 }, (_, index) => mailer.send({ ...receipt, subject: `Message ${index}` })));
    clock.advance(1);
    await mailer.send({ ...receipt, subject: 'Later' });
    const files = (await readdir(directory)).sort();
    expect(files).toHaveLength(26);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
    expect(await readFile(join(directory, files.at(-1)!), 'utf8')).toMatch(/^Subject: Later\r$/m);
  });

  it('logs the file name only: no address, subject or body', async () => {
    const directory = await outbox();
    const lines: string[] = [];
    const logger = { info: (details: object, message: string) => lines.push(JSON.stringify({ details, message })) };
    await new OutboxMailer({ directory, from: 'gifts@mitzvahgifts.test', logger }).send(receipt);
    expect(lines).toHaveLength(1);
    const [file] = await readdir(directory);
    expect(lines[0]).toContain(file);
    // The amount as the message writes it: the file name is a timestamp, whose digits may hold "180".
    for (const secret of ['sarah', 'example.com', 'Mazel', 'Shalom', '$180.00']) expect(lines[0]).not.toContain(secret);
  });
});

describe('the composed message', () => {
  it('carries any text back exactly, in 7-bit lines of at most 78 characters with no trailing space', async () => {
    const envelope = { from: { name: 'Mitzvah Gifts', address: 'gifts@mitzvahgifts.test' }, date: new Date('2026-06-01T12:00:00.000Z') };
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: fc.constantFrom('a', ' ', '\t', '=', '.', 'From ', '\n', '\r\n', 'é', 'ש', '🎉', 'x'.repeat(40)) }),
        async (text) => {
          const raw = (await composeMessage({ ...receipt, text, html: `<p>${text}</p>` }, envelope)).toString('utf8');
          const lines = raw.split('\r\n');
          expect(lines.every((line) => line.length <= 78 && /^[\x20-\x7e\t]*$/.test(line) && !/[ \t]$/.test(line))).toBe(true);
          const read = readEml(raw);
          expect(read.text).toBe(text.replace(/\r\n|\r/g, '\n'));
          expect(read.html).toBe(`<p>${text.replace(/\r\n|\r/g, '\n')}</p>`);
          expect(read.subject).toBe(receipt.subject);
        },
      ),
    );
  });
});
