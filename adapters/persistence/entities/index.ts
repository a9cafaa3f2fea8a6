import { CharityEntity } from './charity-entity';
import { CharityPayoutEntity } from './charity-payout-entity';
import { GiftEntity } from './gift-entity';
import { OfflineGiftEntity } from './offline-gift-entity';
import { GuestEntity } from './guest-entity';
import { InvitationSettingsEntity } from './invitation-settings-entity';
import { RegistryEntity } from './registry-entity';
import { SessionEntity } from './session-entity';
import { ThankYouCardEntity } from './thank-you-card-entity';
import { ThankYouNoteEntity } from './thank-you-note-entity';
import { ThankYouReminderEntity } from './thank-you-reminder-entity';
import { UserEntity } from './user-entity';
import { RateLimitEntity } from './rate-limit-entity';
import { PaymentStartNoteEntity } from './payment-start-note-entity';
import { MailOutboxEntity } from './mail-outbox-entity';
import { MailSuppressionEntity } from './mail-suppression-entity';
import { MailEventEntity } from './mail-event-entity';
import { AuditEventEntity } from './audit-event-entity';
import { SandboxAccountEntity } from './sandbox-account-entity';
import { AccountTokenEntity } from './account-token-entity';
import { NewsletterSubscriberEntity } from './newsletter-subscriber-entity';
import { CoOwnerInvitationEntity } from './co-owner-invitation-entity';
import { RegistryNamePrefixEntity } from './registry-name-prefix-entity';
import { LedgerEntryEntity } from './ledger-entry-entity';
import { LedgerPostingEntity } from './ledger-posting-entity';
import { DisputeEntity } from './dispute-entity';
import { ReconciliationDifferenceEntity } from './reconciliation-difference-entity';
import { ReconciliationRunEntity } from './reconciliation-run-entity';
import { SandboxBalanceTransactionEntity } from './sandbox-balance-transaction-entity';
import { AccountExportEntity } from './account-export-entity';
import { ReceiptCounterEntity, ReceiptEntity } from './receipt-entity';

export const ENTITIES = [
  UserEntity,
  SessionEntity,
  CharityEntity,
  RegistryEntity,
  RegistryNamePrefixEntity,
  GiftEntity,
  OfflineGiftEntity,
  GuestEntity,
  InvitationSettingsEntity,
  ThankYouCardEntity,
  ThankYouNoteEntity,
  ThankYouReminderEntity,
  CharityPayoutEntity,
  AuditEventEntity,
  AccountTokenEntity,
  NewsletterSubscriberEntity,
  CoOwnerInvitationEntity,
  LedgerEntryEntity,
  LedgerPostingEntity,
  DisputeEntity,
  ReconciliationRunEntity,
  ReconciliationDifferenceEntity,
  AccountExportEntity,
  ReceiptEntity,
  ReceiptCounterEntity,
];

/**
 * Tables that are ours but not the business's (no repository reads them): the mail queue, its
 * suppression list and its providers' events; the sandbox provider's accounts and balance
 * transactions stand in for what Stripe would hold.
 */
export const SUPPORT_ENTITIES = [
  RateLimitEntity,
  PaymentStartNoteEntity,
  MailOutboxEntity,
  MailSuppressionEntity,
  MailEventEntity,
  SandboxAccountEntity,
  SandboxBalanceTransactionEntity,
];
