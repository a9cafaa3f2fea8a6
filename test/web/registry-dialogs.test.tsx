import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../web/src/app/providers';
import type { OwnerRegistryView } from '@api/registries';
import { DeleteRegistryDialog } from '../../web/src/features/registries/components/delete-registry-dialog';
import { member, server, signInAs } from './msw-server';
import { renderApp, toastRegion, ownerToolsLoaded, fillIn } from './render-app';
import { anOwnerRegistry, REGISTRY_ID, serveRegistry } from './registry-fixtures';

async function openAsOwner(overrides: Partial<OwnerRegistryView> = {}) {
  signInAs(member);
  const registry = anOwnerRegistry(overrides);
  serveRegistry(registry);
  const app = renderApp(`/registry/${REGISTRY_ID}`);
  await screen.findByRole('heading', { level: 1, name: "Noah's Bar/Bat Mitzvah" });
  await ownerToolsLoaded();
  return { ...app, registry };
}

describe('Edit Registry dialog', () => {
  it('is prefilled, checks the required fields and PUTs the four fields and whether it is unlisted', async () => {
    const bodies: unknown[] = [];
    const { user, registry } = await openAsOwner();
    server.use(
      http.put('/api/registries/:id', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json({ ...registry, ...body });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Edit Registry' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Registry' }));
    const name = dialog.getByLabelText(/^Child's Name/);
    expect(name).toHaveValue('Noah');
    expect(name).toHaveFocus();
    expect(dialog.getByLabelText(/^Celebration Date/)).toHaveValue('2030-03-14');
    expect(dialog.getByLabelText(/^Personal Message/)).toHaveValue('Thank you for celebrating with us!');
    expect(dialog.getByRole('img', { name: 'Photo of Noah' })).toHaveAttribute('src', '/uploads/noah.jpg');

    await user.clear(name);
    await user.clear(dialog.getByLabelText(/^Celebration Date/));
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog.findByText("Child's name is required")).toBeInTheDocument();
    expect(dialog.getByText('Celebration date is required')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await fillIn(user, name, 'Noa');
    await fillIn(user, dialog.getByLabelText(/^Celebration Date/), '2030-06-01');
    await user.clear(dialog.getByLabelText(/^Personal Message/));
    await user.click(dialog.getByRole('button', { name: 'Remove photo' }));
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      childName: 'Noa',
      celebrationType: 'unspecified',
      celebrationDate: '2030-06-01T00:00:00.000Z',
      hebrewCalendar: 'diaspora',
      personalMessage: '',
      photoUrl: null,
      unlisted: false,
    });
    expect(await screen.findByRole('heading', { level: 1, name: "Noa's Bar/Bat Mitzvah" })).toBeInTheDocument();
    expect(screen.getByText('Jun 1, 2030')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('unlists a listed registry, after which its page shows the owner an "Unlisted" chip, and lists it again', async () => {
    const bodies: Record<string, unknown>[] = [];
    const { user, registry } = await openAsOwner();
    expect(screen.queryByText('Unlisted')).not.toBeInTheDocument();
    let current = registry;
    server.use(
      http.put('/api/registries/:id', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        current = { ...current, ...body } as OwnerRegistryView;
        return HttpResponse.json(current);
      }),
      http.get(`/api/registries/${REGISTRY_ID}`, () => HttpResponse.json(current)),
    );

    await user.click(screen.getByRole('button', { name: 'Edit Registry' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Edit Registry' }));
    const box = dialog.getByRole('checkbox', { name: 'Keep this registry unlisted' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/never appears in search/);
    await user.click(box);
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ unlisted: true });
    // The chip is its own chunk (only owners see it): its first load in a file compiles it.
    expect(await screen.findByText('Unlisted', {}, { timeout: 15_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit Registry' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Edit Registry' }));
    expect(dialog.getByRole('checkbox', { name: 'Keep this registry unlisted' })).toBeChecked();
    await user.click(dialog.getByRole('checkbox', { name: 'Keep this registry unlisted' }));
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ unlisted: false });
    await waitFor(() => expect(screen.queryByText('Unlisted')).not.toBeInTheDocument());
  });

  it('falls back to "Failed to update registry" when the server says nothing useful', async () => {
    const { user } = await openAsOwner();
    server.use(http.put('/api/registries/:id', () => new HttpResponse(null, { status: 500 })));
    await user.click(screen.getByRole('button', { name: 'Edit Registry' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Registry' }));
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await within(toastRegion()).findByText('Failed to update registry')).toBeInTheDocument();
    // The dialog stays open with the values kept.
    expect(dialog.getByLabelText(/^Child's Name/)).toHaveValue('Noah');
  });

  it("shows the server's message when there is one", async () => {
    const { user } = await openAsOwner();
    server.use(
      http.put('/api/registries/:id', () => HttpResponse.json({ message: 'Only the registry’s owner can do that' }, { status: 403 })),
    );
    await user.click(screen.getByRole('button', { name: 'Edit Registry' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Registry' }));
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await within(toastRegion()).findByText('Only the registry’s owner can do that')).toBeInTheDocument();
  });
});

describe('Change Currency dialog', () => {
  it('keeps Update disabled until another currency is chosen, warns about the bank country, then PATCHes it', async () => {
    const bodies: unknown[] = [];
    const { user } = await openAsOwner();
    server.use(
      http.patch('/api/registries/:id/currency', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'Currency updated to CAD', currency: 'CAD' });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Change Currency' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change Currency' }));
    expect(dialog.getByRole('radio', { name: 'USD (United States)' })).toBeChecked();
    expect(dialog.getByText(/bank account in the United States for USD, or in Canada for CAD/)).toBeInTheDocument();
    const update = dialog.getByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();

    await user.click(dialog.getByRole('radio', { name: 'CAD (Canada)' }));
    expect(update).toBeEnabled();
    await user.click(dialog.getByRole('radio', { name: 'USD (United States)' }));
    expect(update).toBeDisabled();
    await user.click(dialog.getByRole('radio', { name: 'CAD (Canada)' }));
    await user.click(update);

    await waitFor(() => expect(bodies).toEqual([{ currency: 'CAD' }]));
    expect(await within(toastRegion()).findByText('Currency updated to CAD')).toBeInTheDocument();
    expect(await screen.findByText('Currency: CAD (Canada)')).toBeInTheDocument();
  });

  it('shows the server reason of a 409 in a "Cannot change currency" toast', async () => {
    const { user } = await openAsOwner();
    server.use(
      http.patch('/api/registries/:id/currency', () =>
        HttpResponse.json({ message: 'You can’t change the currency after receiving contributions' }, { status: 409 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Change Currency' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change Currency' }));
    await user.click(dialog.getByRole('radio', { name: 'CAD (Canada)' }));
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    const toast = within(toastRegion());
    expect(await toast.findByText('Cannot change currency')).toBeInTheDocument();
    expect(toast.getByText('You can’t change the currency after receiving contributions')).toBeInTheDocument();
  });

  it('falls back to "Unable to change currency. Please try again." without a server message', async () => {
    const { user } = await openAsOwner();
    server.use(http.patch('/api/registries/:id/currency', () => new HttpResponse('', { status: 502 })));
    await user.click(screen.getByRole('button', { name: 'Change Currency' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change Currency' }));
    await user.click(dialog.getByRole('radio', { name: 'CAD (Canada)' }));
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    expect(await within(toastRegion()).findByText('Unable to change currency. Please try again.')).toBeInTheDocument();
  });
});

describe('Delete Registry dialog', () => {
  it('warns, deletes and goes to /', async () => {
    let deleted = false;
    const { user } = await openAsOwner();
    server.use(
      http.delete('/api/registries/:id', ({ params }) => {
        deleted = params.id === REGISTRY_ID;
        return HttpResponse.json({ message: 'Registry deleted' });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Delete Registry' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Registry?' }));
    expect(dialog.getByText(/This cannot be undone\. A registry that has received gifts cannot be deleted\./)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(dialog.getByRole('button', { name: 'Delete Registry' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Sarah!' })).toBeInTheDocument();
    expect(deleted).toBe(true);
  });

  it('shows the server reason in a "Cannot delete registry" toast', async () => {
    const { user } = await openAsOwner();
    server.use(
      http.delete('/api/registries/:id', () =>
        HttpResponse.json({ message: 'You can’t delete the registry after receiving contributions' }, { status: 409 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Delete Registry' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Registry?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete Registry' }));
    const toast = within(toastRegion());
    expect(await toast.findByText('Cannot delete registry')).toBeInTheDocument();
    expect(toast.getByText('You can’t delete the registry after receiving contributions')).toBeInTheDocument();
  });

  it('falls back to "Unable to delete registry. Please try again."', async () => {
    const { user } = await openAsOwner();
    server.use(http.delete('/api/registries/:id', () => new HttpResponse(null, { status: 500 })));
    await user.click(screen.getByRole('button', { name: 'Delete Registry' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Registry?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete Registry' }));
    expect(await within(toastRegion()).findByText('Unable to delete registry. Please try again.')).toBeInTheDocument();
  });

  it('keeps the confirm button disabled when the registry has gifts', async () => {
    signInAs(member);
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter>
          <AppProviders>
            <Routes>
              <Route
                index
                element={
                  <DeleteRegistryDialog
                    registryId={REGISTRY_ID}
                    childName="Noah"
                    celebrationType="unspecified"
                    hasGifts
                    open
                    onClose={() => {}}
                  />
                }
              />
            </Routes>
          </AppProviders>
        </MemoryRouter>
      </SWRConfig>,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Registry?' }));
    expect(dialog.getByRole('button', { name: 'Delete Registry' })).toBeDisabled();
    expect(dialog.getByText('This registry has received gifts, so it cannot be deleted.')).toBeInTheDocument();
    await userEvent.setup().click(dialog.getByRole('button', { name: 'Cancel' }));
  });
});
