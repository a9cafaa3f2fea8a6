import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chromiumMissing, e2eWorld, expectAccessibleAtBothWidths, PHONE_WIDTH, screenshot, signUpThroughApi } from './browser';

if (chromiumMissing) console.warn(`Skipping the end-to-end journeys: ${chromiumMissing}`);

const POINTS_PER_MM = 72 / 25.4;

/** The width and height, in points, of every page of a PDF (its MediaBoxes). */
function pageSizes(pdf: Buffer): [number, number][] {
  return [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((match) => [
    Number(match[3]) - Number(match[1]),
    Number(match[4]) - Number(match[2]),
  ]);
}

describe.skipIf(chromiumMissing)('a printable invitation insert with the QR code and short link, and the guest list (Chromium)', () => {
  const world = e2eWorld();

  const width = PHONE_WIDTH;
  it(`works at ${width} px, and its screens at 1280 px too, with no accessibility violation`, async () => {
    const family = await world.page(width);
    await signUpThroughApi(family, 'Rivka', 'Kaplan');
    const created = await family.request.post('/api/registries', {
      data: {
        childName: 'Lior Kaplan',
        celebrationType: 'bat',
        celebrationDate: '2026-12-05',
        currency: 'USD',
        personalMessage: '',
        photoUrl: null,
        preferredCharityId: '',
        allowCharityChoice: true,
      },
    });
    expect(created.status()).toBe(201);
    const { id, shortCode } = (await created.json()) as { id: string; shortCode: string };

    // From the share box of the registry page.
    await family.goto(`/registry/${id}`);
    await family.getByRole('heading', { name: 'Registry Management' }).waitFor();
    await family.getByRole('link', { name: 'Print invitation insert' }).click();
    await family.waitForURL(`**/registry/${id}/insert`);
    await family.getByRole('heading', { level: 1, name: 'Invitation Insert' }).waitFor();
    const insert = family.getByRole('region', { name: /^Invitation insert, A6/ });
    const title = insert.getByRole('heading', { name: "Lior Kaplan's Bat Mitzvah" });
    await title.waitFor();
    // The title wraps, if it must, between the child's name and the celebration: never inside "Bat Mitzvah".
    const celebration = title.getByText('Bat Mitzvah', { exact: true });
    expect(await celebration.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('nowrap');
    expect(await celebration.evaluate((element) => element.getClientRects().length)).toBe(1);
    await insert.getByText('Saturday, December 5, 2026').waitFor();
    await insert.getByText('25 Kislev 5787 · Parashat Vayeshev').waitFor();
    await insert.getByText(`/r/${shortCode}`, { exact: false }).waitFor();
    const qr = insert.getByRole('img', { name: "QR code linking to Lior Kaplan's registry" });
    expect(await qr.evaluate((element) => element.tagName.toLowerCase())).toBe('svg');
    await expectAccessibleAtBothWidths(family, 'invitation insert A6', { name: 'invitation-insert-a6' });

    // The 4 × 6 inch card instead; the choice stays in the address.
    await family.getByRole('radio', { name: /4 × 6 in/ }).check();
    await family.getByRole('region', { name: /^Invitation insert, 4 × 6 in/ }).waitFor();
    expect(family.url()).toContain('size=4x6');
    await expectAccessibleAtBothWidths(family, 'invitation insert 4x6', { name: 'invitation-insert-4x6' });

    // Printed, only the card shows: no navigation, footer or buttons.
    await family.emulateMedia({ media: 'print' });
    expect(await family.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await family.getByRole('navigation').first().isVisible()).toBe(false);
    expect(await family.getByRole('contentinfo').isVisible()).toBe(false);
    await screenshot(family, `invitation-insert-4x6-print-${width}`, { fullPage: false });

    // As a PDF, one sheet of the chosen size.
    const fourBySix = pageSizes(await family.pdf({ preferCSSPageSize: true, printBackground: true }));
    expect(fourBySix).toHaveLength(1);
    expect(fourBySix[0]![0]).toBeCloseTo(4 * 72, 0);
    expect(fourBySix[0]![1]).toBeCloseTo(6 * 72, 0);
    await family.emulateMedia({ media: 'screen' });
    await family.getByRole('radio', { name: /A6/ }).check();
    await family.getByRole('region', { name: /^Invitation insert, A6/ }).waitFor();
    // page.pdf prints with the media emulated, so back to print.
    await family.emulateMedia({ media: 'print' });
    const a6 = pageSizes(await family.pdf({ preferCSSPageSize: true, printBackground: true }));
    expect(a6).toHaveLength(1);
    expect(a6[0]![0]).toBeCloseTo(105 * POINTS_PER_MM, 0);
    expect(a6[0]![1]).toBeCloseTo(148 * POINTS_PER_MM, 0);

    // Another family is told it is not theirs to print.
    const stranger = await world.page(width);
    await signUpThroughApi(stranger, 'Moshe', 'Kaplan');
    await stranger.goto(`/registry/${id}/insert`);
    await stranger.getByText('Only the family who opened this registry can print its invitation insert.').waitFor();
    expect(await stranger.getByRole('img', { name: /QR code/ }).count()).toBe(0);
    await expectAccessibleAtBothWidths(stranger, 'invitation insert refused');
    // And a guest sees no link to it on the registry page.
    await stranger.goto(`/registry/${id}`);
    await stranger.getByRole('heading', { level: 1, name: "Lior Kaplan's Bat Mitzvah" }).waitFor();
    expect(await stranger.getByRole('link', { name: 'Print invitation insert' }).count()).toBe(0);

    // The guest list the invitations go to, from Registry Management: a pasted list with one bad
    // line is refused whole, naming the line; corrected, it is imported.
    await family.emulateMedia({ media: 'screen' });
    await family.goto(`/registry/${id}`);
    await family.getByRole('link', { name: 'Guest List' }).click();
    await family.waitForURL(`**/registry/${id}/guests`);
    await family.getByRole('heading', { level: 1, name: 'Guest List' }).waitFor();
    await family.getByText('No guests yet.').waitFor();
    const list = family.getByLabel('Guest list (CSV)');
    await list.fill('name,email,party size\nDora Levi,dora@example.com,2\nBen Cohen,ben.example.com,4');
    await family.getByRole('button', { name: 'Import Guests' }).click();
    await family
      .getByRole('alert')
      .getByText(/^Line 3: Enter a valid email\. Nothing was imported/)
      .waitFor();
    await expectAccessibleAtBothWidths(family, 'guest list import refused');
    await list.fill('name,email,party size,street,city\nDora Levi,dora@example.com,2\nBen Cohen,ben@example.com,4,9 Oak Ave,Toronto');
    await family.getByRole('button', { name: 'Import Guests' }).click();
    await family.getByText('2 guests, 6 people in all.').waitFor();
    await family.getByRole('list', { name: 'Guest List' }).getByText('Ben Cohen').waitFor();
    await expectAccessibleAtBothWidths(family, 'guest list', { name: 'guest-list' });
    // The addresses for paper thank-you notes, as a spreadsheet opens them.
    const [addresses] = await Promise.all([
      family.waitForEvent('download'),
      family.getByRole('button', { name: 'Download Addresses (CSV)' }).click(),
    ]);
    expect(addresses.suggestedFilename()).toBe('guest-addresses.csv');
    expect(readFileSync(await addresses.path(), 'utf8')).toBe(
      '\uFEFFName,Street,City,State or province,ZIP or postal code,Country\r\nBen Cohen,9 Oak Ave,Toronto,,,\r\n',
    );
    // Nobody else reads it.
    await stranger.goto(`/registry/${id}/guests`);
    await stranger.getByText('Only the family who created this registry can see its guest list.').waitFor();
    expect(await stranger.getByText('Dora Levi').count()).toBe(0);
  });
});
