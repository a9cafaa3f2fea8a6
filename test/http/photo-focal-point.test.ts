import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { pngBytes } from '../support/images';
import { aRegistryBody } from '../support/registries';
import { startTestServer, type TestServer } from '../support/test-server';

/** Issue 22: the family sets a focal point on the registry's photo, and every crop keeps it. */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function uploaded(client: HttpClient): Promise<string> {
  const response = await client.upload('/api/objects/upload', {
    bytes: await pngBytes({ width: 60, height: 90 }),
    name: 'portrait.png',
    type: 'image/png',
  });
  expect(response.status, response.text).toBe(201);
  return response.json.photoUrl as string;
}

async function aFamilyWithAPhoto(focus: Record<string, unknown> = {}) {
  const { client } = await signedIn(server);
  const photoUrl = await uploaded(client);
  const created = await client.post(
    '/api/registries',
    aRegistryBody({ childName: `Focus ${Math.random().toString(36).slice(2, 8)}`, photoUrl, ...focus }),
  );
  expect(created.status, created.text).toBe(201);
  return {
    client,
    photoUrl,
    registry: created.json as unknown as { id: string; shortCode: string; childName: string } & Record<string, unknown>,
  };
}

const focusOf = (view: Record<string, unknown>) => ({ photoFocusX: view.photoFocusX, photoFocusY: view.photoFocusY });

describe('the photo’s focal point', () => {
  it('is kept as given when the registry opens, and every answer a guest page reads carries it', async () => {
    const { client, registry } = await aFamilyWithAPhoto({ photoFocusX: 45, photoFocusY: 20 });
    expect(focusOf(registry)).toEqual({ photoFocusX: 45, photoFocusY: 20 });

    const guest = new HttpClient(server.url);
    expect(focusOf((await guest.get(`/api/registries/${registry.id}`)).json)).toEqual({ photoFocusX: 45, photoFocusY: 20 });
    expect(focusOf((await guest.get(`/api/short-links/${registry.shortCode}`)).json)).toEqual({ photoFocusX: 45, photoFocusY: 20 });
    const search = (await guest.get(`/api/registries/search?q=${encodeURIComponent(registry.childName)}`)).json as unknown as Record<
      string,
      unknown
    >[];
    expect(search.map(focusOf)).toEqual([{ photoFocusX: 45, photoFocusY: 20 }]);
    const recent = (await guest.get('/api/registries/recent')).json as unknown as Record<string, unknown>[];
    expect(focusOf(recent.find((card) => card.id === registry.id)!)).toEqual({ photoFocusX: 45, photoFocusY: 20 });
    const mine = (await client.get('/api/registries/my')).json as unknown as Record<string, unknown>[];
    expect(mine.map(focusOf)).toEqual([{ photoFocusX: 45, photoFocusY: 20 }]);
  });

  it('is the photo’s centre when the family sets none, and on a registry without a photo', async () => {
    const { registry } = await aFamilyWithAPhoto();
    expect(focusOf(registry)).toEqual({ photoFocusX: 50, photoFocusY: 50 });
    const { client } = await signedIn(server);
    const plain = await client.post('/api/registries', aRegistryBody());
    expect(focusOf(plain.json)).toEqual({ photoFocusX: 50, photoFocusY: 50 });
  });

  it('moves for an existing photo, stays when an edit leaves it out, and centres on a new photo', async () => {
    const { client, photoUrl, registry } = await aFamilyWithAPhoto();
    const edit = { childName: registry.childName, celebrationDate: '2027-05-16', personalMessage: '', photoUrl };
    const moved = await client.call('PUT', `/api/registries/${registry.id}`, { ...edit, photoFocusX: 0, photoFocusY: 100 });
    expect(moved.status, moved.text).toBe(200);
    expect(focusOf(moved.json)).toEqual({ photoFocusX: 0, photoFocusY: 100 });

    const kept = await client.call('PUT', `/api/registries/${registry.id}`, { ...edit, personalMessage: 'See you there' });
    expect(focusOf(kept.json)).toEqual({ photoFocusX: 0, photoFocusY: 100 });

    // The old point says nothing about another photo.
    const replaced = await client.call('PUT', `/api/registries/${registry.id}`, { ...edit, photoUrl: await uploaded(client) });
    expect(focusOf(replaced.json)).toEqual({ photoFocusX: 50, photoFocusY: 50 });
  });

  it.each([
    ['below 0', { photoFocusX: -1 }, 'photoFocusX', 'Focal point across must be a whole number from 0 to 100'],
    ['above 100', { photoFocusY: 101 }, 'photoFocusY', 'Focal point down must be a whole number from 0 to 100'],
    ['a fraction', { photoFocusX: 33.5 }, 'photoFocusX', 'Focal point across must be a whole number from 0 to 100'],
    ['text', { photoFocusY: '30' }, 'photoFocusY', 'photoFocusY: Must be a number'],
    ['null', { photoFocusX: null }, 'photoFocusX', 'Focal point across must be a whole number from 0 to 100'],
  ])('refuses a point %s with a clear 400, and changes nothing', async (_label, focus, field, message) => {
    const { client, photoUrl, registry } = await aFamilyWithAPhoto({ photoFocusX: 40, photoFocusY: 25 });
    const edit = {
      childName: 'Someone Else',
      celebrationDate: '2027-05-16',
      personalMessage: '',
      photoUrl,
      photoFocusX: 10,
      photoFocusY: 10,
      ...focus,
    };
    const refused = await client.call('PUT', `/api/registries/${registry.id}`, edit);
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe(message);
    expect((refused.json.errors as Record<string, string>)[field]).toBeTruthy();
    const after = (await client.get(`/api/registries/${registry.id}`)).json;
    expect(after).toMatchObject({ childName: registry.childName, photoFocusX: 40, photoFocusY: 25 });

    const created = await client.post('/api/registries', aRegistryBody({ photoUrl, ...focus }));
    expect(created.status).toBe(400);
    expect(created.json.message).toBe(message);
    expect(((await client.get('/api/registries/my')).json as unknown as unknown[]).length).toBe(1);
  });
});
