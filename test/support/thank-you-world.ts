import { createThankYouService } from '@core/thank-you/thank-you-service';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { InMemoryPhotoStore } from '../../adapters/in-memory/in-memory-photo-store';
import type { Clock } from '@core/ports/clock';
import type { NewUser } from '@core/model/user';
import { aNewUser } from './builders';

/**
 * The thank-you cards' use cases built as bootstrap builds them, over in-memory fakes, with the
 * registry's owner to be. A test may bring its own clock, to send one card after another.
 */
export async function thankYouWorld(options: { clock?: Clock; owner?: Partial<NewUser> } = {}) {
  const repositories = createInMemoryRepositories();
  const clock = options.clock ?? new FixedClock();
  const photos = new InMemoryPhotoStore();
  const thankYou = createThankYouService({ repositories, photos, clock, appUrl: 'https://gifts.example.org' });
  const owner = await repositories.users.create(aNewUser(options.owner));
  return { repositories, clock, photos, thankYou, owner };
}
