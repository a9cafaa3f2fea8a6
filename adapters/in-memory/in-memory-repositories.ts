import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import { createInMemoryAuditTrail } from './in-memory-audit-trail';
import { InMemoryCharityPayoutRepository } from './in-memory-charity-payout-repository';
import { InMemoryCharityRepository } from './in-memory-charity-repository';
import { InMemoryGiftRepository } from './in-memory-gift-repository';
import { InMemoryReceiptRepository } from './in-memory-receipt-repository';
import { InMemoryOfflineGiftRepository } from './in-memory-offline-gift-repository';
import { InMemoryGuestRepository } from './in-memory-guest-repository';
import { InMemoryInvitationSettingsRepository } from './in-memory-invitation-settings-repository';
import { InMemoryThankYouNoteRepository } from './in-memory-thank-you-note-repository';
import { InMemoryThankYouCardRepository } from './in-memory-thank-you-card-repository';
import { InMemoryThankYouReminderRepository } from './in-memory-thank-you-reminder-repository';
import { InMemoryMailQueue } from './in-memory-mail-queue';
import { InMemoryMailSuppressionRepository } from './in-memory-mail-suppression-repository';
import { InMemoryRegistryRepository } from './in-memory-registry-repository';
import { InMemorySessionRepository } from './in-memory-session-repository';
import { InMemoryAccountTokenRepository } from './in-memory-account-token-repository';
import { InMemoryNewsletterRepository } from './in-memory-newsletter-repository';
import { InMemoryCoOwnerInvitationRepository } from './in-memory-co-owner-invitation-repository';
import { InMemoryUserRepository } from './in-memory-user-repository';
import { InMemoryLedger } from './in-memory-ledger';
import { InMemoryDisputeRepository } from './in-memory-dispute-repository';
import { InMemoryReconciliationRepository } from './in-memory-reconciliation-repository';
import { InMemoryAccountExportRepository } from './in-memory-account-export-repository';
import { InMemoryPersonalData } from './in-memory-personal-data';

/** Fakes of every repository, for tests only; they pass the same contract suite as MikroORM's. */
export function createInMemoryRepositories() {
  const audit = createInMemoryAuditTrail();
  const registries = new InMemoryRegistryRepository();
  const gifts = new InMemoryGiftRepository();
  const offlineGifts = new InMemoryOfflineGiftRepository();
  const guests = new InMemoryGuestRepository();
  gifts.offlineGifts = offlineGifts;
  const thankYouNotes = new InMemoryThankYouNoteRepository();
  gifts.thankYouNotes = thankYouNotes;
  const users = new InMemoryUserRepository();
  const thankYouCards = new InMemoryThankYouCardRepository();
  const coOwnerInvitations = new InMemoryCoOwnerInvitationRepository();
  const disputes = new InMemoryDisputeRepository();
  const tables = {
    users,
    accountExports: new InMemoryAccountExportRepository(),
    personalData: new InMemoryPersonalData({
      users,
      registries,
      gifts,
      offlineGifts,
      guests,
      thankYouNotes,
      thankYouCards,
      coOwnerInvitations,
      disputes,
      redactAudit: audit.redact,
    }),
    sessions: new InMemorySessionRepository(),
    accountTokens: new InMemoryAccountTokenRepository(),
    coOwnerInvitations,
    newsletter: new InMemoryNewsletterRepository(),
    charities: new InMemoryCharityRepository(),
    registries,
    gifts,
    offlineGifts,
    guests,
    invitationSettings: new InMemoryInvitationSettingsRepository({ registries, guests }),
    thankYouNotes,
    thankYouCards,
    thankYouReminders: new InMemoryThankYouReminderRepository({ registries, gifts, offlineGifts, thankYouNotes }),
    charityPayouts: new InMemoryCharityPayoutRepository(),
    receipts: new InMemoryReceiptRepository(),
    ledger: new InMemoryLedger(),
    disputes,
    reconciliations: new InMemoryReconciliationRepository(),
    mail: new InMemoryMailQueue(),
    mailSuppressions: new InMemoryMailSuppressionRepository(),
  };
  const repositories = { ...tables, audit: audit.trail };
  repositories.registries.onDelete = (registryId) => {
    const giftIds = [...repositories.gifts.rows.values()].filter((gift) => gift.registryId === registryId).map((gift) => gift.id);
    repositories.gifts.deleteByRegistry(registryId);
    // As the database's foreign key does: a receipt outlives its gift.
    for (const receipt of repositories.receipts.rows.values()) {
      if (receipt.giftId && giftIds.includes(receipt.giftId)) repositories.receipts.rows.set(receipt.id, { ...receipt, giftId: null });
    }
    repositories.thankYouNotes.deleteByGiftIds([...giftIds, ...repositories.offlineGifts.deleteByRegistry(registryId)]);
    repositories.thankYouCards.deleteByRegistry(registryId);
    repositories.thankYouReminders.rows.delete(registryId);
    repositories.coOwnerInvitations.deleteByRegistry(registryId);
    repositories.guests.deleteByRegistry(registryId);
    repositories.invitationSettings.rows.delete(registryId);
  };
  repositories.offlineGifts.onDelete = (id) => repositories.thankYouNotes.deleteByGiftIds([id]);
  repositories.guests.sources = {
    gifts: () =>
      [...repositories.gifts.rows.values()].map((gift) => ({ ...gift, guestId: repositories.gifts.guestOf.get(gift.id) ?? null })),
    offlineGifts: () => [...repositories.offlineGifts.rows.values()],
    notes: () => [...repositories.thankYouNotes.rows.values()],
    onDelete: (guestIds) => {
      repositories.offlineGifts.forgetGuests(guestIds);
      repositories.gifts.forgetGuests(guestIds);
    },
    suppressions: () => [...repositories.mailSuppressions.rows.values()],
  };
  // Every table keeps its rows in a Map named rows; the audit trail, which has no way to change
  // its events, hands its creator a snapshot function instead.
  const snapshots = [
    ...(Object.values(tables) as { rows: Map<string, unknown> }[]).map((table) => () => {
      const rows = new Map(table.rows);
      return () => {
        table.rows = rows;
      };
    }),
    audit.snapshot,
  ];
  let queue: Promise<unknown> = Promise.resolve();
  const unitOfWork: UnitOfWork = {
    // Transactions run one at a time (so each sees a snapshot already), and a failed one puts every table back as it was.
    transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
      const run = queue.then(async () => {
        const restores = snapshots.map((snapshot) => snapshot());
        try {
          return await work(repositories);
        } catch (error) {
          restores.forEach((restore) => restore());
          throw error;
        }
      });
      queue = run.catch(() => undefined);
      return run;
    },
  };
  return { ...repositories, ...unitOfWork } satisfies Repositories & UnitOfWork;
}
