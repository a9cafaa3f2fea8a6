import { IsolationLevel } from '@mikro-orm/core';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import type { Orm } from '../orm';
import type { EntityManagerSource } from './entity-manager-source';
import { MikroOrmAuditTrail } from './mikro-orm-audit-trail';
import { MikroOrmCharityPayoutRepository } from './mikro-orm-charity-payout-repository';
import { CachedCharityRepository, InvalidatingCharityRepository } from './cached-charity-repository';
import { MikroOrmCharityRepository } from './mikro-orm-charity-repository';
import { MikroOrmGiftRepository } from './mikro-orm-gift-repository';
import { MikroOrmReceiptRepository } from './mikro-orm-receipt-repository';
import { MikroOrmOfflineGiftRepository } from './mikro-orm-offline-gift-repository';
import { MikroOrmGuestRepository } from './mikro-orm-guest-repository';
import { MikroOrmInvitationSettingsRepository } from './mikro-orm-invitation-settings-repository';
import { MikroOrmThankYouNoteRepository } from './mikro-orm-thank-you-note-repository';
import { MikroOrmThankYouCardRepository } from './mikro-orm-thank-you-card-repository';
import { MikroOrmThankYouReminderRepository } from './mikro-orm-thank-you-reminder-repository';
import { MikroOrmRegistryRepository } from './mikro-orm-registry-repository';
import { MikroOrmSessionRepository } from './mikro-orm-session-repository';
import { MikroOrmAccountTokenRepository } from './mikro-orm-account-token-repository';
import { MikroOrmNewsletterRepository } from './mikro-orm-newsletter-repository';
import { MikroOrmCoOwnerInvitationRepository } from './mikro-orm-co-owner-invitation-repository';
import { MikroOrmUserRepository } from './mikro-orm-user-repository';
import { MikroOrmLedger } from './mikro-orm-ledger';
import { MikroOrmDisputeRepository } from './mikro-orm-dispute-repository';
import { MikroOrmReconciliationRepository } from './mikro-orm-reconciliation-repository';
import { MikroOrmAccountExportRepository } from './mikro-orm-account-export-repository';
import { MikroOrmPersonalDataRepository } from './mikro-orm-personal-data-repository';
import { createMailQueue } from '../mail-queue';
import { MikroOrmMailSuppressionRepository } from './mikro-orm-mail-suppression-repository';
import { withSingleWriterReadCache } from './single-writer-read-cache';

function repositoriesOn(em: EntityManagerSource): Repositories {
  return {
    users: new MikroOrmUserRepository(em),
    sessions: new MikroOrmSessionRepository(em),
    accountExports: new MikroOrmAccountExportRepository(em),
    personalData: new MikroOrmPersonalDataRepository(em),
    accountTokens: new MikroOrmAccountTokenRepository(em),
    coOwnerInvitations: new MikroOrmCoOwnerInvitationRepository(em),
    newsletter: new MikroOrmNewsletterRepository(em),
    charities: new MikroOrmCharityRepository(em),
    registries: new MikroOrmRegistryRepository(em),
    gifts: new MikroOrmGiftRepository(em),
    offlineGifts: new MikroOrmOfflineGiftRepository(em),
    guests: new MikroOrmGuestRepository(em),
    invitationSettings: new MikroOrmInvitationSettingsRepository(em),
    thankYouNotes: new MikroOrmThankYouNoteRepository(em),
    thankYouCards: new MikroOrmThankYouCardRepository(em),
    thankYouReminders: new MikroOrmThankYouReminderRepository(em),
    charityPayouts: new MikroOrmCharityPayoutRepository(em),
    receipts: new MikroOrmReceiptRepository(em),
    audit: new MikroOrmAuditTrail(em),
    ledger: new MikroOrmLedger(em),
    disputes: new MikroOrmDisputeRepository(em),
    reconciliations: new MikroOrmReconciliationRepository(em),
    mail: createMailQueue(em),
    mailSuppressions: new MikroOrmMailSuppressionRepository(em),
  };
}

/**
 * The repositories on this ORM. With onlyWriter (the database admits this process alone, as PGlite
 * does), the guests' reads are kept in memory until the next change (single-writer-read-cache.ts).
 */
export function createMikroOrmRepositories(orm: Orm, options: { onlyWriter?: boolean } = {}): Repositories & UnitOfWork {
  const repositories = onOrm(orm);
  return options.onlyWriter ? withSingleWriterReadCache(repositories) : repositories;
}

function onOrm(orm: Orm): Repositories & UnitOfWork {
  const outside = repositoriesOn(() => orm.em.fork());
  const charities = new CachedCharityRepository(outside.charities);
  return {
    ...outside,
    charities,
    // Inside a transaction charities are read fresh (a gift checks its charity is still offered);
    // a change made there is seen by this instance's cache at once.
    transaction: (work, options) =>
      orm.em.fork().transactional(
        (em) => {
          const inside = repositoriesOn(() => em);
          return work({ ...inside, charities: new InvalidatingCharityRepository(inside.charities, () => charities.invalidate()) });
        },
        options?.snapshot ? { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true } : {},
      ),
  };
}
