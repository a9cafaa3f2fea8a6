import { DomainError } from '../errors';
import { type GiftBreakdown, type ProcessingRates, giftBreakdown } from '../fees';
import { isUuid } from '../ids';
import type { PaymentGateway } from '../ports/payment-gateway';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import { refuseUnknownFields, validate } from '../validate';
import { giftSchema } from './gift-schemas';
import type { Gift } from '../model/gift';
import { registryNotFound } from '../access/registry-not-found';
import { looksLikeToken } from '../model/account-token';
import type { SecretTokens } from '../ports/secret-tokens';
import { GUEST_LINK_FIELD } from '../model/guest-rsvp';

export interface StartedGift {
  gift: Gift;
  /** The payment opened for it (also on the gift, which types it as possibly not yet opened). */
  paymentIntentId: string;
  clientSecret: string;
  breakdown: GiftBreakdown;
}

const FIELDS = [
  'registryId',
  'charityId',
  'giftGiverName',
  'giftGiverEmail',
  'amount',
  'personalMessage',
  'shareEmailWithCharity',
  GUEST_LINK_FIELD,
];

/**
 * The token of the personal link the giver came by (/i/{token}), when they did: the gift is that
 * guest's on the family's list. Only the token is taken, never a guest's id, and it is resolved
 * here; a link replaced since (or another registry's) leaves the gift unmatched rather than failed.
 */
function guestLinkIn(input: unknown): string | null {
  const value = (input as Record<string, unknown>)[GUEST_LINK_FIELD];
  if (value === undefined || value === null) return null;
  if (!looksLikeToken(value))
    throw new DomainError('validation.failed', 'The personal link is not one the family sent', {
      [GUEST_LINK_FIELD]: 'Not a personal link',
    });
  return value;
}

/**
 * Records a pending gift and opens its payment; its amount comes in cents, read from the wire by
 * the caller (core/read-amount.ts). The gift is saved (with the registry locked, so it
 * cannot close or change currency meanwhile) before the provider is asked for a payment, and the
 * payment's id is saved before the giver can pay, so no payment can ever arrive for a gift we lack.
 */
export async function startGift(
  input: unknown,
  ports: {
    unitOfWork: UnitOfWork;
    gifts: Repositories['gifts'];
    gateway: PaymentGateway;
    rates: ProcessingRates;
    tokens?: Pick<SecretTokens, 'digest'>;
  },
): Promise<StartedGift> {
  refuseUnknownFields(input, FIELDS);
  const guestLink = guestLinkIn(input);
  const valid = await validate(giftSchema, input);
  const amount = valid.amount;
  if (!isUuid(valid.registryId)) throw registryNotFound();

  if (guestLink && !ports.tokens) throw new Error('startGift was given a personal link without the tokens port to read it');
  const linkDigest = guestLink && ports.tokens ? ports.tokens.digest(guestLink) : null;

  const { gift, breakdown, currency } = await ports.unitOfWork.transaction(async ({ registries, charities, gifts, guests }) => {
    // Every gift to the registry waits on its lock, so the charity is read before the lock is
    // taken: the lock is held for one statement less, and the charity's row is not locked either
    // way, so the order changes nothing the check can see.
    const charity = isUuid(valid.charityId) ? await charities.findById(valid.charityId) : null;
    const registry = await registries.findByIdForUpdate(valid.registryId);
    if (!registry || !registry.isActive) throw registryNotFound();
    if (registry.status !== 'open') throw new DomainError('registry.closed', 'This registry is closed and no longer accepts gifts');
    const offered =
      registry.allowCharityChoice || !registry.preferredCharityId ? charity?.isActive : charity?.id === registry.preferredCharityId;
    if (!charity || !offered)
      throw new DomainError('charity.invalid', 'Please choose one of the charities this registry supports', {
        charityId: 'Not offered here',
      });
    const breakdown = giftBreakdown(amount, ports.rates[registry.currency]);
    const linked = linkDigest ? await guests.findByLinkDigest(linkDigest) : null;
    const gift = await gifts.create({
      registryId: registry.id,
      charityId: charity.id,
      giftGiverName: valid.giftGiverName,
      giftGiverEmail: valid.giftGiverEmail.toLowerCase(),
      currency: registry.currency,
      amount,
      childAmount: breakdown.childAmount,
      charityAmount: breakdown.charityAmount,
      platformFee: breakdown.platformFee,
      cardFee: breakdown.cardFee,
      personalMessage: valid.personalMessage || null,
      paymentIntentId: null,
      paymentStatus: 'pending',
      shareEmailWithCharity: valid.shareEmailWithCharity,
      guestId: linked && linked.registryId === registry.id ? linked.id : null,
    });
    return { gift, breakdown, currency: registry.currency };
  });

  let intent: Awaited<ReturnType<typeof ports.gateway.createPaymentIntent>>;
  try {
    intent = await ports.gateway.createPaymentIntent({
      giftId: gift.id,
      registryId: gift.registryId,
      charityId: gift.charityId,
      amount: breakdown.totalAmount,
      currency,
      receiptEmail: gift.giftGiverEmail,
      idempotencyKey: `gift-${gift.id}`,
    });
  } catch (error) {
    // No payment can follow: the gift must not hold the registry open as if money were coming.
    // Settling it failing too must not hide the provider's error, which is what the log needs.
    await ports.gifts.settleUnpaid(gift.id, null, 'failed').catch(() => undefined);
    if (error instanceof DomainError) throw error;
    throw new DomainError('payment.unavailable', 'Failed to process gift. Please try again.', undefined, error);
  }

  let attached: boolean;
  try {
    attached = await ports.gifts.attachPaymentIntent(gift.id, intent.id);
  } catch (error) {
    // Our own database failed, not the provider: the payment is cancelled, as nobody can pay it,
    // and the error stays what it is (a database that stops answering tells the guest to try again
    // in a moment). A gift that cannot be settled now is given up by the sweep of unpaid gifts.
    await ports.gateway.cancelPaymentIntent(intent.id).catch(() => undefined);
    await ports.gifts.settleUnpaid(gift.id, null, 'failed').catch(() => undefined);
    throw error;
  }
  if (!attached) {
    // The sweep gave this gift up while the provider was slow to answer: nobody may pay it now.
    await ports.gateway.cancelPaymentIntent(intent.id).catch(() => undefined);
    await ports.gifts.settleUnpaid(gift.id, null, 'failed');
    throw new DomainError('payment.unavailable', 'Failed to process gift. Please try again.');
  }
  return { gift: { ...gift, paymentIntentId: intent.id }, paymentIntentId: intent.id, clientSecret: intent.clientSecret, breakdown };
}
