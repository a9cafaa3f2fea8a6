import type { AccountExportRepository } from './account-export-repository';
import type { AccountTokenRepository } from './account-token-repository';
import type { AuditTrail } from './audit-trail';
import type { CharityPayoutRepository } from './charity-payout-repository';
import type { CharityRepository } from './charity-repository';
import type { CoOwnerInvitationRepository } from './co-owner-invitation-repository';
import type { DisputeRepository } from './dispute-repository';
import type { GiftRepository } from './gift-repository';
import type { GuestRepository } from './guest-repository';
import type { InvitationSettingsRepository } from './invitation-settings-repository';
import type { Ledger } from './ledger';
import type { MailQueue } from './mail-queue';
import type { MailSuppressionRepository } from './mail-suppression-repository';
import type { NewsletterRepository } from './newsletter-repository';
import type { OfflineGiftRepository } from './offline-gift-repository';
import type { PersonalDataRepository } from './personal-data-repository';
import type { ReceiptRepository } from './receipt-repository';
import type { ReconciliationRepository } from './reconciliation-repository';
import type { RegistryRepository } from './registry-repository';
import type { SessionRepository } from './session-repository';
import type { ThankYouCardRepository } from './thank-you-card-repository';
import type { ThankYouNoteRepository } from './thank-you-note-repository';
import type { ThankYouReminderRepository } from './thank-you-reminder-repository';
import type { UserRepository } from './user-repository';

export interface Repositories {
  users: UserRepository;
  sessions: SessionRepository;
  accountExports: AccountExportRepository;
  personalData: PersonalDataRepository;
  accountTokens: AccountTokenRepository;
  coOwnerInvitations: CoOwnerInvitationRepository;
  newsletter: NewsletterRepository;
  charities: CharityRepository;
  registries: RegistryRepository;
  gifts: GiftRepository;
  offlineGifts: OfflineGiftRepository;
  guests: GuestRepository;
  invitationSettings: InvitationSettingsRepository;
  thankYouNotes: ThankYouNoteRepository;
  thankYouCards: ThankYouCardRepository;
  thankYouReminders: ThankYouReminderRepository;
  charityPayouts: CharityPayoutRepository;
  receipts: ReceiptRepository;
  audit: AuditTrail;
  ledger: Ledger;
  disputes: DisputeRepository;
  reconciliations: ReconciliationRepository;
  /** Mail queued here commits or rolls back with the rest of the transaction. */
  mail: MailQueue;
  mailSuppressions: MailSuppressionRepository;
}

/** Runs work in one database transaction: all of it lands, or none of it does. */
export interface UnitOfWork {
  /**
   * With snapshot, the work only reads, and every read sees the database as it was at the first
   * one (repeatable read), so figures read one after another agree with each other.
   */
  transaction<T>(work: (repositories: Repositories) => Promise<T>, options?: { snapshot?: boolean }): Promise<T>;
}
