import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OwnerRegistryView } from '@api/registries';
import { member, server, signInAs } from './msw-server';
import { fillIn, ownerToolsLoaded, renderApp } from './render-app';
import { aMyRegistry, anOwnerRegistry, aRegistry, aSearchResult, REGISTRY_ID, serveRegistry } from './registry-fixtures';

/** Issue 22: the family sets a focal point on the photo, and every crop of it keeps the point. */

/** The photo's box as a browser would lay it out: 200 × 300 px at (100, 50). jsdom lays out nothing. */
function layOut(photo: HTMLElement) {
  photo.getBoundingClientRect = () => ({
    x: 100,
    y: 50,
    left: 100,
    top: 50,
    width: 200,
    height: 300,
    right: 300,
    bottom: 350,
    toJSON: () => ({}),
  });
}

async function openEditDialog(overrides: Partial<OwnerRegistryView> = {}) {
  signInAs(member);
  const bodies: Record<string, unknown>[] = [];
  const registry = anOwnerRegistry({ photoFocusX: 50, photoFocusY: 50, ...overrides });
  serveRegistry(registry);
  server.use(
    http.put('/api/registries/:id', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return HttpResponse.json({ ...registry, ...body, celebrationDate: registry.celebrationDate });
    }),
  );
  const app = renderApp(`/registry/${REGISTRY_ID}`);
  await screen.findByRole('heading', { level: 1, name: "Noah's Bar/Bat Mitzvah" });
  await ownerToolsLoaded();
  await app.user.click(screen.getByRole('button', { name: 'Edit Registry' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Edit Registry' }));
  return { ...app, dialog, bodies };
}

const banner = () => screen.getByRole('img', { name: 'Photo of Noah' });

describe('the focal point on the photo', () => {
  // The owner's tools are their own chunk, which the first test to open them would compile
  // within its own time: compiled here instead.
  beforeAll(async () => {
    await import('../../web/src/features/registries/components/owner-tools');
  }, 60_000);

  it('is a named slider on the preview that the arrow keys move, and saving sends it', async () => {
    const { user, dialog, bodies } = await openEditDialog({ photoFocusX: 5, photoFocusY: 35 });
    const point = dialog.getByRole('slider', { name: 'Focal point' });
    expect(point).toHaveAttribute('aria-valuetext', '5% across, 35% down');
    expect(point).toHaveAccessibleDescription(/Drag the point onto what every crop of the photo should keep/);
    expect(dialog.getByText('Focal point: 5% across, 35% down.')).toBeInTheDocument();

    point.focus();
    await user.keyboard('{ArrowUp}');
    expect(point).toHaveAttribute('aria-valuetext', '5% across, 30% down');
    // The point stays on the photo.
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(point).toHaveAttribute('aria-valuetext', '0% across, 30% down');
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(point).toHaveAttribute('aria-valuetext', '1% across, 30% down');
    expect(dialog.getByText('Focal point: 1% across, 30% down.')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ photoUrl: '/uploads/noah.jpg', photoFocusX: 1, photoFocusY: 30 });
  });

  it('follows the pointer pressed and dragged on the photo, and saving sends where it was let go', async () => {
    const { user, dialog, bodies } = await openEditDialog({ photoFocusX: 40, photoFocusY: 60 });
    const point = dialog.getByRole('slider', { name: 'Focal point' });
    expect(point).toHaveAttribute('aria-valuetext', '40% across, 60% down');
    const photo = dialog.getByRole('img', { name: 'Photo of Noah' });
    layOut(photo);

    // Pressed at a quarter across and a tenth down, dragged to half across and a fifth down.
    await user.pointer([
      { keys: '[MouseLeft>]', target: photo, coords: { clientX: 150, clientY: 80 } },
      { target: photo, coords: { clientX: 200, clientY: 110 } },
      { keys: '[/MouseLeft]', target: photo, coords: { clientX: 200, clientY: 110 } },
    ]);
    expect(point).toHaveAttribute('aria-valuetext', '50% across, 20% down');
    expect(point).toHaveFocus();
    // Moving over the photo after letting go moves nothing.
    await user.pointer({ target: photo, coords: { clientX: 290, clientY: 340 } });
    expect(point).toHaveAttribute('aria-valuetext', '50% across, 20% down');

    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ photoFocusX: 50, photoFocusY: 20 });
    // The page's banner crops the saved photo around the new point.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(banner()).toHaveStyle({ objectPosition: '50% 20%' });
  });

  it('starts centred on a new photo, and is sent with the photo when the registry is created', async () => {
    signInAs(member);
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/objects/upload', () => HttpResponse.json({ photoUrl: '/uploads/new.jpg' })),
      http.post('/api/registries', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        const created = anOwnerRegistry({ ...(body as Partial<OwnerRegistryView>), celebrationDate: '2030-03-14T00:00:00.000Z' });
        serveRegistry(created);
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    const { user } = renderApp('/create-registry');
    await screen.findByRole('heading', { level: 1, name: 'Create Your Registry' });
    await fillIn(user, screen.getByLabelText(/^Child's Name/), 'Noah');
    await fillIn(user, screen.getByLabelText(/^Celebration Date/), '2030-03-14');
    expect(screen.queryByRole('slider', { name: 'Focal point' })).not.toBeInTheDocument();
    await user.upload(
      screen.getByLabelText('Photo (optional)', { selector: 'input' }),
      new File(['img'], 'noah.jpg', { type: 'image/jpeg' }),
    );
    const point = await screen.findByRole('slider', { name: 'Focal point' });
    expect(point).toHaveAttribute('aria-valuetext', '50% across, 50% down');
    point.focus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(point).toHaveAttribute('aria-valuetext', '50% across, 40% down');
    // The banner-shaped preview crops as the registry page will.
    const preview = screen.getByText('As the registry page’s banner shows it').closest('figure')!.querySelector('img')!;
    expect(preview).toHaveStyle({ objectPosition: '50% 40%' });

    await user.click(screen.getByRole('button', { name: 'Create Registry' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ photoUrl: '/uploads/new.jpg', photoFocusX: 50, photoFocusY: 40 });
  });

  it('is not sent once the photo is removed', async () => {
    const { user, dialog, bodies } = await openEditDialog({ photoFocusX: 10, photoFocusY: 10 });
    await user.click(dialog.getByRole('button', { name: 'Remove photo' }));
    expect(dialog.queryByRole('slider', { name: 'Focal point' })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toHaveProperty('photoFocusX');
    expect(bodies[0]).not.toHaveProperty('photoFocusY');
  });
});

describe('every crop of the photo keeps the point', () => {
  it('centres the registry page’s banner on it', async () => {
    serveRegistry(aRegistry({ photoFocusX: 35, photoFocusY: 12 }));
    renderApp(`/registry/${REGISTRY_ID}`);
    await screen.findByRole('heading', { level: 1, name: "Noah's Bar/Bat Mitzvah" });
    expect(banner()).toHaveStyle({ objectFit: 'cover', objectPosition: '35% 12%' });
  });

  it('centres the cards of the landing page and of the dashboard on it', async () => {
    server.use(
      http.get('/api/registries/recent', () =>
        HttpResponse.json([aSearchResult({ photoUrl: '/uploads/noah.jpg', photoFocusX: 60, photoFocusY: 15 })]),
      ),
    );
    const landing = renderApp('/');
    expect(await screen.findByRole('img', { name: 'Photo of Noah' })).toHaveStyle({ objectPosition: '60% 15%' });
    landing.unmount();

    signInAs(member);
    server.use(
      http.get('/api/registries/my', () =>
        HttpResponse.json([aMyRegistry({ photoUrl: '/uploads/noah.jpg', photoFocusX: 25, photoFocusY: 5 })]),
      ),
    );
    renderApp('/');
    expect(await screen.findByRole('img', { name: 'Photo of Noah' })).toHaveStyle({ objectPosition: '25% 5%' });
  });
});
