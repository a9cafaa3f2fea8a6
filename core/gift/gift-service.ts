import type { ProcessingRates } from '../fees';
import type { User } from '../model/user';
import type { Clock } from '../ports/clock';
import type { PaymentGateway } from '../ports/payment-gateway';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import type { SecretTokens } from '../ports/secret-tokens';
import { listGifts } from './list-gifts';
import { reconcilePayment } from './reconcile-payment';
import { refundGift, refundGiftAtPlatformCost } from './refund-gift';
import { startGift } from './start-gift';
import { viewGiftList } from './view-gift-list';

export interface GiftDependencies {
  repositories: Repositories & UnitOfWork;
  gateway: PaymentGateway;
  rates: ProcessingRates;
  /** Reads the personal link a giver came by into its digest (start-gift.ts). */
  tokens: SecretTokens;
  clock: Clock;
  /** The site's own address, for the links in the e-mails a gift sets off. */
  appUrl: string;
  /** Where replies to those e-mails go (SUPPORT_EMAIL). */
  supportEmail: string;
}

/**
 * The gifts, built once (ADR 26). Anyone may give, and the checkout's success screen may ask how
 * its payment went, without an account: those two calls take no acting user, only the request's
 * own values. The family's lists and the refunds take the acting user first.
 */
export function createGiftService(dependencies: GiftDependencies) {
  const { repositories, gateway, rates, tokens, clock, appUrl, supportEmail } = dependencies;
  const paying = { unitOfWork: repositories, gifts: repositories.gifts, gateway, appUrl, supportEmail, clock };
  const refunding = {
    unitOfWork: repositories,
    gifts: repositories.gifts,
    registries: repositories.registries,
    gateway,
    clock,
    supportEmail,
  };
  return {
    /** The gift's amount comes in cents, read from the wire by the caller. */
    start: (input: unknown) => startGift(input, { ...paying, rates, tokens }),
    reconcile: (paymentIntentId: unknown) => reconcilePayment(paymentIntentId, paying),
    list: (actor: User | null, registryId: string) => listGifts(actor, registryId, repositories),
    viewList: (actor: User | null, registryId: string, query: unknown) => viewGiftList(actor, registryId, query, repositories),
    refund: (actor: User | null, giftId: string, input: unknown) => refundGift(actor, giftId, input, refunding),
    refundAtPlatformCost: (actor: User | null, giftId: string, input: unknown) => refundGiftAtPlatformCost(actor, giftId, input, refunding),
  };
}

export type GiftService = ReturnType<typeof createGiftService>;
