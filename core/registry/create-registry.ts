import type { User } from '../model/user';
import { isDomainError } from '../errors';
import type { CharityRepository } from '../ports/charity-repository';
import type { RegistryRepository } from '../ports/registry-repository';
import type { PhotoStore } from '../ports/photo-store';
import { refuseUnknownFields, validate } from '../validate';
import { celebrationDay } from './celebration-date';
import { requireSignedIn } from '../access/registry-access';
import { createRegistrySchema } from './registry-schemas';
import type { Registry } from '../model/registry';
import { resolveCharityChoice } from './charity-choice';
import { photoUrlOrNull } from './photo-url';
import { DEFAULT_CELEBRATION_TYPE } from '../model/celebration-title';
import { DEFAULT_HEBREW_CALENDAR } from '../model/hebrew-calendar';
import { DEFAULT_PHOTO_FOCUS } from '../model/photo-focus';

const FIELDS = [
  'childName',
  'celebrationType',
  'celebrationDate',
  'hebrewCalendar',
  'currency',
  'personalMessage',
  'photoUrl',
  'photoFocusX',
  'photoFocusY',
  'preferredCharityId',
  'allowCharityChoice',
  'unlisted',
];
const SHORT_CODE_ATTEMPTS = 5;

export async function createRegistry(
  actor: User | null,
  input: unknown,
  ports: {
    registries: RegistryRepository;
    charities: CharityRepository;
    photos: PhotoStore;
    newShortCode: () => string;
  },
): Promise<Registry> {
  const owner = requireSignedIn(actor);
  refuseUnknownFields(input, FIELDS);
  const valid = await validate(createRegistrySchema, input);
  const choice = await resolveCharityChoice(valid.preferredCharityId, valid.allowCharityChoice, ports.charities);
  const fields = {
    userId: owner.id,
    childName: valid.childName,
    celebrationType: valid.celebrationType ?? DEFAULT_CELEBRATION_TYPE,
    celebrationDate: celebrationDay(valid.celebrationDate),
    hebrewCalendar: valid.hebrewCalendar ?? DEFAULT_HEBREW_CALENDAR,
    personalMessage: valid.personalMessage?.trim() || null,
    photoUrl: await photoUrlOrNull(valid.photoUrl, ports.photos),
    photoFocusX: valid.photoFocusX ?? DEFAULT_PHOTO_FOCUS.photoFocusX,
    photoFocusY: valid.photoFocusY ?? DEFAULT_PHOTO_FOCUS.photoFocusY,
    currency: valid.currency ?? 'USD',
    unlisted: valid.unlisted ?? false,
    ...choice,
  };
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await ports.registries.create({ ...fields, shortCode: ports.newShortCode() });
    } catch (error) {
      // 31^8 codes make a clash rare; a few fresh draws make a failure practically impossible.
      if (!(isDomainError(error) && error.code === 'registry.short_code_taken' && attempt < SHORT_CODE_ATTEMPTS)) throw error;
    }
  }
}
