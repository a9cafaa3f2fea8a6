import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { defaultThankYouMessage } from '@core/thank-you/default-message';
import { renderThankYouCard } from '@core/thank-you/render-card';
import { goToLogin } from '../../web/src/lib/login-redirect';
import { member, server, signInAs } from './msw-server';
import { renderApp, toastRegion, fillIn } from './render-app';
import { aRegistry, anOwnerRegistry, REGISTRY_ID, serveRegistry } from './registry-fixtures';
import { aContributor, aNote, david, rachel, serveThankYouCalls } from './thank-you-fixtures';

vi.mock('../../web/src/lib/login-redirect', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../web/src/lib/login-redirect')>()),
  goToLogin: vi.fn(),
}));

afterEach(() => {
  vi.mocked(goToLogin).mockClear();
  vi.restoreAllMocks();
});

const PAGE = `/thank-you-cards/${REGISTRY_ID}`;
const TITLE = 'Personalized Thank You Cards';
const CHILD = 'sarah-rose cohen';

type User = ReturnType<typeof renderApp>['user'];

/** The owner opens the page of a registry with these contributors. */
async function openPage(contributors = [rachel, david], registry = anOwnerRegistry({ childName: CHILD })) {
  signInAs(member);
  serveRegistry(registry);
  const api = serveThankYouCalls(contributors);
  const app = renderApp(PAGE);
  await screen.findByRole('heading', { level: 1, name: TITLE });
  // The progress shows once the contributors are in.
  await screen.findByText(/^\d+\/\d+ cards sent$/);
  return { ...app, api };
}

function contributorList() {
  return within(screen.getByRole('list', { name: 'Contributors' }));
}

function row(name: RegExp) {
  return screen.getByRole('button', { name });
}

async function select(user: User, name: RegExp) {
  await user.click(await screen.findByRole('button', { name }));
  return screen.findByRole('heading', { level: 2, name: /^Thank You Card for / });
}

function messageField(): HTMLTextAreaElement {
  return screen.getByRole('textbox', { name: /^Personal Message/ });
}

function preview(): HTMLIFrameElement {
  return screen.getByTitle('Card preview') as HTMLIFrameElement;
}

/** Waits for the page to settle after the registry call, then checks nothing was shown. */
async function expectNothingShown() {
  await waitFor(() => expect(screen.queryByLabelText(/Loading/)).not.toBeInTheDocument());
  expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  expect(screen.getByRole('main')).toBeEmptyDOMElement();
}

describe('/thank-you-cards/{id} for someone who is not the owner', () => {
  it('renders nothing for another user, and never asks for the contributors', async () => {
    signInAs(member);
    serveRegistry(aRegistry());
    renderApp(PAGE);
    // No handler answers the contributors call: making it would fail the test.
    await expectNothingShown();
  });

  it('renders nothing when the owner view belongs to someone else', async () => {
    signInAs(member);
    serveRegistry(anOwnerRegistry({ userId: 'someone-else' }));
    renderApp(PAGE);
    await expectNothingShown();
  });

  it('renders nothing for an unknown registry', async () => {
    signInAs(member);
    serveRegistry(anOwnerRegistry());
    renderApp('/thank-you-cards/no-such-registry');
    await expectNothingShown();
  });

  it('renders nothing when the server refuses the contributors (403)', async () => {
    signInAs(member);
    serveRegistry(anOwnerRegistry());
    server.use(http.get('/api/registries/:id/contributors', () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })));
    renderApp(PAGE);
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: TITLE })).not.toBeInTheDocument());
    await expectNothingShown();
  });

  it('runs the Unauthorized flow when the contributors call answers 401', async () => {
    signInAs(member);
    serveRegistry(anOwnerRegistry());
    server.use(http.get('/api/registries/:id/contributors', () => HttpResponse.json({ message: 'Not authenticated' }, { status: 401 })));
    renderApp(PAGE);
    const toast = within(toastRegion());
    expect(await toast.findByText('Unauthorized')).toBeInTheDocument();
    expect(toast.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: TITLE })).not.toBeInTheDocument();
    expect(goToLogin).not.toHaveBeenCalled();
    await waitFor(() => expect(goToLogin).toHaveBeenCalledTimes(1), { timeout: 2000 });
  });
});

describe('/thank-you-cards/{id} for the owner', () => {
  it('lists the contributors with amount and badge, and the progress', async () => {
    const sentNote = aNote({ id: 'n-2', giftId: 'g-2', status: 'sent', sentAt: '2026-03-04T09:00:00.000Z' });
    await openPage([
      rachel,
      { ...david, thankYouNote: sentNote },
      aContributor({
        id: 'g-3',
        giftGiverName: 'Leah Stern',
        giftGiverEmail: 'leah@example.com',
        thankYouNote: aNote({ id: 'n-3', giftId: 'g-3' }),
      }),
    ]);
    expect(document.title).toBe(`${TITLE} | Mitzvah Gifts`);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    const list = contributorList();
    expect(list.getAllByRole('listitem')).toHaveLength(3);
    const rachelRow = within(row(/Rachel Levy/));
    expect(rachelRow.getByText('$36.00')).toBeInTheDocument();
    expect(rachelRow.getByText('No Card')).toBeInTheDocument();
    const davidRow = within(row(/David Katz/));
    expect(davidRow.getByText('$180.00')).toBeInTheDocument();
    expect(davidRow.getByText('Sent')).toBeInTheDocument();
    expect(within(row(/Leah Stern/)).getByText('Draft')).toBeInTheDocument();

    expect(screen.getByText('1/3 cards sent')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Thank-you cards' });
    expect(bar).toHaveAttribute('aria-valuenow', '33');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuetext', '1/3 cards sent');

    expect(screen.getByRole('heading', { level: 2, name: 'Select a Contributor' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Registry' })).toHaveAttribute('href', `/registry/${REGISTRY_ID}`);
  });

  it("is reached from the registry page's Thank You Cards button", async () => {
    signInAs(member);
    serveRegistry(anOwnerRegistry({ childName: CHILD }));
    serveThankYouCalls([rachel]);
    const { user } = renderApp(`/registry/${REGISTRY_ID}`);
    const management = within(await screen.findByRole('region', { name: 'Registry Management' }));
    await user.click(management.getByRole('link', { name: 'Thank You Cards' }));
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
    expect(await screen.findByText('0/1 cards sent')).toBeInTheDocument();
  });

  it('shows amounts in the registry currency', async () => {
    await openPage([rachel], anOwnerRegistry({ currency: 'CAD' }));
    expect(within(row(/Rachel Levy/)).getByText('CA$36.00')).toBeInTheDocument();
  });

  it('searches by name and by e-mail on the server, once the typing pauses, and says when nobody matches', async () => {
    const { user, api } = await openPage();
    const search = screen.getByRole('searchbox', { name: 'Search contributors' });

    await user.type(search, 'rachel');
    await waitFor(() => expect(contributorList().getAllByRole('listitem')).toHaveLength(1));
    expect(row(/Rachel Levy/)).toBeInTheDocument();
    // One call for the word typed, not one a keystroke.
    expect(api.contributorRequests).toEqual(['?page=1', '?page=1&q=rachel']);
    expect(screen.getByText('1 of 2 contributors found')).toBeInTheDocument();

    await user.clear(search);
    await fillIn(user, search, 'MAIL.EXAMPLE');
    expect(await screen.findByRole('button', { name: /David Katz/ })).toBeInTheDocument();
    expect(contributorList().getAllByRole('listitem')).toHaveLength(1);
    expect(api.contributorRequests.at(-1)).toBe('?page=1&q=MAIL.EXAMPLE');

    await user.clear(search);
    await fillIn(user, search, 'nobody');
    expect(await screen.findByText('No contributors found')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Contributors' })).not.toBeInTheDocument();
    // The progress still counts every card.
    expect(screen.getByText('0/2 cards sent')).toBeInTheDocument();

    await user.clear(search);
    await waitFor(() => expect(contributorList().getAllByRole('listitem')).toHaveLength(2));
  });

  it('shows 50 contributors, then 50 more at each Show more, the focus on the first new one', async () => {
    const many = Array.from({ length: 120 }, (_, index) =>
      aContributor({
        id: `g-${index + 1}`,
        giftGiverName: `Guest ${index + 1}`,
        giftGiverEmail: `guest${index + 1}@example.com`,
        thankYouNote: index < 3 ? aNote({ id: `n-${index + 1}`, giftId: `g-${index + 1}`, status: 'sent' }) : null,
      }),
    );
    const { user, api } = await openPage(many);
    expect(screen.getByText('3/120 cards sent')).toBeInTheDocument();
    expect(contributorList().getAllByRole('listitem')).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Show more (50 of 120 shown)' }));
    await waitFor(() => expect(contributorList().getAllByRole('listitem')).toHaveLength(100));
    expect(row(/^Guest 51\b/)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: 'Thank You Card for Guest 51' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more (100 of 120 shown)' }));
    await waitFor(() => expect(contributorList().getAllByRole('listitem')).toHaveLength(120));
    expect(screen.queryByRole('button', { name: /^Show more/ })).not.toBeInTheDocument();
    expect(api.contributorRequests).toEqual(['?page=1', '?page=2', '?page=3']);
  });

  it('from the guest list, lists the guests still owed a card out of every contributor, until Show everyone', async () => {
    signInAs(member);
    serveRegistry(anOwnerRegistry({ childName: CHILD }));
    const api = serveThankYouCalls([rachel, david]);
    server.use(http.get('/api/registries/:id/guests', () => HttpResponse.json({ giftsToThank: [david.id] })));
    const { user } = renderApp(`${PAGE}?givers=guests`);
    expect(await screen.findByText(/^Showing the gift of guests on your list still owed a card/)).toBeInTheDocument();
    expect(contributorList().getAllByRole('listitem')).toHaveLength(1);
    expect(row(/David Katz/)).toBeInTheDocument();
    expect(screen.getByText('0/2 cards sent')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show everyone' }));
    await waitFor(() => expect(contributorList().getAllByRole('listitem')).toHaveLength(2));
    expect(api.contributorRequests).toContain('');
  });

  it('says when there are no contributors yet', async () => {
    await openPage([]);
    expect(screen.getByText('No gift contributors yet')).toBeInTheDocument();
    expect(screen.getByText('0/0 cards sent')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(screen.getByRole('heading', { level: 2, name: 'Select a Contributor' })).toBeInTheDocument();
  });

  it('opens a new card with the default message signed with the child name capitalised', async () => {
    const { user } = await openPage();
    const heading = await select(user, /Rachel Levy/);
    expect(heading).toHaveTextContent('Thank You Card for Rachel Levy');
    expect(heading).toHaveFocus();
    expect(row(/Rachel Levy/)).toHaveAttribute('aria-current', 'true');

    const editor = within(screen.getByRole('region', { name: 'Thank You Card for Rachel Levy' }));
    expect(editor.getByText('rachel@example.com')).toBeInTheDocument();
    expect(editor.getByText('$36.00')).toBeInTheDocument();

    expect(messageField().value).toBe(defaultThankYouMessage('Rachel Levy', CHILD));
    expect(messageField().value).toMatch(/Dear Rachel Levy,/);
    expect(messageField().value.endsWith('\nSarah-Rose Cohen')).toBe(true);

    expect(screen.getByRole('radio', { name: 'Traditional Blue & Gold' })).toBeChecked();
    for (const name of ['Modern Purple & Pink', 'Nature Green & Teal', 'Warm Orange & Red']) {
      expect(screen.getByRole('radio', { name })).not.toBeChecked();
    }
    expect(screen.getByRole('radio', { name: 'Medium' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Send Card' })).toBeEnabled();
    expect(screen.getByRole('group', { name: 'Celebration Photos (optional)' })).toBeInTheDocument();
  });

  it('shows the giver their own message next to the card', async () => {
    const { user } = await openPage();
    await select(user, /David Katz/);
    expect(screen.getByText('Mazel tov!')).toBeInTheDocument();
  });

  it('previews exactly the e-mail the renderer makes, and follows the template', async () => {
    const { user } = await openPage();
    await select(user, /Rachel Levy/);
    const card = {
      templateId: 'traditional' as const,
      customMessage: defaultThankYouMessage('Rachel Levy', CHILD),
      imageUrls: [],
      imageSize: 'medium' as const,
      childName: CHILD,
      celebrationType: 'unspecified' as const,
      giverName: 'Rachel Levy',
    };
    expect(preview().getAttribute('srcdoc')).toBe(renderThankYouCard(card, window.location.origin).html);
    expect(preview()).toHaveAttribute('csp', expect.stringContaining("script-src 'none'"));

    await user.click(screen.getByRole('radio', { name: 'Modern Purple & Pink' }));
    const modern = renderThankYouCard({ ...card, templateId: 'modern' }, window.location.origin).html;
    await waitFor(() => expect(preview().getAttribute('srcdoc')).toBe(modern));
    expect(modern).not.toBe(renderThankYouCard(card, window.location.origin).html);

    await user.clear(messageField());
    await fillIn(user, messageField(), 'Thank you, <b>Rachel</b>!');
    await waitFor(() => expect(preview().getAttribute('srcdoc')).toContain('Thank you, &#60;b&#62;Rachel&#60;/b&#62;!'));
  });

  it('keeps Send disabled while the message is blank or only spaces', async () => {
    const { user } = await openPage();
    await select(user, /Rachel Levy/);
    const send = screen.getByRole('button', { name: 'Send Card' });

    await user.clear(messageField());
    await waitFor(() => expect(send).toBeDisabled());
    expect(screen.getByText('Message is required')).toBeInTheDocument();

    await fillIn(user, messageField(), '   ');
    await waitFor(() => expect(send).toBeDisabled());

    await fillIn(user, messageField(), 'Thank you!');
    await waitFor(() => expect(send).toBeEnabled());
  });

  it('does not save a blank message, and moves the focus to it', async () => {
    const { user, api } = await openPage();
    await select(user, /Rachel Levy/);
    await user.clear(messageField());
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(messageField()).toHaveFocus());
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('saves a draft with exactly the spec fields, then shows Draft', async () => {
    const { user, api } = await openPage();
    await select(user, /Rachel Levy/);
    await user.click(screen.getByRole('radio', { name: 'Nature Green & Teal' }));
    await user.click(screen.getByRole('radio', { name: 'Large' }));
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));

    const toast = within(toastRegion());
    expect(await toast.findByText('Draft Saved')).toBeInTheDocument();
    expect(api.calls).toEqual([
      {
        method: 'POST',
        path: '/api/thank-you-notes',
        body: {
          giftId: 'g-1',
          noteId: null,
          templateId: 'nature',
          customMessage: defaultThankYouMessage('Rachel Levy', CHILD),
          imageUrls: [],
          imageSize: 'large',
        },
      },
    ]);
    await waitFor(() => expect(within(row(/Rachel Levy/)).getByText('Draft')).toBeInTheDocument());
    expect(screen.getByText('0/2 cards sent')).toBeInTheDocument();

    // A second save updates the same note.
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(api.calls[1]?.body).toMatchObject({ giftId: 'g-1', noteId: 'n-g-1' });
    // Each save asks for the list again.
    await waitFor(() => expect(api.contributorLoads).toBe(3));
  });

  it('sends a card by saving it and then sending it, then shows Sent and the progress', async () => {
    const { user, api } = await openPage();
    await select(user, /Rachel Levy/);
    await user.click(screen.getByRole('button', { name: 'Send Card' }));

    const toast = within(toastRegion());
    expect(await toast.findByText('Thank You Card Sent!')).toBeInTheDocument();
    expect(api.calls.map((call) => call.path)).toEqual(['/api/thank-you-notes', '/api/thank-you-notes/n-g-1/send']);
    expect(api.calls[0]?.body).toMatchObject({ giftId: 'g-1', noteId: null, templateId: 'traditional', imageSize: 'medium' });
    expect(api.calls[1]?.body).toEqual({});

    await waitFor(() => expect(within(row(/Rachel Levy/)).getByText('Sent')).toBeInTheDocument());
    expect(screen.getByText('1/2 cards sent')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Thank-you cards' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('button', { name: 'Resend' })).toBeInTheDocument();
    // The list was asked for again after the send.
    await waitFor(() => expect(api.contributorLoads).toBeGreaterThanOrEqual(2));
  });

  it('saves and sends once for a double click', async () => {
    const { user, api } = await openPage();
    await select(user, /Rachel Levy/);
    await user.dblClick(screen.getByRole('button', { name: 'Send Card' }));
    expect(await within(toastRegion()).findByText('Thank You Card Sent!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend' })).toBeEnabled());
    expect(api.calls.map((call) => call.path)).toEqual(['/api/thank-you-notes', '/api/thank-you-notes/n-g-1/send']);
    await waitFor(() => expect(api.contributorLoads).toBe(2));
  });

  it('says a card was not delivered, in the list and on the card, and sends it again to the address the family corrects', async () => {
    const bounced = aNote({
      id: 'n-8',
      giftId: 'g-1',
      status: 'sent',
      sentAt: '2026-03-04T09:00:00.000Z',
      notDeliveredAt: '2026-03-04T09:05:00.000Z',
    });
    const { user, api } = await openPage([{ ...rachel, thankYouNote: bounced }, david]);
    expect(screen.getByText('Not Delivered')).toBeInTheDocument();
    await select(user, /Rachel Levy/);
    expect(screen.getByText('Not delivered: check the address, or print the card')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print Card' })).toBeInTheDocument();
    const address = screen.getByRole('textbox', { name: 'E-mail address for this card' });
    expect(address).toHaveValue(rachel.giftGiverEmail);

    await user.clear(address);
    await user.type(address, 'not an address');
    await user.click(screen.getByRole('button', { name: 'Send Again' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(address).toHaveFocus();
    expect(api.calls).toEqual([]);

    await user.clear(address);
    await user.type(address, 'rachel.levy@example.org');
    await user.click(screen.getByRole('button', { name: 'Send Again' }));
    expect(await within(toastRegion()).findByText('Thank You Card Sent!')).toBeInTheDocument();
    expect(api.calls.map(({ path, body }) => [path, path.endsWith('/send') ? body : null])).toEqual([
      ['/api/thank-you-notes', null],
      ['/api/thank-you-notes/n-8/send', { email: 'rachel.levy@example.org' }],
    ]);
  });

  it('opens a sent card with its saved content and offers Resend, which saves and sends again', async () => {
    const sent = aNote({
      id: 'n-7',
      giftId: 'g-1',
      templateId: 'warm',
      customMessage: 'Dear Rachel, thank you!',
      imageUrls: ['/uploads/one.jpg', '/uploads/two.jpg'],
      imageSize: 'small',
      status: 'sent',
      sentAt: '2026-03-04T09:00:00.000Z',
    });
    const { user, api } = await openPage([{ ...rachel, thankYouNote: sent }, david]);
    await select(user, /Rachel Levy/);
    expect(messageField().value).toBe('Dear Rachel, thank you!');
    expect(screen.getByRole('radio', { name: 'Warm Orange & Red' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Small' })).toBeChecked();
    expect(screen.getByRole('img', { name: 'Celebration photo 2' })).toHaveAttribute('src', '/uploads/two.jpg');
    expect(screen.getByText('Sent Mar 4, 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Card' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await within(toastRegion()).findByText('Thank You Card Sent!')).toBeInTheDocument();
    expect(api.calls).toEqual([
      {
        method: 'POST',
        path: '/api/thank-you-notes',
        body: {
          giftId: 'g-1',
          noteId: 'n-7',
          templateId: 'warm',
          customMessage: 'Dear Rachel, thank you!',
          imageUrls: ['/uploads/two.jpg'],
          imageSize: 'small',
        },
      },
      { method: 'POST', path: '/api/thank-you-notes/n-7/send', body: {} },
    ]);
    await waitFor(() => expect(api.contributorLoads).toBe(2));
  });

  it('adds uploaded photos to the card and its preview', async () => {
    server.use(http.post('/api/objects/upload', () => HttpResponse.json({ photoUrl: '/uploads/party.jpg' })));
    const { user, api } = await openPage();
    await select(user, /Rachel Levy/);
    await user.upload(
      screen.getByLabelText('Celebration Photos (optional)', { selector: 'input' }),
      new File(['img'], 'party.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByRole('img', { name: 'Celebration photo 1' })).toHaveAttribute('src', '/uploads/party.jpg');
    await waitFor(() => expect(preview().getAttribute('srcdoc')).toContain(`src="${window.location.origin}/uploads/party.jpg"`));
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]?.body).toMatchObject({ imageUrls: ['/uploads/party.jpg'] });
    await waitFor(() => expect(api.contributorLoads).toBe(2));
  });

  it('keeps unsaved edits when another contributor is chosen and back', async () => {
    const { user } = await openPage();
    await select(user, /Rachel Levy/);
    await user.clear(messageField());
    await fillIn(user, messageField(), 'Still writing…');
    await select(user, /David Katz/);
    expect(messageField().value).toBe(defaultThankYouMessage('David Katz', CHILD));
    await select(user, /Rachel Levy/);
    expect(messageField().value).toBe('Still writing…');
  });

  it('toasts Failed to save note when the save fails, and sends nothing', async () => {
    const { user, api } = await openPage();
    server.use(http.post('/api/thank-you-notes', () => HttpResponse.json({ message: 'Database unavailable' }, { status: 500 })));
    await select(user, /Rachel Levy/);
    await user.click(screen.getByRole('button', { name: 'Send Card' }));
    const toast = within(toastRegion());
    expect(await toast.findByText('Error')).toBeInTheDocument();
    expect(toast.getByText('Failed to save note')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    expect(within(row(/Rachel Levy/)).getByText('No Card')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Card' })).toBeEnabled();
  });

  it('toasts Failed to save note for a refused draft, with the field message', async () => {
    const { user } = await openPage();
    server.use(
      http.post('/api/thank-you-notes', () =>
        HttpResponse.json(
          { message: 'Invalid input', errors: { customMessage: 'Message must be at most 5000 characters' } },
          { status: 400 },
        ),
      ),
    );
    await select(user, /Rachel Levy/);
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await within(toastRegion()).findByText('Failed to save note')).toBeInTheDocument();
    expect(screen.getByText('Message must be at most 5000 characters')).toBeInTheDocument();
  });

  it('toasts Failed to send email when the send fails, and keeps the saved draft', async () => {
    const { user, api } = await openPage();
    server.use(http.post('/api/thank-you-notes/:id/send', () => HttpResponse.json({ message: 'Mail service down' }, { status: 502 })));
    await select(user, /Rachel Levy/);
    await user.click(screen.getByRole('button', { name: 'Send Card' }));
    const toast = within(toastRegion());
    expect(await toast.findByText('Failed to send email')).toBeInTheDocument();
    expect(toast.getByText('Error')).toBeInTheDocument();
    expect(api.calls.map((call) => call.path)).toEqual(['/api/thank-you-notes']);
    await waitFor(() => expect(within(row(/Rachel Levy/)).getByText('Draft')).toBeInTheDocument());
    expect(screen.getByText('0/2 cards sent')).toBeInTheDocument();
    await waitFor(() => expect(api.contributorLoads).toBe(2));
  });

  it('runs the Unauthorized flow when a save answers 401', async () => {
    const { user } = await openPage();
    server.use(http.post('/api/thank-you-notes', () => HttpResponse.json({ message: 'Not authenticated' }, { status: 401 })));
    await select(user, /Rachel Levy/);
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    const toast = within(toastRegion());
    expect(await toast.findByText('Unauthorized')).toBeInTheDocument();
    expect(toast.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    expect(toast.queryByText('Failed to save note')).not.toBeInTheDocument();
    await waitFor(() => expect(goToLogin).toHaveBeenCalledTimes(1), { timeout: 2000 });
  });

  it('runs the Unauthorized flow when a send answers 401', async () => {
    const { user } = await openPage();
    server.use(http.post('/api/thank-you-notes/:id/send', () => HttpResponse.json({ message: 'Not authenticated' }, { status: 401 })));
    await select(user, /Rachel Levy/);
    await user.click(screen.getByRole('button', { name: 'Send Card' }));
    expect(await within(toastRegion()).findByText('Unauthorized')).toBeInTheDocument();
    await waitFor(() => expect(goToLogin).toHaveBeenCalledTimes(1), { timeout: 2000 });
  });

  it('works with the keyboard alone: choose a contributor, a template, and send', async () => {
    const { user, api } = await openPage();
    const rachelRow = row(/Rachel Levy/);
    rachelRow.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: 'Thank You Card for Rachel Levy' })).toHaveFocus();
    screen.getByRole('radio', { name: 'Traditional Blue & Gold' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Modern Purple & Pink' })).toBeChecked();
    screen.getByRole('button', { name: 'Send Card' }).focus();
    await user.keyboard('{Enter}');
    expect(await within(toastRegion()).findByText('Thank You Card Sent!')).toBeInTheDocument();
    expect(api.calls[0]?.body).toMatchObject({ templateId: 'modern' });
    await waitFor(() => expect(api.contributorLoads).toBe(2));
  });

  it('exports the contributors as a CSV file named after the child', async () => {
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:contributors';
    });
    const revokeObjectURL = vi.fn();
    const originals = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    onTestFinished(() => {
      Object.assign(URL, originals);
    });
    let downloaded: { href: string; download: string } | null = null;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = { href: this.getAttribute('href') ?? '', download: this.download };
    });

    const { user, api } = await openPage();
    // The page reads a page of contributors; the export alone asks for them all.
    expect(api.contributorRequests).toEqual(['?page=1']);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(downloaded).toEqual({ href: 'blob:contributors', download: 'sarah-rose-cohen-contributors.csv' }));
    expect(api.contributorRequests).toEqual(['?page=1', '']);
    expect(created).toHaveLength(1);
    const text = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsText(created[0]!);
    });
    expect(text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Name,Email,Amount,Given By,Date,Charity,Card Status,Personal Message',
      'Rachel Levy,rachel@example.com,36.00,Online,2026-03-02,Jewish Federation Community Fund,No Card,',
      'David Katz,dkatz@mail.example.org,180.00,Online,2026-03-01,Tikkun Civil Rights Project,No Card,Mazel tov!',
      '',
    ]);
  });
});
