import type { ProcessingRates } from '../fees';
import type { Cents, Currency } from '../money';
import type { User } from '../model/user';
import type { Clock } from '../ports/clock';
import type { PaymentGateway } from '../ports/payment-gateway';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import type { SecretTokens } from '../ports/secret-tokens';
import { listGifts } from './list-gifts';
import { reconcilePayment } from './reconcile-payment';
import { recordPaymentFailed, recordPaymentSucceeded } from './record-payment';
import { recordRefundAtProvider } from './refund-at-provider';
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
 * own values. Nor do the provider's reports of a payment or a refund: the provider's signature (or
 * the sandbox standing in for it) is their proof, and no one is signed in. The family's lists and
 * the refunds take the acting user first.
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
    recordPaymentSucceeded: (report: { paymentIntentId: string; amount: Cents; currency: Currency }) =>
      recordPaymentSucceeded(report, paying),
    recordPaymentFailed: (report: { paymentIntentId: string }) => recordPaymentFailed(report, paying),
    recordRefundAtProvider: (report: { paymentIntentId: string; charged: Cents; refunded: Cents }) =>
      recordRefundAtProvider(report, refunding),
    /**
     * Whether the gift of a payment expired unpaid: the sandbox then refuses to confirm it, as
     * Stripe refuses a cancelled payment. Read under the gift's lock, as its expiry writes it, so
     * every process sees the database's answer.
     */
    expiredUnpaid: async (paymentIntentId: string) =>
      (await repositories.transaction((tx) => tx.gifts.findByPaymentIntentIdForUpdate(paymentIntentId)))?.paymentStatus === 'expired',
    list: (actor: User | null, registryId: string) => listGifts(actor, registryId, repositories),
    viewList: (actor: User | null, registryId: string, query: unknown) => viewGiftList(actor, registryId, query, repositories),
    refund: (actor: User | null, giftId: string, input: unknown) => refundGift(actor, giftId, input, refunding),
    refundAtPlatformCost: (actor: User | null, giftId: string, input: unknown) => refundGiftAtPlatformCost(actor, giftId, input, refunding),
  };
}

export type GiftService = ReturnType<typeof createGiftService>;
