import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { sendThankYouNote } from '@core/thank-you/send-thank-you-note';
import { markThankYouNoteGiven } from '@core/thank-you/mark-note-given';
import { aCharity, aNewGift, aNewRegistry, aNewUser } from '../support/builders';
import { CARD_TEMPLATE_STYLES, IMAGE_WIDTHS } from '@core/thank-you/card-templates';
import { capitaliseName, defaultThankYouMessage } from '@core/thank-you/default-message';
import { renderThankYouCard } from '@core/thank-you/render-card';
import { InMemoryTypedAddressBudget } from '../../adapters/in-memory/in-memory-typed-address-budget';
import { CARD_TEMPLATES, IMAGE_SIZES } from '@core/model/thank-you-note';

const card = {
  templateId: 'traditional' as const,
  customMessage: 'Dear Miriam,\n\nThank you!\nLove,\nSarah',
  imageUrls: ['/uploads/0b7f3c1e-8d6f-4a2b-9c1d-2e3f4a5b6c7d.jpg', 'https://storage.googleapis.com/photos/x.png'],
  imageSize: 'medium' as const,
  childName: 'Sarah Cohen',
  celebrationType: 'unspecified' as const,
  giverName: 'Miriam',
};

describe('the thank-you card', () => {
  it.each(CARD_TEMPLATES)('renders the %s template in its own colours', (templateId) => {
    const { html } = renderThankYouCard({ ...card, templateId }, 'https://gifts.example.org');
    const style = CARD_TEMPLATE_STYLES[templateId];
    expect(html).toContain(style.primary);
    expect(html).toContain(style.accent);
    for (const other of CARD_TEMPLATES.filter((t) => t !== templateId)) expect(html).not.toContain(CARD_TEMPLATE_STYLES[other].primary);
  });

  it('names the templates as the spec does', () => {
    expect(CARD_TEMPLATES.map((t) => CARD_TEMPLATE_STYLES[t].name)).toEqual([
      'Traditional Blue & Gold',
      'Modern Purple & Pink',
      'Nature Green & Teal',
      'Warm Orange & Red',
    ]);
  });

  it('makes photo addresses absolute so a mail client can load them, at the chosen size', () => {
    for (const imageSize of IMAGE_SIZES) {
      const { html, text } = renderThankYouCard({ ...card, imageSize }, 'https://gifts.example.org/');
      expect(html).toContain('src="https://gifts.example.org/uploads/0b7f3c1e-8d6f-4a2b-9c1d-2e3f4a5b6c7d.jpg"');
      expect(html).toContain('src="https://storage.googleapis.com/photos/x.png"');
      expect(html).toContain(`width="${IMAGE_WIDTHS[imageSize]}"`);
      expect(text).toContain('https://gifts.example.org/uploads/0b7f3c1e-8d6f-4a2b-9c1d-2e3f4a5b6c7d.jpg');
    }
  });

  it('escapes what the family and the giver typed', () => {
    const { html, subject } = renderThankYouCard(
      {
        ...card,
        customMessage: '<script>alert(1)</script> & "thanks"',
        childName: 'Eli <b>',
        imageUrls: ['https://x.example/a.png" onerror="alert(1)'],
      },
      'https://gifts.example.org',
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;thanks&#34;');
    expect(html).not.toContain('" onerror="');
    expect(subject).toBe('A thank-you from Eli <b>');
  });

  it('shows addresses in the message as plain text a mail program will not make into links, in the HTML and the text alike', () => {
    const message =
      'Claim your prize at https://evil.example/pay now!\n\nOr www.phish.test, bank-login.com/verify, or write to win@prizes.example.';
    const { html, text } = renderThankYouCard({ ...card, customMessage: message }, 'https://gifts.example.org');
    expect(html).not.toMatch(/<a[\s>]/i);
    // What a mail program scans is each run of text between tags: none may hold an address.
    const runs = html.split(/<[^>]*>/);
    const linkLike = /[a-z][a-z0-9+.-]*:\/\/|www\.[\p{L}\p{N}]|[\p{L}\p{N}-]\.[\p{L}]{2,}|\S@\S/iu;
    expect(runs.filter((run) => linkLike.test(run))).toEqual([]);
    // In the plain text a zero-width space ends a run, as it ends an address for a mail program.
    const textRuns = text
      .split('\n')
      .slice(2, 5)
      .flatMap((line) => line.split('\u200B'));
    expect(textRuns.filter((run) => linkLike.test(run))).toEqual([]);
    // The words still read as typed.
    expect(runs.join('').replaceAll('\u200B', '')).toContain('https://evil.example/pay');
    expect(text.replaceAll('\u200B', '')).toContain(message);
    expect(runs.join('')).toContain('bank-login.com/verify');
  });

  it('keeps the message’s paragraphs and line breaks', () => {
    const { html } = renderThankYouCard(card, 'https://gifts.example.org');
    expect(html).toContain('Thank you!<br>Love,<br>Sarah');
    expect(html.match(/<p style="margin:0 0 14px/g)).toHaveLength(2);
  });
});

describe('the default message', () => {
  it('greets the giver and is signed with the child’s name capitalised word by word', () => {
    const message = defaultThankYouMessage('Aunt Miriam', 'sarah-rose cohen');
    expect(message.startsWith('Dear Aunt Miriam,')).toBe(true);
    expect(message.endsWith('With gratitude,\nSarah-Rose Cohen')).toBe(true);
  });

  it.each([
    ['sarah-rose cohen', 'Sarah-Rose Cohen'],
    ['ELI STERN', 'Eli Stern'],
    ["noa o'brien", "Noa O'Brien"],
    ['  ari  ', 'Ari'],
  ])('capitalises %j as %j', (name, expected) => {
    expect(capitaliseName(name)).toBe(expected);
  });
});

describe('sending a thank-you card', () => {
  it('e-mails the giver with the family’s own address to reply to', async () => {
    const repositories = createInMemoryRepositories();
    const owner = await repositories.users.create(aNewUser({ username: 'rachel', email: 'rachel.cohen@example.com' }));
    const charity = await repositories.charities.create(aCharity());
    const registry = await repositories.registries.create(aNewRegistry(owner.id));
    const gift = await repositories.gifts.create(aNewGift(registry.id, charity.id));
    const note = await repositories.thankYouNotes.save(
      { id: gift.id, byHand: false },
      { templateId: 'warm', customMessage: 'Todah rabah!', imageUrls: [], imageSize: 'medium' },
    );
    await sendThankYouNote(
      owner,
      note.id,
      {},
      {
        unitOfWork: repositories,
        clock: new FixedClock(),
        appUrl: 'https://gifts.example.org',
        typedAddresses: new InMemoryTypedAddressBudget(),
      },
    );
    expect(repositories.mail.queued).toEqual([
      expect.objectContaining({ to: 'miriam@example.com', replyTo: 'rachel.cohen@example.com', subject: 'A thank-you from Sarah Cohen' }),
    ]);
  });
});

describe('a card for a gift given by hand', () => {
  it('claims no charity part, in the default message or the card’s footer, since none of that gift went to one', () => {
    const message = defaultThankYouMessage('Uncle Ben', 'eli levi', 'bar', true);
    expect(message).toContain('Your kindness means a great deal to me and my family.');
    expect(message).not.toMatch(/charity/i);
    const card = renderThankYouCard(
      {
        templateId: 'warm',
        customMessage: message,
        imageUrls: [],
        imageSize: 'medium',
        childName: 'Eli Levi',
        celebrationType: 'bar',
        giverName: 'Uncle Ben',
        givenByHand: true,
      },
      'https://gifts.example.org',
    );
    expect(card.html).toContain('Made with Mitzvah Gifts.');
    expect(`${card.html}${card.text}`).not.toMatch(/charity/i);
  });

  it('is never e-mailed without an address, and is marked given once handed over', async () => {
    const repositories = createInMemoryRepositories();
    const owner = await repositories.users.create(aNewUser());
    const registry = await repositories.registries.create(aNewRegistry(owner.id));
    const gift = await repositories.offlineGifts.create({
      registryId: registry.id,
      giftGiverName: 'Uncle Ben',
      giftGiverEmail: null,
      amount: 18_000,
      method: 'cash',
      receivedOn: '2027-05-16',
      note: null,
    });
    const note = await repositories.thankYouNotes.save(
      { id: gift.id, byHand: true },
      { templateId: 'warm', customMessage: 'Thank you!', imageUrls: [], imageSize: 'medium' },
    );
    const clock = new FixedClock();
    await expect(
      sendThankYouNote(
        owner,
        note.id,
        {},
        {
          unitOfWork: repositories,
          clock,
          appUrl: 'https://gifts.example.org',
          typedAddresses: new InMemoryTypedAddressBudget(),
        },
      ),
    ).rejects.toMatchObject({ code: 'note.no_email' });
    expect(repositories.mail.queued).toEqual([]);
    const given = await markThankYouNoteGiven(owner, note.id, { unitOfWork: repositories, clock });
    expect(given).toMatchObject({ status: 'sent', sentAt: clock.now(), byHand: true });
    expect(repositories.mail.queued).toEqual([]);
  });
});
