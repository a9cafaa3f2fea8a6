import { describe, expect, it } from 'vitest';
import type { MailEvent } from '@core/ports/mail-events';
import { mailWorld } from '../support/mail-world';

const FORGED = 'not-a-token-at-all-but-long-enough-to-look-like-one-xxxxxxx';

describe('the mail’s own calls, built once', () => {
  it('read a link without acting on it, refuse a forged one, and unsubscribe with a sealed one', async () => {
    const { repositories, unsubscribeTokens, mail } = mailWorld();
    const token = unsubscribeTokens.seal({ address: 'dan@example.com', category: 'reminders' });

    expect(mail.readUnsubscribeLink(token)).toEqual({ address: 'dan@example.com', category: 'reminders' });
    expect(() => mail.readUnsubscribeLink(FORGED)).toThrow(expect.objectContaining({ code: 'mail.unsubscribe_link_invalid' }));
    await expect(mail.unsubscribe(FORGED)).rejects.toMatchObject({ code: 'mail.unsubscribe_link_invalid' });
    expect(await repositories.mailSuppressions.listFor('dan@example.com')).toEqual([]);

    expect(await mail.unsubscribe(token)).toEqual({ address: 'dan@example.com', category: 'reminders' });
    expect((await repositories.mailSuppressions.listFor('dan@example.com')).map(({ scope, reason }) => [scope, reason])).toEqual([
      ['reminders', 'unsubscribe'],
    ]);
  });

  it('receive SendGrid’s reports only when its verifier is configured, and store each once', async () => {
    const unconfigured = mailWorld();
    expect(unconfigured.mail.receivesSendGridEvents).toBe(false);
    expect(() => unconfigured.mail.verifySendGridEvents(new Uint8Array(), { signature: 's', timestamp: 't' })).toThrow();

    const bounce: MailEvent = {
      id: 'sg-1',
      problem: 'bounce',
      address: 'dan@example.com',
      mailId: null,
      kind: null,
      occurredAt: new Date('2026-12-01T12:00:00.000Z'),
    };
    const { mail, inbox } = mailWorld({
      sendGridEvents: {
        verify: (_rawBody, headers) => {
          if (headers.signature !== 'good') throw new Error('unverified');
          return [bounce];
        },
      },
    });
    expect(mail.receivesSendGridEvents).toBe(true);
    expect(() => mail.verifySendGridEvents(new Uint8Array(), { signature: 'bad', timestamp: 't' })).toThrow('unverified');
    const events = mail.verifySendGridEvents(new Uint8Array(), { signature: 'good', timestamp: 't' });
    expect(await mail.recordEvents(events)).toBe(1);
    expect(await mail.recordEvents(events)).toBe(0);
    expect([...inbox.keys()]).toEqual(['sg-1']);
  });
});
