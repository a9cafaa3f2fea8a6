import { describe, expect, it } from 'vitest';
import { chromiumMissing, e2eWorld, expectAccessibleAtBothWidths, PHONE_WIDTH, screenshot, signUpThroughApi } from './browser';

if (chromiumMissing) console.warn(`Skipping the end-to-end journeys: ${chromiumMissing}`);

// Shabbat 14 Sivan 5787: the diaspora reads Nasso, Israel (a week ahead since Shavuot) Beha'alotcha.
const SPLIT_SHABBAT = '2027-06-19';

describe.skipIf(chromiumMissing)('a Shabbat celebration’s Hebrew date and parashah, in Israel and the diaspora (Chromium)', () => {
  const world = e2eWorld();

  const width = PHONE_WIDTH;
  it(`works at ${width} px, and its screens at 1280 px too, with no accessibility violation`, async () => {
    const family = await world.page(width);
    await signUpThroughApi(family, 'Yael', 'Mizrahi');

    // The family picks a Shabbat: the form names its Hebrew date and the diaspora's parashah.
    await family.goto('/create-registry');
    await family.getByRole('heading', { name: 'Create Your Registry' }).waitFor();
    await family.getByLabel("Child's Name").fill('Ariel Mizrahi');
    await family.getByRole('radiogroup', { name: 'Celebration' }).getByRole('radio', { name: 'Bar Mitzvah' }).check();
    await family.getByText('Pick the celebration date to see its Hebrew date').waitFor();
    await family.getByLabel('Celebration Date').fill(SPLIT_SHABBAT);
    const preview = family.getByTestId('hebrew-date-preview');
    await preview.getByText('14 Sivan 5787 · Parashat Nasso').waitFor();
    await preview.getByText('י״ד סיון תשפ״ז · פרשת נשא').waitFor();
    expect(await preview.locator('[lang="he"][dir="rtl"]').count()).toBe(1);
    await expectAccessibleAtBothWidths(family, "create form with the diaspora's parashah");
    await preview.scrollIntoViewIfNeeded();
    await screenshot(family, `hebrew-date-create-diaspora-${width}`, { fullPage: false });

    // They celebrate in Israel, where that Shabbat's portion is the next one.
    const readings = family.getByRole('radiogroup', { name: 'Torah readings' });
    await readings.getByRole('radio', { name: 'Israel' }).check();
    await preview.getByText('14 Sivan 5787 · Parashat Beha’alotcha').waitFor();
    await expectAccessibleAtBothWidths(family, "create form with Israel's parashah", {
      name: 'hebrew-date-create-israel',
      fullPage: false,
    });
    await family.getByRole('button', { name: 'Create Registry' }).click();

    await family.waitForURL(/\/registry\/[0-9a-f-]{36}$/);
    await family.getByRole('heading', { level: 1, name: "Ariel Mizrahi's Bar Mitzvah" }).waitFor();
    const header = family.getByRole('article', { name: "Ariel Mizrahi's Bar Mitzvah" });
    await header.getByText('Jun 19, 2027').waitFor();
    await header.getByText('14 Sivan 5787 · Parashat Beha’alotcha').waitFor();
    await header.getByText('י״ד סיון תשפ״ז · פרשת בהעלתך').waitFor();
    await expectAccessibleAtBothWidths(family, "registry page with Israel's parashah", {
      name: 'hebrew-date-registry-owner',
      fullPage: false,
    });
    const registryId = family.url().split('/').pop()!;

    // A guest opening the link sees the same.
    const guest = await world.page(width);
    await guest.goto(`/registry/${registryId}`);
    await guest.getByText('14 Sivan 5787 · Parashat Beha’alotcha').waitFor();
    await expectAccessibleAtBothWidths(guest, 'registry page for a guest', { name: 'hebrew-date-registry-guest', fullPage: false });

    // The family moves the celebration to the diaspora: the parashah follows.
    await family.getByRole('button', { name: 'Edit Registry' }).click();
    const dialog = family.getByRole('dialog', { name: 'Edit Registry' });
    await dialog.getByTestId('hebrew-date-preview').getByText('Parashat Beha’alotcha', { exact: false }).waitFor();
    await dialog.getByRole('radiogroup', { name: 'Torah readings' }).getByRole('radio', { name: 'Diaspora' }).check();
    await dialog.getByTestId('hebrew-date-preview').getByText('14 Sivan 5787 · Parashat Nasso').waitFor();
    await expectAccessibleAtBothWidths(family, "edit dialog with the diaspora's parashah", { name: 'hebrew-date-edit', fullPage: false });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await header.getByText('14 Sivan 5787 · Parashat Nasso').waitFor();

    // The dashboard's card carries the Hebrew date too.
    await family.goto('/');
    const card = family.getByRole('article', { name: "Ariel Mizrahi's Bar Mitzvah" });
    await card.getByText('14 Sivan 5787 · Parashat Nasso').waitFor();
    await expectAccessibleAtBothWidths(family, 'dashboard card with the Hebrew date');
    await card.scrollIntoViewIfNeeded();
    await screenshot(family, `hebrew-date-dashboard-card-${width}`, { fullPage: false });

    // And a link pasted into a chat previews it.
    const shortCode = ((await (await family.request.get(`/api/registries/${registryId}`)).json()) as { shortCode: string }).shortCode;
    const html = await (await family.request.get(`/r/${shortCode}`)).text();
    expect(html).toContain('(14 Sivan 5787 · Parashat Nasso)');
  });
});
