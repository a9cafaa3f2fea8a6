import type { User } from '../model/user';
import type { PhotoStore } from '../ports/photo-store';
import type { RegistryRepository } from '../ports/registry-repository';
import { refuseUnknownFields, validate } from '../validate';
import { celebrationDay } from './celebration-date';
import { photoFocusAfterEdit } from '../model/photo-focus';
import { photoUrlOrNull } from './photo-url';
import { requireManager } from '../access/registry-access';
import { editRegistrySchema } from './registry-schemas';
import type { Registry } from '../model/registry';
import { registryNotFound } from '../access/registry-not-found';

export async function updateRegistry(
  actor: User | null,
  id: string,
  input: unknown,
  ports: { registries: RegistryRepository; photos: PhotoStore },
): Promise<Registry> {
  const registry = await ports.registries.findById(id);
  if (!registry) throw registryNotFound();
  requireManager(registry, actor);
  refuseUnknownFields(input, [
    'childName',
    'celebrationType',
    'celebrationDate',
    'hebrewCalendar',
    'personalMessage',
    'photoUrl',
    'photoFocusX',
    'photoFocusY',
    'unlisted',
  ]);
  const valid = await validate(editRegistrySchema, input);
  const photoUrl = await photoUrlOrNull(valid.photoUrl, ports.photos, registry.photoUrl);
  return ports.registries.update(registry.id, {
    childName: valid.childName,
    celebrationDate: celebrationDay(valid.celebrationDate),
    personalMessage: valid.personalMessage?.trim() || null,
    photoUrl,
    ...photoFocusAfterEdit(valid, registry, photoUrl),
    ...(valid.unlisted === undefined ? {} : { unlisted: valid.unlisted }),
    ...(valid.celebrationType === undefined ? {} : { celebrationType: valid.celebrationType }),
    ...(valid.hebrewCalendar === undefined ? {} : { hebrewCalendar: valid.hebrewCalendar }),
  });
}
