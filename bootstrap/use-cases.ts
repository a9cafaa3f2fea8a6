import { createCoOwnerService } from '@core/co-owner/co-owner-service';
import { createOfflineGiftService } from '@core/offline-gift/offline-gift-service';
import type { Clock } from '@core/ports/clock';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import type { PhotoStore } from '@core/ports/photo-store';
import type { SecretTokens } from '@core/ports/secret-tokens';
import { createThankYouService } from '@core/thank-you/thank-you-service';
import { createNewsletterService } from '@core/newsletter/newsletter-service';
import { createGiftService } from '@core/gift/gift-service';
import type { ProcessingRates } from '@core/fees';
import type { PaymentGateway } from '@core/ports/payment-gateway';
import { createPayoutService } from '@core/payout/payout-service';
import { createDisputeService } from '@core/dispute/dispute-service';
import { createRegistryService } from '@core/registry/registry-service';
import type { GuestLinkTokens } from '@core/ports/guest-link-tokens';
import { createGuestService } from '@core/guest/guest-service';
import { createInvitationService } from '@core/invitation/invitation-service';
import { createAccountService } from '@core/account/account-service';
import type { PasswordHasher } from '@core/ports/password-hasher';
import { createAdminService } from '@core/admin/admin-service';
import { createMailService } from '@core/mail/mail-service';
import type { MailEventInbox, MailEventVerifier } from '@core/ports/mail-events';
import type { UnsubscribeTokens } from '@core/ports/unsubscribe-tokens';
import type { HttpUseCases } from '../adapters/http/app';

export interface UseCaseDependencies {
  repositories: Repositories & UnitOfWork;
  tokens: SecretTokens;
  photos: PhotoStore;
  clock: Clock;
  publicUrl: string;
  supportEmail: string;
  gateway: PaymentGateway;
  rates: ProcessingRates;
  newShortCode: () => string;
  guestLinkTokens: GuestLinkTokens;
  hasher: PasswordHasher;
  /** A real hash of a random password, verified when the username is unknown (equal timing). */
  decoyHash: string;
  unsubscribeTokens: UnsubscribeTokens;
  mailEvents: MailEventInbox;
  /** SendGrid's Event Webhook verifier, present only when its public key is configured. */
  sendGridEvents: MailEventVerifier | null;
}

/** Builds each area's use cases once, at start, from the adapters the server opened. */
export function buildUseCases(dependencies: UseCaseDependencies): HttpUseCases {
  const { repositories, tokens, photos, clock, publicUrl, supportEmail, gateway, rates, newShortCode, guestLinkTokens } = dependencies;
  const { hasher, decoyHash, unsubscribeTokens, mailEvents, sendGridEvents } = dependencies;
  return {
    coOwners: createCoOwnerService({ repositories, tokens, clock, appUrl: publicUrl }),
    offlineGifts: createOfflineGiftService({ repositories, clock }),
    thankYou: createThankYouService({ repositories, photos, clock, appUrl: publicUrl }),
    newsletter: createNewsletterService({ repositories, tokens, clock, appUrl: publicUrl, supportEmail }),
    gifts: createGiftService({ repositories, gateway, rates, tokens, clock, appUrl: publicUrl, supportEmail }),
    payouts: createPayoutService({ repositories, gateway, clock, appUrl: publicUrl, supportEmail }),
    disputes: createDisputeService({ repositories, gateway, clock, appUrl: publicUrl, supportEmail }),
    registries: createRegistryService({ repositories, photos, newShortCode, gateway, appUrl: publicUrl, supportEmail }),
    guests: createGuestService({ repositories, tokens, linkTokens: guestLinkTokens, publicUrl }),
    invitations: createInvitationService({ repositories, tokens, linkTokens: guestLinkTokens, clock, appUrl: publicUrl }),
    accounts: createAccountService({ repositories, hasher, decoyHash, tokens, clock, appUrl: publicUrl, supportEmail }),
    admin: createAdminService({ repositories, gateway, clock, appUrl: publicUrl, supportEmail }),
    mail: createMailService({ unitOfWork: repositories, unsubscribeTokens, clock, events: mailEvents, sendGridEvents }),
  };
}
