import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RegistryView } from '@api/registries';
import { aCheckout, storeCheckout } from './gift-fixtures';
import { charities, server } from './msw-server';
import { renderApp, fillIn } from './render-app';
import { aRegistry, REGISTRY_ID, serveRegistry } from './registry-fixtures';

/** Issue 22: the gift form a guest opens on a phone, compact charity choice first. */

const choice = { allowCharityChoice: true, preferredCharityId: null, preferredCharity: null } as const;

/** Six charities: more than fit the charity section, as the fifteen partners of a real site. */
const manyCharities = [
  ...charities,
  ...['Hillel International', 'PJ Library', 'HIAS', 'Leket Israel'].map((name, index) => ({
    ...charities[1]!,
    id: `c-${index + 3}`,
    name,
    description: `${name} does good work.`,
    website: null,
  })),
];

async function openGiftForm(overrides: Partial<RegistryView> = {}) {
  serveRegistry(aRegistry(overrides));
  const app = renderApp(`/gift/${REGISTRY_ID}`, { width: 360 });
  await screen.findByRole('form', { name: 'Gift details' }, { timeout: 15_000 });
  return app;
}

const charityGroup = (name = 'Choose a Charity to Support') => screen.getByRole('radiogroup', { name });

describe('the charity section, compact', () => {
  it('puts one line per charity with a Details button that shows its description, impact and website in place', async () => {
    const { user } = await openGiftForm(choice);
    const group = charityGroup();
    await waitFor(() => expect(within(group).getAllByRole('radio')).toHaveLength(2));
    // The description waits behind its button: the section stays short.
    expect(screen.queryByText('Strengthens local Jewish communities.')).not.toBeInTheDocument();
    const details = within(group).getByRole('button', { name: 'Details about Jewish Federation Community Fund' });
    expect(details).toHaveAttribute('aria-expanded', 'false');

    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(details.getAttribute('aria-controls')!)!;
    expect(panel).toBeVisible();
    expect(within(panel).getByText('Strengthens local Jewish communities.')).toBeVisible();
    expect(within(panel).getByText('Community Impact')).toBeVisible();
    const website = within(panel).getByRole('link', { name: 'Jewish Federation Community Fund’s website (opens in a new tab)' });
    expect(website).toHaveAttribute('href', 'https://federation.example.org');
    expect(website).toHaveAttribute('target', '_blank');
    // Reading about a charity does not choose it.
    expect(within(group).getByRole('radio', { name: /Jewish Federation Community Fund/ })).not.toBeChecked();

    await user.click(details);
    expect(panel).not.toBeInTheDocument();
    expect(details).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps the guest’s choice while details open and close', async () => {
    const { user } = await openGiftForm(choice);
    const group = charityGroup();
    await user.click(await within(group).findByRole('radio', { name: /Tikkun Civil Rights Project/ }));
    await user.click(within(group).getByRole('button', { name: 'Details about Jewish Federation Community Fund' }));
    await user.click(within(group).getByRole('button', { name: 'Details about Tikkun Civil Rights Project' }));
    expect(within(group).getByRole('radio', { name: /Tikkun Civil Rights Project/ })).toBeChecked();
    expect(within(group).getByRole('radio', { name: /Jewish Federation Community Fund/ })).not.toBeChecked();
  });

  it('keeps the family’s suggestion first, marked, and the choice made before the checkout', async () => {
    server.use(http.get('/api/charities', () => HttpResponse.json(manyCharities)));
    storeCheckout(aCheckout({ charityId: 'c-5', amount: 72 }));
    await openGiftForm({ ...choice, preferredCharity: { id: 'c-2', name: 'Tikkun Civil Rights Project' } });
    const group = charityGroup();
    await waitFor(() => expect(within(group).getAllByRole('radio')).toHaveLength(6));
    const first = within(group).getAllByRole('radio')[0]!;
    expect(first).toHaveAccessibleName(/^Tikkun Civil Rights Project\s*Suggested by the family$/);
    await waitFor(() => expect(within(group).getByRole('radio', { name: /HIAS/ })).toBeChecked());
  });

  it('says how many charities a long list holds, as it scrolls within its box', async () => {
    server.use(http.get('/api/charities', () => HttpResponse.json(manyCharities)));
    await openGiftForm(choice);
    expect(await screen.findByText('6 charities: scroll the list for more.')).toBeInTheDocument();
  });

  it('shows no Details for a preferred charity the list no longer holds, only its name', async () => {
    server.use(http.get('/api/charities', () => HttpResponse.json([])));
    await openGiftForm({ preferredCharity: { id: 'c-9', name: 'Old Partner Fund' }, preferredCharityId: 'c-9' });
    const group = charityGroup('Supporting Charity');
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Old Partner Fund' })).toBeChecked());
    expect(within(group).queryByRole('button', { name: /Details/ })).not.toBeInTheDocument();
  });
});

describe('the submit button says what is missing', () => {
  it('names the charity and the amount until both are given, then the payment with its amount', async () => {
    const { user } = await openGiftForm(choice);
    const group = charityGroup();
    await waitFor(() => expect(within(group).getAllByRole('radio')).toHaveLength(2));

    expect(screen.getByRole('button', { name: 'Choose a charity and enter an amount' })).toBeDisabled();
    await user.click(within(group).getByRole('radio', { name: /Tikkun Civil Rights Project/ }));
    expect(screen.getByRole('button', { name: 'Enter an amount' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '$36.00' }));
    expect(screen.getByRole('button', { name: 'Proceed to Payment - $36.00' })).toBeEnabled();

    await user.clear(screen.getByLabelText('Custom Amount'));
    expect(screen.getByRole('button', { name: 'Enter an amount' })).toBeDisabled();
  });

  it('asks only for the charity once an amount is in', async () => {
    const { user } = await openGiftForm(choice);
    await waitFor(() => expect(within(charityGroup()).getAllByRole('radio')).toHaveLength(2));
    await fillIn(user, screen.getByLabelText('Custom Amount'), '50');
    expect(screen.getByRole('button', { name: 'Choose a charity' })).toBeDisabled();
  });

  it('asks only for an amount when the family’s one charity is already chosen', async () => {
    await openGiftForm();
    expect(await screen.findByRole('button', { name: 'Enter an amount' })).toBeDisabled();
  });
});
