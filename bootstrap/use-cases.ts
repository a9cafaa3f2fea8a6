import { createCoOwnerService } from '@core/co-owner/co-owner-service';
import { createOfflineGiftService } from '@core/offline-gift/offline-gift-service';
import type { Clock } from '@core/ports/clock';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import type { PhotoStore } from '@core/ports/photo-store';
import type { SecretTokens } from '@core/ports/secret-tokens';
import { createThankYouService } from '@core/thank-you/thank-you-service';
import { createNewsletterService } from '@core/newsletter/newsletter-service';
import { createAccountService } from '@core/account/account-service';
import type { PasswordHasher } from '@core/ports/password-hasher';
import { createAdminService } from '@core/admin/admin-service';
import type { PaymentGateway } from '@core/ports/payment-gateway';
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
  hasher: PasswordHasher;
  /** A real hash of a random password, verified when the username is unknown (equal timing). */
  decoyHash: string;
  gateway: PaymentGateway;
  unsubscribeTokens: UnsubscribeTokens;
  mailEvents: MailEventInbox;
  /** SendGrid's Event Webhook verifier, present only when its public key is configured. */
  sendGridEvents: MailEventVerifier | null;
}

/** Builds each area's use cases once, at start, from the adapters the server opened. */
export function buildUseCases(dependencies: UseCaseDependencies): HttpUseCases {
  const { repositories, tokens, photos, clock, publicUrl, supportEmail, hasher, decoyHash, gateway } = dependencies;
  const { unsubscribeTokens, mailEvents, sendGridEvents } = dependencies;
  return {
    coOwners: createCoOwnerService({ repositories, tokens, clock, appUrl: publicUrl }),
    offlineGifts: createOfflineGiftService({ repositories, clock }),
    thankYou: createThankYouService({ repositories, photos, clock, appUrl: publicUrl }),
    newsletter: createNewsletterService({ repositories, tokens, clock, appUrl: publicUrl, supportEmail }),
    accounts: createAccountService({ repositories, hasher, decoyHash, tokens, clock, appUrl: publicUrl, supportEmail }),
    admin: createAdminService({ repositories, gateway, clock, appUrl: publicUrl, supportEmail }),
    mail: createMailService({ unitOfWork: repositories, unsubscribeTokens, clock, events: mailEvents, sendGridEvents }),
  };
}
