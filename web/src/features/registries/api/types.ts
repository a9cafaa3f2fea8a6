import type { PayoutDetailsView } from '../../../../../core/payout/payout-details-view';
import type { PaymentStatus } from '../../../../../core/gift/gift';
import type { Currency } from '../../../../../core/money';
import type { RegistryStatus } from '../../../../../core/registry/registry';

/** What the registry calls answer (the server's read views), as JSON: dates are ISO strings. */

export interface CharityRef {
  id: string;
  name: string;
}

/** GET /api/registries/{id} for anyone but the owner (and GET /api/registries/short/{code}). */
export interface RegistryView {
  id: string;
  shortCode: string;
  childName: string;
  celebrationDate: string;
  personalMessage: string | null;
  photoUrl: string | null;
  preferredCharityId: string | null;
  preferredCharity: CharityRef | null;
  allowCharityChoice: boolean;
  status: RegistryStatus;
  currency: Currency;
  /** Succeeded gifts. */
  giftCount: number;
  /** Any gift that did not fail: currency change and deletion are then refused. */
  hasGifts: boolean;
  isOwner: false;
  createdAt: string;
}

/** A gift as the owner sees it; amounts are numbers with two decimals. Newest first. */
export interface RegistryGiftView {
  id: string;
  giftGiverName: string;
  giftGiverEmail: string;
  amount: number;
  childAmount: number;
  charityAmount: number;
  charityId: string;
  paymentStatus: PaymentStatus;
  personalMessage: string | null;
  createdAt: string;
}

/** The same call when the signed-in user owns the registry. */
export interface OwnerRegistryView extends Omit<RegistryView, 'isOwner'>, PayoutDetailsView {
  isOwner: true;
  userId: string;
  totalReceived: number;
  gifts: RegistryGiftView[];
}

export type AnyRegistryView = RegistryView | OwnerRegistryView;

/** One row of GET /api/registries/search: no financials. */
export interface RegistrySearchResult {
  id: string;
  shortCode: string;
  childName: string;
  celebrationDate: string;
  photoUrl: string | null;
  preferredCharity: CharityRef | null;
  currency: Currency;
  status: RegistryStatus;
}

/** One row of GET /api/registries/my: a search row plus the owner's totals. */
export type MyRegistry = RegistrySearchResult & { totalReceived: number; giftCount: number };

/** What a registry card shows; totalReceived only where financials are shown. */
export type RegistryCardData = RegistrySearchResult & { totalReceived?: number };
