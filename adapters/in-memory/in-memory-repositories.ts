import type { Repositories, UnitOfWork } from '../../core/ports/repositories';
import { InMemoryCharityRepository } from './in-memory-charity-repository';
import { InMemoryGiftRepository } from './in-memory-gift-repository';
import { InMemoryThankYouNoteRepository } from './in-memory-thank-you-note-repository';
import { InMemoryMailQueue } from './in-memory-mail-queue';
import { InMemoryRegistryRepository } from './in-memory-registry-repository';
import { InMemorySessionRepository } from './in-memory-session-repository';
import { InMemoryUserRepository } from './in-memory-user-repository';

/** Fakes of every repository, for tests only; they pass the same contract suite as MikroORM's. */
export function createInMemoryRepositories() {
  const repositories = {
    users: new InMemoryUserRepository(),
    sessions: new InMemorySessionRepository(),
    charities: new InMemoryCharityRepository(),
    registries: new InMemoryRegistryRepository(),
    gifts: new InMemoryGiftRepository(),
    thankYouNotes: new InMemoryThankYouNoteRepository(),
    mail: new InMemoryMailQueue(),
  };
  repositories.registries.onDelete = (registryId) => {
    const giftIds = [...repositories.gifts.rows.values()].filter((gift) => gift.registryId === registryId).map((gift) => gift.id);
    repositories.gifts.deleteByRegistry(registryId);
    repositories.thankYouNotes.deleteByGiftIds(giftIds);
  };
  const tables = Object.values(repositories) as { rows: Map<string, unknown> }[];
  let queue: Promise<unknown> = Promise.resolve();
  const unitOfWork: UnitOfWork = {
    // Transactions run one at a time, and a failed one puts every table back as it was.
    transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
      const run = queue.then(async () => {
        const snapshot = tables.map((table) => new Map(table.rows));
        try {
          return await work(repositories);
        } catch (error) {
          tables.forEach((table, index) => {
            table.rows = snapshot[index] as Map<string, unknown>;
          });
          throw error;
        }
      });
      queue = run.catch(() => undefined);
      return run;
    },
  };
  return { ...repositories, ...unitOfWork } satisfies Repositories & UnitOfWork;
}
