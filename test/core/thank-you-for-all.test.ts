import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { InMemoryTypedAddressBudget } from '../../adapters/in-memory/in-memory-typed-address-budget';
import type { NoteStatus } from '@core/model/thank-you-note';
import { cardForAllRecipients, type CardCandidate } from '@core/thank-you/card-for-all-recipients';
import { fillGiverName, placeholderProblem } from '@core/thank-you/giver-name-placeholder';
import { thankYouWorld } from '../support/thank-you-world';
import { remindUnthankedGifts, REMINDER_DELAY_MS } from '@core/thank-you/thank-you-reminder';
import { aCharity, aNewGift, aNewRegistry } from '../support/builders';
import { codeOf } from '../support/code-of';

describe('the {name} placeholder', () => {
  it('puts the giver’s name, as typed, wherever the message has it, in any letter case', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }).filter((name) => name.trim() !== ''),
        (name) => {
          expect(fillGiverName('Dear {name}, thank you! {NAME} { Name }', name)).toBe(
            `Dear ${name.trim()}, thank you! ${name.trim()} ${name.trim()}`,
          );
        },
      ),
    );
  });

  it.each([
    ['Dear {name},', null],
    ['Dear {Name}, and {name} again', null],
    ['Dear friends,', 'Write {name} where each giver’s name goes'],
    ['Dear {nmae}, {name}', 'Only {name} can go in curly brackets: check its spelling'],
    ['Dear {name, {name}', 'Only {name} can go in curly brackets: check its spelling'],
    ['Dear {name}} ', 'Only {name} can go in curly brackets: check its spelling'],
  ])('%j → %s', (message, problem) => {
    expect(placeholderProblem(message)).toBe(problem);
  });
});

describe('who a card for everyone goes to', () => {
  const candidate = (giverName: string, giverEmail: string | null, noteStatus: NoteStatus | null): CardCandidate => ({
    giverName,
    giverEmail,
    noteStatus,
  });

  it('every gift without a sent card that has an e-mail, drafts included; the rest are named', () => {
    const thanked = candidate('Miriam', 'miriam@example.com', 'sent');
    const drafted = candidate('Noam', 'noam@example.com', 'draft');
    const fresh = candidate('Eve', 'eve@example.com', null);
    const inPerson = candidate('Grandpa Sol', null, null);
    const blank = candidate('Aunt Dina', '  ', 'draft');
    const chosen = cardForAllRecipients([thanked, drafted, fresh, inPerson, blank], (c) => c);
    expect(chosen.recipients).toEqual([drafted, fresh]);
    expect(chosen.drafts).toEqual([drafted]);
    expect(chosen.withoutEmail).toEqual([inPerson, blank]);
  });
});

async function world() {
  const clock = new FixedClock(new Date('2027-05-01T12:00:00.000Z'));
  const { repositories, thankYou, owner } = await thankYouWorld({
    clock,
    owner: { username: 'rachel', email: 'rachel@example.com', firstName: 'Rachel' },
  });
  const charity = await repositories.charities.create(aCharity());
  const registry = await repositories.registries.create(
    aNewRegistry(owner.id, { childName: 'Sarah Cohen', celebrationDate: new Date('2027-05-16T00:00:00.000Z') }),
  );
  const give = (giftGiverName: string, giftGiverEmail: string) =>
    repositories.gifts.create(aNewGift(registry.id, charity.id, { giftGiverName, giftGiverEmail, paymentStatus: 'succeeded' }));
  const typedAddresses = new InMemoryTypedAddressBudget({ beforePaidGift: 10, afterPaidGift: 3 });
  const ports = { unitOfWork: repositories, clock, appUrl: 'https://gifts.example.org', supportEmail: 'help@gifts.example.org' };
  const sendToAll = (input: unknown, budget = typedAddresses) => thankYou.sendCardToAll(owner, registry.id, input, budget);
  const card = { templateId: 'modern', customMessage: 'Dear {name}, thank you!', imageUrls: [], imageSize: 'medium' };
  const giveByHand = (giftGiverName: string, giftGiverEmail: string | null) =>
    repositories.offlineGifts.create({
      registryId: registry.id,
      giftGiverName,
      giftGiverEmail,
      amount: 5_000,
      method: 'check',
      receivedOn: '2027-05-16',
      note: null,
    });
  return { repositories, clock, owner, registry, give, giveByHand, ports, card, typedAddresses, sendToAll };
}

describe('sending a card to everyone', () => {
  it('skips a gift with no e-mail and says so, and refuses when only such gifts are left', async () => {
    const { repositories, registry, give, card, sendToAll } = await world();
    const eve = await give('Eve', 'eve@example.com');
    const sol = await give('Grandpa Sol', '');
    const result = await sendToAll(card);
    expect(result.sentTo).toEqual([{ giftId: eve.id, giverName: 'Eve' }]);
    expect(result.withoutEmail).toEqual([{ giftId: sol.id, giverName: 'Grandpa Sol' }]);
    expect(result.card).toMatchObject({ registryId: registry.id, customMessage: 'Dear {name}, thank you!', sentToAllGifts: true });
    expect(repositories.mail.rows.size).toBe(1);
    expect(await repositories.thankYouNotes.findByGiftId(sol.id)).toBeNull();

    const again = sendToAll(card);
    expect(await codeOf(again)).toBe('note.nothing_to_send');
    await expect(sendToAll(card)).rejects.toThrow('Every gift with an e-mail already has a card');
  });

  it('changes nothing when one giver’s card cannot be queued', async () => {
    const { repositories, give, card, sendToAll } = await world();
    await give('Eve', 'eve@example.com');
    await give('Broken', 'two@example.com\r\nBcc: all@example.com');
    await expect(sendToAll(card)).rejects.toThrow();
    expect(repositories.mail.rows.size).toBe(0);
    expect(repositories.thankYouNotes.rows.size).toBe(0);
    expect(repositories.thankYouCards.rows.size).toBe(0);
  });
});

describe('a card for everyone to addresses the family typed', () => {
  it('goes to no gift given by hand before the registry has received a gift online', async () => {
    const { repositories, giveByHand, card, typedAddresses, sendToAll } = await world();
    for (let i = 0; i < 5; i += 1) await giveByHand(`Stranger ${i}`, `target${i}@example.com`);
    expect(await codeOf(sendToAll(card))).toBe('note.needs_paid_gift');
    await expect(sendToAll(card)).rejects.toThrow(/once the registry has received a gift online/);
    expect(repositories.mail.rows.size).toBe(0);
    expect(typedAddresses.taken).toEqual({ beforePaidGift: 0, afterPaidGift: 0 });
  });

  it('then takes each typed address from the day’s budget, sends nothing when it is spent, and gives back what it did not send', async () => {
    const { repositories, give, giveByHand, card, typedAddresses, sendToAll } = await world();
    await give('Eve', 'eve@example.com');
    for (let i = 0; i < 4; i += 1) await giveByHand(`Cousin ${i}`, `cousin${i}@example.com`);
    expect(await codeOf(sendToAll(card))).toBe('auth.rate_limited');
    expect(repositories.mail.rows.size).toBe(0);
    expect(typedAddresses.taken.afterPaidGift).toBe(0);

    const roomier = new InMemoryTypedAddressBudget({ beforePaidGift: 10, afterPaidGift: 4 });
    const sent = await sendToAll(card, roomier);
    expect(sent.sentTo).toHaveLength(5);
    expect(roomier.taken.afterPaidGift).toBe(4);
    // A second press finds nobody left and keeps nothing of the budget.
    expect(await codeOf(sendToAll(card, roomier))).toBe('note.nothing_to_send');
    expect(roomier.taken.afterPaidGift).toBe(4);
  });
});

describe('the owner’s reminder', () => {
  const reminders = (repositories: ReturnType<typeof createInMemoryRepositories>) =>
    [...repositories.mail.rows.values()].filter((mail) => mail.dedupeKey.startsWith('thank-you-reminder-'));

  it('comes once, a week after the celebration, with the count and the page, and never again', async () => {
    const { repositories, clock, registry, give, ports } = await world();
    await give('Eve', 'eve@example.com');
    clock.advance(new Date('2027-05-16T00:00:00.000Z').getTime() - clock.now().getTime() + REMINDER_DELAY_MS - 1);
    expect(await remindUnthankedGifts(ports)).toBe(0);
    clock.advance(1);
    expect(await remindUnthankedGifts(ports)).toBe(1);
    const [mail] = reminders(repositories);
    expect(mail).toMatchObject({ to: 'rachel@example.com', replyTo: 'help@gifts.example.org' });
    expect(mail!.subject).toBe("Sarah Cohen's Bar/Bat Mitzvah: 1 gift still has no thank-you card");
    expect(mail!.text).toContain("It has been a week since Sarah Cohen's Bar/Bat Mitzvah. 1 gift still has no thank-you card.");
    expect(mail!.text).toContain('Hello Rachel,');
    expect(mail!.text).toContain(`https://gifts.example.org/thank-you-cards/${registry.id}`);
    await give('Dan', 'dan@example.com');
    clock.advance(REMINDER_DELAY_MS);
    expect(await remindUnthankedGifts(ports)).toBe(0);
    expect(reminders(repositories)).toHaveLength(1);
  });

  it('is not sent when every gift was thanked in time', async () => {
    const { repositories, clock, give, ports, card, sendToAll } = await world();
    await give('Eve', 'eve@example.com');
    await sendToAll(card);
    clock.advance(30 * 24 * 60 * 60 * 1000);
    expect(await remindUnthankedGifts(ports)).toBe(0);
    expect(reminders(repositories)).toHaveLength(0);
  });
});
