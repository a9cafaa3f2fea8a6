import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECENT_REGISTRIES_KEY } from '../../web/src/lib/recent-registries';
import { loadRecentRegistries } from '../../web/src/lib/load-recent-registries';
import { member, server, signInAs } from './msw-server';
import { fillIn, ownerToolsLoaded, renderApp, toastRegion } from './render-app';
import { aGift, aRegistry, anOwnerRegistry, REGISTRY_ID, serveRegistry } from './registry-fixtures';

const registryPath = `/registry/${REGISTRY_ID}`;

async function openRegistry(registry: { id: string }, path = registryPath) {
  serveRegistry(registry);
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: "Noah's Bar/Bat Mitzvah" });
  await ownerToolsLoaded();
  return app;
}

function management() {
  return within(screen.getByRole('region', { name: 'Registry Management' }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('registry page for a visitor', () => {
  it('shows the title, date, photo, message, charity and contributors, without management', async () => {
    await openRegistry(aRegistry({ giftCount: 3, hasGifts: true }));
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('Mar 14, 2030')).toBeInTheDocument();
    expect(screen.getByText('9 Adar II 5790')).toBeInTheDocument();
    expect(screen.getByText('Upcoming')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo of Noah' })).toHaveAttribute('src', '/uploads/noah.jpg');
    expect(screen.getByText('Thank you for celebrating with us!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Supporting' })).toBeInTheDocument();
    expect(screen.getByText('Jewish Federation Community Fund')).toBeInTheDocument();
    expect(screen.getByText('3 generous contributor(s) so far!')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Registry Management' })).not.toBeInTheDocument();
    expect(document.title).toBe("Noah's Bar/Bat Mitzvah | Mitzvah Gifts");
  });

  it('says nothing about contributors before the first gift, and explains donor choice', async () => {
    await openRegistry(aRegistry({ allowCharityChoice: true, preferredCharityId: null, preferredCharity: null }));
    expect(screen.queryByText(/generous contributor/)).not.toBeInTheDocument();
    expect(screen.getByText('Each guest chooses the Jewish charity that receives 10% of their gift.')).toBeInTheDocument();
  });

  it('shows the Hebrew date and a Shabbat’s parashah, the Hebrew script marked as Hebrew, right to left', async () => {
    await openRegistry(
      aRegistry({
        celebrationDate: '2027-06-19T00:00:00.000Z',
        hebrewCalendar: 'israel',
        hebrewDate: {
          date: '14 Sivan 5787',
          hebrew: 'י״ד סיון תשפ״ז',
          reading: { name: 'Parashat Beha’alotcha', hebrew: 'פרשת בהעלתך', festival: false },
        },
      }),
    );
    expect(screen.getByText('14 Sivan 5787 · Parashat Beha’alotcha')).toBeInTheDocument();
    const hebrew = screen.getByText('י״ד סיון תשפ״ז · פרשת בהעלתך');
    expect(hebrew).toHaveAttribute('lang', 'he');
    expect(hebrew).toHaveAttribute('dir', 'rtl');
  });

  it('names a festival’s reading when a festival falls on the Shabbat', async () => {
    await openRegistry(
      aRegistry({
        hebrewDate: { date: '7 Sivan 5787', hebrew: 'ז׳ סיון תשפ״ז', reading: { name: 'Shavuot', hebrew: 'שבועות', festival: true } },
      }),
    );
    expect(screen.getByText('7 Sivan 5787 · Shavuot reading')).toBeInTheDocument();
  });

  it('shows a past celebration as Past', async () => {
    await openRegistry(aRegistry({ celebrationDate: '2020-05-02T00:00:00.000Z' }));
    expect(screen.getByText('May 2, 2020')).toBeInTheDocument();
    expect(screen.getByText('Past')).toBeInTheDocument();
  });

  it('shows Registry Not Found for a missing registry', async () => {
    serveRegistry(aRegistry());
    renderApp('/registry/no-such-registry');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registry Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The registry you're looking for doesn't exist or has been removed.")).toBeInTheDocument();
  });

  it('drops a registry that is gone from the recent registries of this browser', async () => {
    const { rememberRegistry } = await loadRecentRegistries();
    rememberRegistry({ ...aRegistry(), id: 'no-such-registry' });
    rememberRegistry(aRegistry());
    serveRegistry(aRegistry());
    renderApp('/registry/no-such-registry');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registry Not Found' })).toBeInTheDocument();
    await waitFor(() =>
      expect((JSON.parse(window.localStorage.getItem(RECENT_REGISTRIES_KEY) ?? '[]') as { id: string }[]).map((entry) => entry.id)).toEqual(
        [REGISTRY_ID],
      ),
    );
  });

  it('shares the short link with a QR code that can be downloaded for invitations', async () => {
    await openRegistry(aRegistry());
    const share = within(screen.getByRole('region', { name: 'Share This Registry' }));
    expect(share.getByLabelText('Registry link')).toHaveValue(`${window.location.origin}/r/k7m2q9xz`);
    expect(share.getByLabelText('Registry link')).toHaveAttribute('readonly');
    const qr = await share.findByRole('img', { name: "QR code linking to Noah's registry" });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const download = share.getByRole('link', { name: 'Download QR code' });
    expect(download).toHaveAttribute('download', 'noah-registry-qr-code.png');
    expect(download.getAttribute('href')).toBe(qr.getAttribute('src'));
  });

  it('copies the link: a "Link copied!" toast, and the button reads "Copied!" for 2 seconds', async () => {
    await openRegistry(aRegistry());
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const copy = screen.getByRole('button', { name: 'Copy' });

    vi.useFakeTimers();
    fireEvent.click(copy);
    await act(async () => {});
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/r/k7m2q9xz`);
    expect(within(toastRegion()).getByText('Link copied!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('keeps the registry among the recent registries of this browser', async () => {
    await openRegistry(aRegistry());
    await waitFor(() => expect(window.localStorage.getItem(RECENT_REGISTRIES_KEY)).not.toBeNull());
    const stored = JSON.parse(window.localStorage.getItem(RECENT_REGISTRIES_KEY) ?? '[]') as { id: string }[];
    expect(stored).toEqual([
      {
        id: REGISTRY_ID,
        shortCode: 'k7m2q9xz',
        childName: 'Noah',
        celebrationType: 'unspecified',
        celebrationDate: '2030-03-14T00:00:00.000Z',
        photoUrl: '/uploads/noah.jpg',
        photoFocusX: 50,
        photoFocusY: 50,
        preferredCharity: { id: 'c-1', name: 'Jewish Federation Community Fund' },
        currency: 'USD',
        status: 'open',
        hebrewDate: { date: '9 Adar II 5790', hebrew: 'ט׳ אדר ב׳ תש״צ', reading: null },
      },
    ]);
  });
});

describe('registry page for the owner', () => {
  it('links the owner to the printable invitation insert from the share box', async () => {
    signInAs(member);
    await openRegistry(anOwnerRegistry());
    const share = screen.getByRole('region', { name: 'Share This Registry' });
    expect(within(share).getByRole('link', { name: 'Print invitation insert' })).toHaveAttribute('href', `/registry/${REGISTRY_ID}/insert`);
  });

  it('offers a guest no invitation insert', async () => {
    await openRegistry(aRegistry());
    expect(screen.getByRole('region', { name: 'Share This Registry' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Print invitation insert' })).not.toBeInTheDocument();
  });

  it('shows Registry Management with every action while open without gifts, and no contributor count', async () => {
    signInAs(member);
    await openRegistry(anOwnerRegistry({ giftCount: 0 }));
    const manage = management();
    expect(manage.getByRole('button', { name: 'Edit Registry' })).toBeInTheDocument();
    expect(manage.getByRole('link', { name: 'Thank You Cards' })).toHaveAttribute('href', `/thank-you-cards/${REGISTRY_ID}`);
    expect(manage.getByRole('button', { name: 'Change Currency' })).toBeInTheDocument();
    expect(manage.getByRole('button', { name: 'Delete Registry' })).toBeInTheDocument();
    // The owner's visit is not a "recent registry" (once the code that would record it has loaded).
    await loadRecentRegistries();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(window.localStorage.getItem(RECENT_REGISTRIES_KEY)).toBeNull();
  });

  it('hides currency change and delete once gifts exist, and says why', async () => {
    signInAs(member);
    await openRegistry(anOwnerRegistry({ giftCount: 2, hasGifts: true, totalReceived: 180 }));
    const manage = management();
    expect(manage.getByText('Currency: USD (cannot change after receiving contributions)')).toBeInTheDocument();
    expect(manage.queryByRole('button', { name: 'Change Currency' })).not.toBeInTheDocument();
    expect(manage.queryByRole('button', { name: 'Delete Registry' })).not.toBeInTheDocument();
    expect(screen.queryByText(/generous contributor/)).not.toBeInTheDocument();
  });

  it('hides currency change while gifts given by hand are recorded in it, and says why; delete stays', async () => {
    signInAs(member);
    await openRegistry(anOwnerRegistry({ hasGiftsGivenByHand: true }));
    const manage = management();
    expect(manage.getByText('Currency: USD (cannot change while gifts given by hand are recorded in it)')).toBeInTheDocument();
    expect(manage.queryByRole('button', { name: 'Change Currency' })).not.toBeInTheDocument();
    expect(manage.getByRole('button', { name: 'Delete Registry' })).toBeInTheDocument();
  });

  it('stops offering currency change once the family records a gift given by hand from the page', async () => {
    signInAs(member);
    const registry = anOwnerRegistry();
    const { user } = await openRegistry(registry);
    expect(management().getByRole('button', { name: 'Change Currency' })).toBeInTheDocument();
    server.use(
      http.post(`/api/registries/${REGISTRY_ID}/offline-gifts`, () => {
        serveRegistry({ ...registry, hasGiftsGivenByHand: true });
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    await user.click(management().getByRole('button', { name: 'Record a Gift Given by Hand' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record a gift given by hand' }));
    await fillIn(user, dialog.getByLabelText(/Giver’s name/), 'Uncle Ben');
    await fillIn(user, dialog.getByLabelText(/Amount/), '180');
    await user.click(dialog.getByRole('button', { name: 'Record Gift' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await management().findByText('Currency: USD (cannot change while gifts given by hand are recorded in it)')).toBeInTheDocument();
    expect(management().queryByRole('button', { name: 'Change Currency' })).not.toBeInTheDocument();
  });

  it('offers no currency change or delete on a closed registry', async () => {
    signInAs(member);
    await openRegistry(anOwnerRegistry({ status: 'closed' }));
    expect(management().queryByRole('button', { name: 'Change Currency' })).not.toBeInTheDocument();
    expect(management().queryByRole('button', { name: 'Delete Registry' })).not.toBeInTheDocument();
    // The closed registry's payout status loads too; the test ends once it has.
    await within(screen.getByRole('region', { name: 'Payout Status' })).findByText('Processing');
  });

  it('treats a signed-in user who is not the owner as a visitor', async () => {
    signInAs({ ...member, id: 'someone-else' });
    await openRegistry(aRegistry({ giftCount: 1, hasGifts: true }));
    expect(screen.queryByRole('region', { name: 'Registry Management' })).not.toBeInTheDocument();
    expect(screen.getByText('1 generous contributor(s) so far!')).toBeInTheDocument();
  });
});

describe("'Make Your Contribution'", () => {
  it('shows the split, the flat fee and the way to the gift form while the registry is open', async () => {
    await openRegistry(aRegistry());
    const box = within(screen.getByRole('region', { name: 'Make Your Contribution' }));
    expect(box.getByText('90%')).toBeInTheDocument();
    expect(box.getByText("to Noah's celebration")).toBeInTheDocument();
    expect(box.getByText('10%')).toBeInTheDocument();
    expect(box.getByText('to a Jewish charity')).toBeInTheDocument();
    expect(box.getByText('$3.00')).toBeInTheDocument();
    expect(box.getByText('flat platform fee, paid on top of your gift')).toBeInTheDocument();
    expect(box.getByRole('link', { name: 'Give a Gift' })).toHaveAttribute('href', `/gift/${REGISTRY_ID}`);
  });

  it("shows the flat fee in the registry's currency", async () => {
    await openRegistry(aRegistry({ currency: 'CAD' }));
    expect(within(screen.getByRole('region', { name: 'Make Your Contribution' })).getByText('CA$3.00')).toBeInTheDocument();
  });

  it('is shown to the owner too', async () => {
    signInAs(member);
    await openRegistry(anOwnerRegistry());
    expect(screen.getByRole('region', { name: 'Make Your Contribution' })).toBeInTheDocument();
  });

  it.each(['closed', 'payout_sent'] as const)('is not shown once the registry is %s', async (status) => {
    await openRegistry(aRegistry({ status }));
    expect(screen.queryByRole('region', { name: 'Make Your Contribution' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Give a Gift' })).not.toBeInTheDocument();
  });
});

describe("the owner's 'Recent Gifts'", () => {
  // The server sends the latest 5 succeeded gifts and counts all of them (failed ones are no gifts).
  const gifts = [1, 2, 3, 4, 5].map((n) =>
    aGift({
      id: `g-${n}`,
      giftGiverName: `Giver ${n}`,
      amount: 36 * n,
      paymentStatus: 'succeeded',
      createdAt: `2026-03-${String(21 - n).padStart(2, '0')}T15:00:00.000Z`,
    }),
  );

  it('lists the latest 5 gifts with giver, date, amount and status, then "And 2 more gifts..." linking to the full list', async () => {
    signInAs(member);
    await openRegistry(anOwnerRegistry({ gifts, giftCount: 7, hasGifts: true, totalReceived: 540 }));
    const section = within(screen.getByRole('region', { name: 'Recent Gifts' }));
    const items = section.getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items.map((item) => within(item).getByText(/^Giver/).textContent)).toEqual([
      'Giver 1',
      'Giver 2',
      'Giver 3',
      'Giver 4',
      'Giver 5',
    ]);
    expect(within(items[0]!).getByText('Mar 20, 2026')).toBeInTheDocument();
    expect(within(items[0]!).getByText('$36.00')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Succeeded')).toBeInTheDocument();
    expect(within(items[1]!).getByText('$72.00')).toBeInTheDocument();
    expect(within(items[4]!).getByText('Mar 16, 2026')).toBeInTheDocument();
    expect(section.getByRole('link', { name: 'And 2 more gifts...' })).toHaveAttribute('href', `/registry/${REGISTRY_ID}/gifts`);
  });

  it("shows each gift in its own currency, and no 'more' line for 5 gifts or fewer", async () => {
    signInAs(member);
    await openRegistry(
      anOwnerRegistry({ currency: 'CAD', gifts: gifts.slice(0, 5).map((gift) => ({ ...gift, currency: 'CAD' as const })), hasGifts: true }),
    );
    const section = within(screen.getByRole('region', { name: 'Recent Gifts' }));
    expect(section.getAllByText('CA$36.00').length).toBeGreaterThan(0);
    expect(section.queryByText(/more gifts/)).not.toBeInTheDocument();
    expect(section.getByRole('link', { name: 'See all gifts and messages' })).toHaveAttribute('href', `/registry/${REGISTRY_ID}/gifts`);
  });

  it('says so before the first gift', async () => {
    signInAs(member);
    await openRegistry(anOwnerRegistry());
    const section = within(screen.getByRole('region', { name: 'Recent Gifts' }));
    expect(section.getByText(/^No gifts yet/)).toBeInTheDocument();
    expect(section.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('is not shown to anyone but the owner', async () => {
    await openRegistry(aRegistry({ giftCount: 7, hasGifts: true }));
    expect(screen.queryByRole('region', { name: 'Recent Gifts' })).not.toBeInTheDocument();
    expect(screen.getByText('7 generous contributor(s) so far!')).toBeInTheDocument();
  });
});

describe('short link /r/{shortCode}', () => {
  it('opens the registry page in place of the short link', async () => {
    server.use(
      http.get('/api/short-links/:code', ({ params }) =>
        params.code === 'k7m2q9xz' ? HttpResponse.json(aRegistry()) : HttpResponse.json({ message: 'Registry not found' }, { status: 404 }),
      ),
    );
    await openRegistry(aRegistry(), '/r/k7m2q9xz');
    expect(screen.getByLabelText('Registry link')).toHaveValue(`${window.location.origin}/r/k7m2q9xz`);
  });

  it('shows Registry Not Found for an unknown code', async () => {
    server.use(http.get('/api/short-links/:code', () => HttpResponse.json({ message: 'Registry not found' }, { status: 404 })));
    renderApp('/r/zzzzzzzz');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registry Not Found' })).toBeInTheDocument();
  });
});

describe('registry page loading', () => {
  it('shows a spinner while the registry loads', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('/api/registries/:id', async () => {
        await gate;
        return HttpResponse.json(aRegistry());
      }),
    );
    renderApp(registryPath);
    expect(await screen.findByRole('progressbar', { name: 'Loading registry…' })).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: "Noah's Bar/Bat Mitzvah" })).toBeInTheDocument());
  });
});
