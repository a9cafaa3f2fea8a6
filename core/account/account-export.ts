import type { Charity } from '../model/charity';
import { isListed, type Gift } from '../model/gift';
import type { Cents, Currency } from '../money';
import type { OfflineGift } from '../model/offline-gift';
import { closingAmounts } from '../model/closing-amounts';
import type { Clock } from '../ports/clock';
import type { Repositories } from '../ports/repositories';
import type { Registry, RegistryRole } from '../model/registry';
import type { ThankYouCard, ThankYouNote } from '../model/thank-you-note';
import type { User } from '../model/user';

export interface ExportedProfile {
  id: string;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  createdAt: Date;
  /** The bank account the family set up with the payment provider: its state only, never its ids. */
  bankAccountStatus: string | null;
  bankAccountVerifiedAt: Date | null;
  deletionScheduledFor: Date | null;
}

/**
 * A registry as its family sees it. Where the payout goes (PayPal, a check's address) and how it
 * went are the owner's alone, as on the registry page: a co-owner's export has them null.
 */
export interface ExportedRegistry {
  id: string;
  role: RegistryRole;
  shortCode: string;
  childName: string;
  celebrationType: string;
  celebrationDate: Date;
  personalMessage: string | null;
  photoUrl: string | null;
  preferredCharity: string | null;
  allowCharityChoice: boolean;
  unlisted: boolean;
  currency: Currency;
  status: string;
  totalReceived: Cents;
  payoutMethod: string | null;
  paypalEmail: string | null;
  mailingName: string | null;
  mailingAddress: string | null;
  mailingCity: string | null;
  mailingState: string | null;
  mailingZip: string | null;
  mailingCountry: string | null;
  closedAt: Date | null;
  createdAt: Date;
}

/** A gift paid online, with its giver; the provider's payment id and its own fee are not the family's. */
export interface ExportedGift {
  id: string;
  registryId: string;
  giverName: string;
  giverEmail: string;
  currency: Currency;
  amount: Cents;
  childAmount: Cents;
  charityAmount: Cents;
  platformFee: Cents;
  processingFee: Cents;
  charity: string;
  personalMessage: string | null;
  paymentStatus: string;
  createdAt: Date;
}

export interface ExportedGiftByHand {
  id: string;
  registryId: string;
  giverName: string;
  giverEmail: string | null;
  currency: Currency;
  amount: Cents;
  method: string;
  receivedOn: string;
  note: string | null;
  createdAt: Date;
}

export interface ExportedThankYouNote {
  id: string;
  registryId: string;
  giftId: string;
  byHand: boolean;
  giverName: string;
  templateId: string;
  message: string;
  imageUrls: string[];
  imageSize: string;
  status: string;
  sentAt: Date | null;
  updatedAt: Date;
}

export interface ExportedCardForAll {
  id: string;
  registryId: string;
  templateId: string;
  message: string;
  imageUrls: string[];
  imageSize: string;
  createdAt: Date;
}

/** The family's payout of one closed registry, and each charity's share of it (the owner's alone). */
export interface ExportedPayout {
  registryId: string;
  currency: Currency;
  method: string | null;
  payoutAmount: Cents | null;
  charityPayoutAmount: Cents | null;
  payoutStatus: string;
  closedAt: Date | null;
  sentAt: Date | null;
  reference: string | null;
  charityShares: { charity: string; giftCount: number; amount: Cents }[];
}

export interface ExportedCoOwnership {
  registryId: string;
  childName: string;
  role: RegistryRole;
  owner: string;
  coOwners: string[];
  /** Invitations still waiting (the owner's view only). */
  invitationsWaiting: { email: string; expiresAt: Date }[];
}

/** Everything about one account that its holder may take with them (docs/product.md#your-data-export-and-deletion). */
export interface AccountExport {
  exportedAt: Date;
  profile: ExportedProfile;
  registries: ExportedRegistry[];
  gifts: ExportedGift[];
  giftsByHand: ExportedGiftByHand[];
  thankYouNotes: ExportedThankYouNote[];
  cardsForAll: ExportedCardForAll[];
  payouts: ExportedPayout[];
  coOwnerships: ExportedCoOwnership[];
}

type ExportPorts = Pick<
  Repositories,
  'registries' | 'gifts' | 'offlineGifts' | 'thankYouNotes' | 'thankYouCards' | 'charities' | 'users' | 'coOwnerInvitations'
> & { clock: Clock };

/** The registries the account owns or co-owns, still active (a deleted one kept on record is nobody's). */
export async function registriesOfAccount(
  user: User,
  ports: Pick<Repositories, 'registries'>,
): Promise<{ registry: Registry; role: RegistryRole }[]> {
  const [owned, coOwned] = await Promise.all([ports.registries.listByOwner(user.id), ports.registries.listByCoOwner(user.id)]);
  return [
    ...owned.filter((registry) => registry.isActive).map((registry) => ({ registry, role: 'owner' as const })),
    ...coOwned.filter((registry) => registry.isActive).map((registry) => ({ registry, role: 'coOwner' as const })),
  ];
}

/** The gifts the account's export would hold: whether it is answered at once or built in the background. */
export async function countAccountGifts(user: User, ports: Pick<Repositories, 'registries' | 'gifts' | 'offlineGifts'>): Promise<number> {
  let count = 0;
  for (const { registry } of await registriesOfAccount(user, ports)) {
    const [online, byHand] = await Promise.all([ports.gifts.listByRegistry(registry.id), ports.offlineGifts.listByRegistry(registry.id)]);
    count += online.filter(isListed).length + byHand.length;
  }
  return count;
}

function personName(user: User | null): string {
  if (!user) return 'A former account';
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.username;
}

function charityName(charities: readonly Charity[], id: string | null): string | null {
  if (id === null) return null;
  return charities.find((charity) => charity.id === id)?.name ?? 'A charity no longer listed';
}

function exportedRegistry(registry: Registry, role: RegistryRole, charities: readonly Charity[]): ExportedRegistry {
  const owner = role === 'owner';
  return {
    id: registry.id,
    role,
    shortCode: registry.shortCode,
    childName: registry.childName,
    celebrationType: registry.celebrationType,
    celebrationDate: registry.celebrationDate,
    personalMessage: registry.personalMessage,
    photoUrl: registry.photoUrl,
    preferredCharity: charityName(charities, registry.preferredCharityId),
    allowCharityChoice: registry.allowCharityChoice,
    unlisted: registry.unlisted,
    currency: registry.currency,
    status: registry.status,
    totalReceived: registry.totalReceived,
    payoutMethod: owner ? registry.payoutMethod : null,
    paypalEmail: owner ? registry.paypalEmail : null,
    mailingName: owner ? registry.mailingName : null,
    mailingAddress: owner ? registry.mailingAddress : null,
    mailingCity: owner ? registry.mailingCity : null,
    mailingState: owner ? registry.mailingState : null,
    mailingZip: owner ? registry.mailingZip : null,
    mailingCountry: owner ? registry.mailingCountry : null,
    closedAt: registry.closedAt,
    createdAt: registry.createdAt,
  };
}

function exportedGift(gift: Gift, charities: readonly Charity[]): ExportedGift {
  return {
    id: gift.id,
    registryId: gift.registryId,
    giverName: gift.giftGiverName,
    giverEmail: gift.giftGiverEmail,
    currency: gift.currency,
    amount: gift.amount,
    childAmount: gift.childAmount,
    charityAmount: gift.charityAmount,
    platformFee: gift.platformFee,
    processingFee: gift.cardFee,
    charity: charityName(charities, gift.charityId) ?? '',
    personalMessage: gift.personalMessage,
    paymentStatus: gift.paymentStatus,
    createdAt: gift.createdAt,
  };
}

function exportedGiftByHand(gift: OfflineGift, registry: Registry): ExportedGiftByHand {
  return {
    id: gift.id,
    registryId: gift.registryId,
    giverName: gift.giftGiverName,
    giverEmail: gift.giftGiverEmail,
    currency: registry.currency,
    amount: gift.amount,
    method: gift.method,
    receivedOn: gift.receivedOn,
    note: gift.note,
    createdAt: gift.createdAt,
  };
}

function exportedNote(note: ThankYouNote, registryId: string, giverName: string): ExportedThankYouNote {
  return {
    id: note.id,
    registryId,
    giftId: note.giftId,
    byHand: note.byHand,
    giverName,
    templateId: note.templateId,
    message: note.customMessage,
    imageUrls: [...note.imageUrls],
    imageSize: note.imageSize,
    status: note.status,
    sentAt: note.sentAt,
    updatedAt: note.updatedAt,
  };
}

function exportedCard(card: ThankYouCard): ExportedCardForAll {
  return {
    id: card.id,
    registryId: card.registryId,
    templateId: card.templateId,
    message: card.customMessage,
    imageUrls: [...card.imageUrls],
    imageSize: card.imageSize,
    createdAt: card.createdAt,
  };
}

function exportedPayout(registry: Registry, gifts: readonly Gift[], charities: readonly Charity[]): ExportedPayout {
  return {
    registryId: registry.id,
    currency: registry.currency,
    method: registry.payoutMethod,
    payoutAmount: registry.payoutAmount,
    charityPayoutAmount: registry.charityPayoutAmount,
    payoutStatus: registry.payoutStatus,
    closedAt: registry.closedAt,
    sentAt: registry.payoutSentAt,
    reference: registry.payoutReference,
    charityShares: closingAmounts(gifts).shares.map((share) => ({
      charity: charityName(charities, share.charityId) ?? '',
      giftCount: share.giftCount,
      amount: share.amount,
    })),
  };
}

/**
 * Everything the account holds, as its holder sees it on the site: the profile, every registry it
 * owns or co-owns with all their gifts (paid online, and given by hand) and givers, the thank-you
 * notes and cards, the payouts of the registries it owns, and who shares which registry. No
 * password hash, session, token or provider id is in it. A co-owner gets what a co-owner sees:
 * the gifts, givers and cards, not where the owner's payout goes or how it went.
 */
export async function collectAccountExport(user: User, ports: ExportPorts): Promise<AccountExport> {
  const now = ports.clock.now();
  const charities = await ports.charities.listAll();
  const result: AccountExport = {
    exportedAt: now,
    profile: {
      id: user.id,
      username: user.username,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      createdAt: user.createdAt,
      bankAccountStatus: user.payoutAccountId ? (user.payoutAccountStatus ?? 'pending') : null,
      bankAccountVerifiedAt: user.payoutAccountOnboardedAt,
      deletionScheduledFor: user.deletionDueAt,
    },
    registries: [],
    gifts: [],
    giftsByHand: [],
    thankYouNotes: [],
    cardsForAll: [],
    payouts: [],
    coOwnerships: [],
  };
  for (const { registry, role } of await registriesOfAccount(user, ports)) {
    const [online, byHand, cards] = await Promise.all([
      ports.gifts.listByRegistry(registry.id),
      ports.offlineGifts.listByRegistry(registry.id),
      ports.thankYouCards.listByRegistry(registry.id),
    ]);
    // Gifts whose payment never went through (started and abandoned, declined) are no gifts to the
    // family: the export lists what the family's gift list does.
    const gifts = online.filter(isListed);
    const giverOf = new Map<string, string>([
      ...gifts.map((gift) => [gift.id, gift.giftGiverName] as const),
      ...byHand.map((gift) => [gift.id, gift.giftGiverName] as const),
    ]);
    const notes = await ports.thankYouNotes.listByGiftIds([...giverOf.keys()]);
    result.registries.push(exportedRegistry(registry, role, charities));
    result.gifts.push(...gifts.map((gift) => exportedGift(gift, charities)));
    result.giftsByHand.push(...byHand.map((gift) => exportedGiftByHand(gift, registry)));
    result.thankYouNotes.push(...notes.map((note) => exportedNote(note, registry.id, giverOf.get(note.giftId) ?? '')));
    result.cardsForAll.push(...cards.map(exportedCard));
    if (role === 'owner' && registry.status !== 'open') result.payouts.push(exportedPayout(registry, gifts, charities));
    const [owner, coOwners, invitations] = await Promise.all([
      role === 'owner' ? user : ports.users.findById(registry.userId),
      Promise.all(registry.coOwnerIds.map((id) => ports.users.findById(id))),
      role === 'owner' ? ports.coOwnerInvitations.listPending(registry.id, now) : [],
    ]);
    if (registry.coOwnerIds.length > 0 || invitations.length > 0 || role === 'coOwner') {
      result.coOwnerships.push({
        registryId: registry.id,
        childName: registry.childName,
        role,
        owner: personName(owner),
        coOwners: coOwners.map(personName),
        invitationsWaiting: invitations.map((invitation) => ({ email: invitation.email, expiresAt: invitation.expiresAt })),
      });
    }
  }
  return result;
}
