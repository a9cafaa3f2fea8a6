import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ContributorView } from '@api/thank-you';
import { member, server, signInAs } from './msw-server';
import { renderApp, toastRegion, fillIn } from './render-app';
import { anOwnerRegistry, REGISTRY_ID, serveRegistry } from './registry-fixtures';
import { aContributor, answerContributors, aNote, david, rachel, serveThankYouCalls } from './thank-you-fixtures';

const PAGE = `/thank-you-cards/${REGISTRY_ID}`;
const TITLE = 'Personalized Thank You Cards';
const leah = aContributor({
  id: 'g-3',
  giftGiverName: 'Leah Stern',
  giftGiverEmail: 'leah@example.com',
  thankYouNote: aNote({ id: 'n-3', giftId: 'g-3', status: 'sent', sentAt: '2026-03-04T09:00:00.000Z' }),
});
const sol = aContributor({ id: 'g-4', giftGiverName: 'Grandpa Sol', giftGiverEmail: '' });
const davidWithDraft = { ...david, thankYouNote: aNote({ id: 'n-2', giftId: 'g-2', customMessage: 'Dear David, a draft' }) };

async function openComposer(contributors: ContributorView[]) {
  signInAs(member);
  serveRegistry(anOwnerRegistry({ childName: 'sarah-rose cohen' }));
  serveThankYouCalls(contributors);
  const app = renderApp(PAGE);
  await screen.findByRole('heading', { level: 1, name: TITLE });
  await screen.findByText(/^\d+\/\d+ cards sent$/);
  await app.user.click(screen.getByRole('button', { name: 'Send to All Without a Card' }));
  const composer = within(await screen.findByRole('region', { name: 'Send to All Without a Card' }));
  return { ...app, composer };
}

/** Answers the send as the server would, and the list afterwards with every recipient's card sent. */
function serveSendToAll(contributors: ContributorView[], recipients: ContributorView[]) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/registries/:id/thank-you-cards', async ({ request }) => {
      bodies.push(await request.json());
      const sent = new Set(recipients.map((r) => r.id));
      server.use(
        http.get('/api/registries/:id/contributors', ({ request }) =>
          answerContributors(
            request,
            contributors.map((c) =>
              sent.has(c.id)
                ? { ...c, thankYouNote: aNote({ id: `n-${c.id}`, giftId: c.id, status: 'sent', sentAt: '2026-03-05T09:00:00.000Z' }) }
                : c,
            ),
          ),
        ),
      );
      return HttpResponse.json({
        cardId: 'card-1',
        sentCount: recipients.length,
        sentTo: recipients.map((r) => ({ giftId: r.id, giverName: r.giftGiverName })),
        withoutEmail: [{ giftId: sol.id, giverName: sol.giftGiverName }],
        message: `${recipients.length} thank-you cards sent`,
      });
    }),
  );
  return bodies;
}

const preview = (name: string) => screen.getByTitle(`Card preview for ${name}`) as HTMLIFrameElement;

describe('Send to All Without a Card', () => {
  it('counts who gets a card, names who cannot get one and whose draft is replaced, and previews the card with a real name', async () => {
    const { composer, user } = await openComposer([rachel, davidWithDraft, leah, sol]);
    expect(composer.getByText(/^2 gifts have no card yet\./)).toBeInTheDocument();
    expect(composer.getByText(/Grandpa Sol gave without an e-mail/)).toBeInTheDocument();
    expect(composer.getByText(/David Katz has a draft card: this message replaces it/)).toBeInTheDocument();
    expect((composer.getByRole('textbox', { name: /Message for Everyone/ }) as HTMLTextAreaElement).value).toMatch(
      /^Dear \{name\},\n\nThank you so much/,
    );
    await waitFor(() => expect(preview('Rachel Levy').getAttribute('srcdoc')).toContain('Dear Rachel Levy,'));
    expect(preview('Rachel Levy').getAttribute('srcdoc')).not.toContain('{name}');

    await user.click(composer.getByRole('combobox', { name: 'Preview the card for' }));
    await user.click(await screen.findByRole('option', { name: 'David Katz' }));
    await waitFor(() => expect(preview('David Katz').getAttribute('srcdoc')).toContain('Dear David Katz,'));
  });

  it('refuses a message without {name} before anything is sent, with the focus on the message', async () => {
    const { composer, user } = await openComposer([rachel, david]);
    const message = composer.getByRole('textbox', { name: /Message for Everyone/ });
    await user.clear(message);
    await fillIn(user, message, 'Hi all');
    await user.click(composer.getByRole('button', { name: 'Review and Send 2 cards' }));
    expect(await composer.findByText('Write {name} where each giver’s name goes')).toBeInTheDocument();
    expect(message).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(composer.getByRole('button', { name: 'Insert {name}' }));
    expect(message).toHaveValue('Hi all{name}');
    // Every key typed redraws the preview frame, which jsdom parses anew: slow on a busy machine.
  }, 40_000);

  it('asks once more with the names, sends exactly the card, and shows every card sent', async () => {
    const contributors = [rachel, davidWithDraft, leah, sol];
    const bodies = serveSendToAll(contributors, [rachel, davidWithDraft]);
    const { composer, user } = await openComposer(contributors);
    await user.click(composer.getByRole('radio', { name: /Warm Orange & Red/ }));
    await user.click(composer.getByRole('button', { name: 'Review and Send 2 cards' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Send 2 cards?' }));
    expect(dialog.getByText(/Rachel Levy and David Katz will each get one e-mail/)).toBeInTheDocument();
    expect(dialog.getByText('This message replaces the draft card for David Katz.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Send 2 cards' }));

    expect(await within(toastRegion()).findByText('Thank You Cards Sent!')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('2 thank-you cards sent. No card for Grandpa Sol: no e-mail.')).toBeInTheDocument();
    expect(bodies).toEqual([
      { templateId: 'warm', customMessage: expect.stringMatching(/^Dear \{name\},/), imageUrls: [], imageSize: 'medium' },
    ]);
    expect(await screen.findByText('3/4 cards sent')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Send to All Without a Card' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: TITLE })).toHaveFocus());
  });

  it('says what the server answered when nobody is left to thank (another tab sent them)', async () => {
    server.use(
      http.post('/api/registries/:id/thank-you-cards', () =>
        HttpResponse.json({ message: 'Every gift already has a card' }, { status: 409 }),
      ),
    );
    const { composer, user } = await openComposer([rachel]);
    await user.click(composer.getByRole('button', { name: 'Review and Send 1 card' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Send 1 card?' })).getByRole('button', { name: 'Send 1 card' }));
    expect(await within(toastRegion()).findByText('Every gift already has a card')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('Error')).toBeInTheDocument();
  });

  it('cannot be opened when every gift already has a card', async () => {
    signInAs(member);
    serveRegistry(anOwnerRegistry());
    serveThankYouCalls([leah]);
    renderApp(PAGE);
    await screen.findByText('1/1 cards sent');
    expect(screen.getByRole('button', { name: 'Send to All Without a Card' })).toBeDisabled();
  });

  it('says why nobody can be sent a card when the gifts left have no e-mail', async () => {
    const { composer, user } = await openComposer([leah, sol]);
    expect(composer.getByText('Every gift with an e-mail already has a card.')).toBeInTheDocument();
    expect(composer.getByText(/Grandpa Sol gave without an e-mail/)).toBeInTheDocument();
    expect(composer.queryByRole('button', { name: /Review and Send/ })).not.toBeInTheDocument();
    await user.click(composer.getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('region', { name: 'Send to All Without a Card' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send to All Without a Card' })).toHaveFocus());
  });
});
