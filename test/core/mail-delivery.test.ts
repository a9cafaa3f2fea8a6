import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { InMemoryTypedAddressBudget } from '../../adapters/in-memory/in-memory-typed-address-budget';
import { sealedUnsubscribeTokens } from '../../adapters/security/sealed-unsubscribe-tokens';
import { categoryOf, MAIL_KINDS, OPT_OUT_CATEGORIES } from '@core/model/mail-kinds';
import { familySenderName, personSenderName } from '@core/mail/sender-name';
import { MAIL_PROBLEMS, scopeOf, stoppingSuppression, stops, SUPPRESSION_SCOPES } from '@core/model/suppression';
import { unsubscribeByLink } from '@core/mail/unsubscribe-by-link';
import { sendThankYouNote } from '@core/thank-you/send-thank-you-note';
import { aCharity, aNewGift, aNewRegistry, aNewUser } from '../support/builders';

const kind = fc.constantFrom(...MAIL_KINDS);
const transactional = MAIL_KINDS.filter((each) => categoryOf(each) === 'transactional');

describe('what a suppression stops', () => {
  it('a bounce or a drop stops every message to the address, transactional ones too', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('bounce' as const, 'dropped' as const),
        fc.option(kind, { nil: null }),
        kind,
        (problem, reported, sent) => {
          expect(stops(scopeOf(problem, reported), categoryOf(sent))).toBe(true);
        },
      ),
    );
  });

  it('a spam report or an unsubscribe never stops a receipt, a refund, a payout or an account e-mail', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('spam-report' as const, 'unsubscribe' as const),
        fc.option(kind, { nil: null }),
        fc.constantFrom(...transactional),
        (problem, reported, sent) => {
          expect(stops(scopeOf(problem, reported), categoryOf(sent))).toBe(false);
        },
      ),
    );
  });

  it('an unsubscribe from one category stops that category and no other', () => {
    fc.assert(
      fc.property(
        kind.filter((each) => categoryOf(each) !== 'transactional'),
        kind,
        (reported, sent) => {
          expect(stops(scopeOf('unsubscribe', reported), categoryOf(sent))).toBe(categoryOf(sent) === categoryOf(reported));
        },
      ),
    );
    expect(scopeOf('unsubscribe', null)).toBe('non-transactional');
    expect(scopeOf('spam-report', 'gift-receipt')).toBe('non-transactional');
  });

  it('names the widest suppression that stops a message', () => {
    fc.assert(
      fc.property(
        fc.subarray([...SUPPRESSION_SCOPES]),
        fc.constantFrom('transactional' as const, ...OPT_OUT_CATEGORIES),
        (scopes, category) => {
          const found = stoppingSuppression(
            scopes.map((scope) => ({ scope })),
            category,
          );
          expect(found !== null).toBe(scopes.some((scope) => stops(scope, category)));
          if (found)
            expect(SUPPRESSION_SCOPES.indexOf(found.scope)).toBe(
              Math.min(...scopes.filter((scope) => stops(scope, category)).map((scope) => SUPPRESSION_SCOPES.indexOf(scope))),
            );
        },
      ),
    );
    expect(MAIL_PROBLEMS).toEqual(['bounce', 'dropped', 'spam-report', 'unsubscribe']);
  });
});

describe('the From name of mail written on someone’s behalf', () => {
  const user = (firstName: string | null, lastName: string | null) => ({
    ...aNewUser(),
    id: 'u',
    firstName,
    lastName,
    profileImageUrl: null,
    isAdmin: false,
    payoutAccountId: null,
    payoutAccountStatus: null,
    payoutAccountOnboardedAt: null,
    deletionDueAt: null,
    deletedAt: null,
    createdAt: new Date(),
    updatedAt: new Date(),
  });

  it('names the family by the sender’s last name, else the sender, always "via" us', () => {
    expect(familySenderName(user('Rachel', 'Cohen'))).toBe('The Cohen family via Mitzvah Gifts');
    expect(familySenderName(user('Rachel', null))).toBe('Rachel via Mitzvah Gifts');
    expect(personSenderName(user('Dana', 'Ben-David'))).toBe('Dana Ben-David via Mitzvah Gifts');
  });

  it('makes no link of a name that holds a web address', () => {
    const name = familySenderName(user('Rachel', 'Claim your prize at evil.example'));
    expect(name).not.toContain('evil.example');
    expect(name.replace(/\u200B/g, '')).toBe('The Claim your prize at evil.example family via Mitzvah Gifts');
  });

  it('keeps nothing that reads as an address, a list or a second line, and stays short', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (lastName) => {
        const name = familySenderName(user('Rachel', lastName));
        expect(name).toMatch(/via Mitzvah Gifts$|^Mitzvah Gifts$/);
        expect(name).not.toMatch(/[<>"@,;\\\r\n]/);
        expect([...name].length).toBeLessThanOrEqual(60 + ' via Mitzvah Gifts'.length + 'The  family'.length);
      }),
    );
  });
});

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('one-click unsubscribe links', () => {
  const tokens = sealedUnsubscribeTokens('a session secret of at least thirty-two characters');

  it('open to the address and category they were sealed with, and to nothing when changed or sealed with another key', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.constantFrom(...OPT_OUT_CATEGORIES), fc.nat(), (address, category, at) => {
        const token = tokens.seal({ address, category });
        expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(token).not.toContain(Buffer.from(address).toString('base64url').slice(0, 8));
        expect(tokens.open(token)).toEqual({ address, category });
        // Flip the highest of the six bits a base64url character holds: the last character's lowest
        // bits may be padding, which decodes to the same bytes.
        const index = at % token.length;
        const flipped = BASE64URL[BASE64URL.indexOf(token[index]!) ^ 32]!;
        const changed = `${token.slice(0, index)}${flipped}${token.slice(index + 1)}`;
        expect(tokens.open(changed)).toBeNull();
        expect(sealedUnsubscribeTokens('another secret, also long enough to be one').open(token)).toBeNull();
      }),
      { numRuns: 50 },
    );
  });

  it('unsubscribe at once, from that category only, and leaving the newsletter takes the address off its list', async () => {
    const repositories = createInMemoryRepositories();
    await repositories.newsletter.subscribe({ email: 'dan@example.com', unsubscribeTokenHash: 'h', consentedAt: new Date() });
    const ports = { tokens, unitOfWork: repositories, clock: new FixedClock() };
    await unsubscribeByLink(tokens.seal({ address: 'Dan@Example.com', category: 'newsletter' }), ports);
    await unsubscribeByLink(tokens.seal({ address: 'dan@example.com', category: 'reminders' }), ports);
    expect((await repositories.mailSuppressions.listFor('dan@example.com')).map(({ scope, reason }) => [scope, reason]).sort()).toEqual([
      ['newsletter', 'unsubscribe'],
      ['reminders', 'unsubscribe'],
    ]);
    expect(await repositories.newsletter.isSubscribed('dan@example.com')).toBe(false);
    await expect(unsubscribeByLink('not-a-token-at-all-but-long-enough-to-look-like-one-xxxxxxx', ports)).rejects.toMatchObject({
      code: 'mail.unsubscribe_link_invalid',
    });
  });
});

describe('sending a card again after it was not delivered', () => {
  async function undeliveredCard() {
    const repositories = createInMemoryRepositories();
    const owner = await repositories.users.create(aNewUser({ username: 'rachel', email: 'rachel.cohen@example.com', lastName: 'Cohen' }));
    const charity = await repositories.charities.create(aCharity());
    const registry = await repositories.registries.create(aNewRegistry(owner.id));
    const gift = await repositories.gifts.create(aNewGift(registry.id, charity.id, { giftGiverEmail: 'miriam@gmial.com' }));
    const note = await repositories.thankYouNotes.save(
      { id: gift.id, byHand: false },
      { templateId: 'warm', customMessage: 'Todah rabah!', imageUrls: [], imageSize: 'medium' },
    );
    const budget = new InMemoryTypedAddressBudget();
    // Each send a minute after the last: a card sent again is a message of its own.
    let minute = 0;
    const clock = { now: () => new Date(Date.UTC(2026, 11, 2, 10, (minute += 1))) };
    const ports = { unitOfWork: repositories, clock, appUrl: 'https://gifts.example.org', typedAddresses: budget };
    await sendThankYouNote(owner, note.id, {}, ports);
    repositories.thankYouNotes.rows.set(note.id, { ...repositories.thankYouNotes.rows.get(note.id)!, notDeliveredAt: new Date() });
    await repositories.mailSuppressions.add({ address: 'miriam@gmial.com', scope: 'all', reason: 'bounce', createdAt: new Date() });
    return { repositories, owner, note, ports, budget };
  }

  it('goes to the address the family corrects, from the family, and that address stays the card’s', async () => {
    const { repositories, owner, note, ports } = await undeliveredCard();
    const sent = await sendThankYouNote(owner, note.id, { email: ' miriam@gmail.com ' }, ports);
    expect(sent).toMatchObject({ status: 'sent', sendTo: 'miriam@gmail.com', notDeliveredAt: null });
    expect(repositories.mail.queued.at(-1)).toMatchObject({
      to: 'miriam@gmail.com',
      kind: 'thank-you-card',
      senderName: 'The Cohen family via Mitzvah Gifts',
      replyTo: 'rachel.cohen@example.com',
      thankYouNoteId: note.id,
    });
    // The old address keeps its bounce: nobody vouched for it.
    expect(await repositories.mailSuppressions.listFor('miriam@gmial.com')).toHaveLength(1);
  });

  it('to the same address lifts its bounce (the family checked it), and refuses an address that is none', async () => {
    const { repositories, owner, note, ports } = await undeliveredCard();
    await expect(sendThankYouNote(owner, note.id, { email: 'not an address' }, ports)).rejects.toMatchObject({ code: 'validation.failed' });
    await expect(sendThankYouNote(owner, note.id, { email: 'a@b.c', cc: 'x@y.z' }, ports)).rejects.toMatchObject({
      code: 'validation.failed',
    });
    expect(repositories.mail.queued).toHaveLength(1);
    await sendThankYouNote(owner, note.id, {}, ports);
    expect(await repositories.mailSuppressions.listFor('miriam@gmial.com')).toEqual([]);
    expect(repositories.mail.queued.at(-1)?.to).toBe('miriam@gmial.com');
  });
});
