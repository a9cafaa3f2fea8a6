import type { Repositories, UnitOfWork } from '../../../core/ports/repositories';
import type { Orm } from '../orm';
import type { EntityManagerSource } from './entity-manager-source';
import { MikroOrmAuditTrail } from './mikro-orm-audit-trail';
import { MikroOrmCharityPayoutRepository } from './mikro-orm-charity-payout-repository';
import { MikroOrmCharityRepository } from './mikro-orm-charity-repository';
import { MikroOrmGiftRepository } from './mikro-orm-gift-repository';
import { MikroOrmThankYouNoteRepository } from './mikro-orm-thank-you-note-repository';
import { MikroOrmRegistryRepository } from './mikro-orm-registry-repository';
import { MikroOrmSessionRepository } from './mikro-orm-session-repository';
import { MikroOrmUserRepository } from './mikro-orm-user-repository';
import { createMailQueue } from '../mail-queue';

function repositoriesOn(em: EntityManagerSource): Repositories {
  return {
    users: new MikroOrmUserRepository(em),
    sessions: new MikroOrmSessionRepository(em),
    charities: new MikroOrmCharityRepository(em),
    registries: new MikroOrmRegistryRepository(em),
    gifts: new MikroOrmGiftRepository(em),
    thankYouNotes: new MikroOrmThankYouNoteRepository(em),
    charityPayouts: new MikroOrmCharityPayoutRepository(em),
    audit: new MikroOrmAuditTrail(em),
    mail: createMailQueue(em),
  };
}

export function createMikroOrmRepositories(orm: Orm): Repositories & UnitOfWork {
  return {
    ...repositoriesOn(() => orm.em.fork()),
    transaction: (work) => orm.em.fork().transactional((em) => work(repositoriesOn(() => em))),
  };
}
