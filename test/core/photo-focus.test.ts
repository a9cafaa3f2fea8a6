import { describe, expect, it } from 'vitest';
import { isDomainError } from '@core/errors';
import { photoFocusAfterEdit, photoObjectPosition } from '@core/model/photo-focus';
import { registryWorld } from '../support/registry-world';

const PHOTO = '/uploads/0b7c6c2e-4a1f-4e55-9d0a-1f3b2c4d5e6f-600x900.jpg';
const OTHER_PHOTO = '/uploads/1c8d7d3f-5b2a-4f66-8e1b-2a4c3d5e6f70-600x900.jpg';

async function world() {
  const { repositories, photos, registries, owner } = await registryWorld();
  for (const url of [PHOTO, OTHER_PHOTO])
    await photos.save(url.slice('/uploads/'.length), new Uint8Array([0xff, 0xd8, 0xff]), 'image/jpeg');
  const open = (fields: Record<string, unknown> = {}) =>
    registries.create(owner, {
      childName: 'Ilana Stern',
      celebrationDate: '2030-05-16',
      photoUrl: PHOTO,
      preferredCharityId: '',
      allowCharityChoice: true,
      ...fields,
    });
  const edit = (id: string, fields: Record<string, unknown> = {}) =>
    registries.update(owner, id, {
      childName: 'Ilana Stern',
      celebrationDate: '2030-05-16',
      personalMessage: '',
      photoUrl: PHOTO,
      ...fields,
    });
  return { repositories, photos, open, edit };
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isDomainError(error)) return { code: error.code, message: error.message, fields: error.fields };
    throw error;
  }
  throw new Error('Expected a refusal');
}

describe('a registry photo’s focal point', () => {
  it('is stored as the family set it, or the centre when they set none', async () => {
    const { open } = await world();
    expect(await open({ photoFocusX: 30, photoFocusY: 15 })).toMatchObject({ photoFocusX: 30, photoFocusY: 15 });
    expect(await open()).toMatchObject({ photoFocusX: 50, photoFocusY: 50 });
  });

  it('moves on an edit, stays through an edit that leaves it out, and centres on a new photo', async () => {
    const { open, edit } = await world();
    const registry = await open({ photoFocusX: 30, photoFocusY: 15 });
    expect(await edit(registry.id, { photoFocusX: 70 })).toMatchObject({ photoFocusX: 70, photoFocusY: 15 });
    expect(await edit(registry.id)).toMatchObject({ photoFocusX: 70, photoFocusY: 15 });
    expect(await edit(registry.id, { photoUrl: OTHER_PHOTO })).toMatchObject({ photoFocusX: 50, photoFocusY: 50 });
    expect(await edit(registry.id, { photoUrl: OTHER_PHOTO, photoFocusY: 5 })).toMatchObject({ photoFocusX: 50, photoFocusY: 5 });
  });

  it.each([-1, 101, 12.5, Number.NaN, null, '40'])('refuses %j as an axis, and changes nothing', async (bad) => {
    const { repositories, open, edit } = await world();
    const registry = await open({ photoFocusX: 30, photoFocusY: 15 });
    const refused = await refusal(edit(registry.id, { childName: 'Changed', photoFocusY: bad }));
    expect(refused.code).toBe('validation.failed');
    expect(refused.fields).toHaveProperty('photoFocusY');
    expect(await repositories.registries.findById(registry.id)).toMatchObject({
      childName: 'Ilana Stern',
      photoFocusX: 30,
      photoFocusY: 15,
    });
    expect((await refusal(open({ photoFocusX: bad }))).fields).toHaveProperty('photoFocusX');
  });

  it('keeps the old point only for the same photo', () => {
    const before = { photoUrl: PHOTO, photoFocusX: 20, photoFocusY: 80 };
    expect(photoFocusAfterEdit({}, before, PHOTO)).toEqual({ photoFocusX: 20, photoFocusY: 80 });
    expect(photoFocusAfterEdit({}, before, null)).toEqual({ photoFocusX: 50, photoFocusY: 50 });
    expect(photoFocusAfterEdit({ photoFocusX: 0 }, before, PHOTO)).toEqual({ photoFocusX: 0, photoFocusY: 80 });
  });

  it('is the CSS object-position every crop uses', () => {
    expect(photoObjectPosition({ photoFocusX: 50, photoFocusY: 20 })).toBe('50% 20%');
  });
});

describe('a registry’s photo address', () => {
  it('is refused when no photo was uploaded there, and nothing changes', async () => {
    const { repositories, open, edit } = await world();
    const nowhere = '/uploads/2d9e8e4a-6c3b-4a77-9f2c-3b5d4e6f7081-600x900.jpg';
    const refused = {
      code: 'validation.failed',
      message: 'Upload the photo here first',
      fields: { photoUrl: 'No photo was uploaded at this address' },
    };
    expect(await refusal(open({ photoUrl: nowhere }))).toEqual(refused);
    const registry = await open();
    expect(await refusal(edit(registry.id, { photoUrl: nowhere, childName: 'Someone Else' }))).toEqual(refused);
    expect(await repositories.registries.findById(registry.id)).toMatchObject({ childName: 'Ilana Stern', photoUrl: PHOTO });
  });

  it('is kept through an edit of the other fields, even once its photo is gone', async () => {
    const { photos, open, edit } = await world();
    const registry = await open();
    photos.photos.clear();
    expect(await edit(registry.id, { childName: 'Ilana Rose Stern' })).toMatchObject({ childName: 'Ilana Rose Stern', photoUrl: PHOTO });
  });
});
