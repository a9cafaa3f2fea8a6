import { http, HttpResponse } from 'msw';
import type { RegistryPeople } from '@api/co-owners';
import type {
  CoOwnerRegistryView,
  ManagerRegistryView,
  MyRegistry,
  OwnerRegistryView,
  RegistryGiftView,
  RegistrySearchResult,
  RegistryView,
} from '@api/registries';
import { member, server } from './msw-server';

/** Registries as the server's read views answer them (see api/registries.ts). */

/** 2030-03-14, a Thursday: no Shabbat reading. */
export const HEBREW_DATE = { date: '9 Adar II 5790', hebrew: 'ט׳ אדר ב׳ תש״צ', reading: null };

/** What closing holds back when no dispute is undecided. */
export const NOTHING_HELD = { giftCount: 0, amount: 0, payoutAmount: 0, charityPayoutAmount: 0 };

export const REGISTRY_ID = '9b2f7c1e-0d4a-4f1b-8c3e-00000000r001';

export function aRegistry(overrides: Partial<RegistryView> = {}): RegistryView {
  return {
    id: REGISTRY_ID,
    shortCode: 'k7m2q9xz',
    childName: 'Noah',
    celebrationType: 'unspecified',
    celebrationDate: '2030-03-14T00:00:00.000Z',
    hebrewCalendar: 'diaspora',
    hebrewDate: HEBREW_DATE,
    personalMessage: 'Thank you for celebrating with us!',
    photoUrl: '/uploads/noah.jpg',
    photoFocusX: 50,
    photoFocusY: 50,
    preferredCharityId: 'c-1',
    preferredCharity: { id: 'c-1', name: 'Jewish Federation Community Fund' },
    allowCharityChoice: false,
    status: 'open',
    currency: 'USD',
    giftCount: 0,
    hasGifts: false,
    isOwner: false,
    isCoOwner: false,
    createdAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

export function anOwnerRegistry(overrides: Partial<OwnerRegistryView> = {}): OwnerRegistryView {
  return {
    ...aRegistry(),
    isOwner: true as const,
    isCoOwner: false as const,
    userId: member.id,
    hasGiftsGivenByHand: false,
    unlisted: false,
    totalReceived: 0,
    gifts: [],
    closingAmounts: { payoutAmount: 0, charityPayoutAmount: 0, held: NOTHING_HELD },
    payoutMethod: null,
    paypalEmail: null,
    mailingName: null,
    mailingAddress: null,
    mailingCity: null,
    mailingState: null,
    mailingZip: null,
    mailingCountry: 'US',
    closedAt: null,
    payoutAmount: null,
    charityPayoutAmount: null,
    payoutStatus: 'pending',
    payoutSentAt: null,
    ...overrides,
  };
}

/** The same registry as a co-owner sees it: everything but where the payout goes. */
export function aCoOwnerRegistry(overrides: Partial<CoOwnerRegistryView> = {}): CoOwnerRegistryView {
  const {
    paypalEmail: _p,
    mailingName: _n,
    mailingAddress: _a,
    mailingCity: _c,
    mailingState: _s,
    mailingZip: _z,
    mailingCountry: _m,
    ...managed
  } = anOwnerRegistry();
  return { ...managed, userId: 'owner-of-the-registry', isOwner: false as const, isCoOwner: true as const, ...overrides };
}

/** GET /api/registries/{id}/co-owners as the owner sees it by default: nobody else yet. */
export function somePeople(overrides: Partial<RegistryPeople> = {}): RegistryPeople {
  return {
    role: 'owner',
    owner: { userId: member.id, name: 'Sarah Cohen', email: member.email },
    coOwners: [],
    invitations: [],
    ...overrides,
  };
}

/** A gift as the owner's view lists it. */
export function aGift(overrides: Partial<RegistryGiftView> = {}): RegistryGiftView {
  return {
    id: 'g-1',
    giftGiverName: 'Rachel Levy',
    giftGiverEmail: 'rachel@example.com',
    currency: 'USD',
    amount: 36,
    childAmount: 32.4,
    charityAmount: 3.6,
    charityId: 'c-1',
    personalMessage: null,
    paymentStatus: 'succeeded',
    createdAt: '2026-03-02T15:00:00.000Z',
    ...overrides,
  };
}

export function aMyRegistry(overrides: Partial<MyRegistry> = {}): MyRegistry {
  return {
    id: REGISTRY_ID,
    shortCode: 'k7m2q9xz',
    childName: 'Noah',
    celebrationType: 'unspecified',
    celebrationDate: '2030-03-14T00:00:00.000Z',
    hebrewDate: HEBREW_DATE,
    photoUrl: null,
    photoFocusX: 50,
    photoFocusY: 50,
    preferredCharity: { id: 'c-1', name: 'Jewish Federation Community Fund' },
    currency: 'USD',
    status: 'open',
    totalReceived: 0,
    giftCount: 0,
    unlisted: false,
    role: 'owner',
    ...overrides,
  };
}

export function aSearchResult(overrides: Partial<RegistrySearchResult> = {}): RegistrySearchResult {
  const { totalReceived: _t, giftCount: _g, unlisted: _u, role: _r, ...card } = aMyRegistry(overrides);
  return card;
}

/**
 * GET /api/registries/{id} answers this registry (and 404 for any other id). For the owner's view,
 * the owner's payout reads answer too, as the server would for it: no charity breakdown yet and
 * the payout status the registry holds. Tests that need other answers add handlers after this.
 */
export function serveRegistry(registry: { id: string } | ManagerRegistryView) {
  server.use(
    http.get('/api/registries/:id', ({ params }) => {
      // Left to the handlers of GET /api/registries/my and /recent.
      if (params.id === 'my' || params.id === 'recent') return undefined;
      return params.id === registry.id
        ? HttpResponse.json(registry)
        : HttpResponse.json({ message: 'Registry not found' }, { status: 404 });
    }),
  );
  if ('isCoOwner' in registry && registry.isCoOwner) {
    server.use(
      http.get(`/api/registries/${registry.id}/charity-breakdown`, () => HttpResponse.json({ charities: [] })),
      http.get(`/api/registries/${registry.id}/co-owners`, () =>
        HttpResponse.json(
          somePeople({
            role: 'coOwner',
            owner: { userId: registry.userId, name: 'Rachel Rosen', email: 'rachel@example.com' },
            coOwners: [{ userId: member.id, name: 'Sarah Cohen', email: member.email }],
          }),
        ),
      ),
    );
  }
  if ('isOwner' in registry && registry.isOwner === true) {
    const owned = registry;
    server.use(
      http.get(`/api/registries/${owned.id}/co-owners`, () => HttpResponse.json(somePeople())),
      http.get(`/api/registries/${owned.id}/charity-breakdown`, () => HttpResponse.json({ charities: [] })),
      http.get(`/api/registries/${owned.id}/payout-status`, () =>
        HttpResponse.json({
          payoutMethod: owned.payoutMethod,
          payoutAmount: owned.payoutAmount,
          charityPayoutAmount: owned.charityPayoutAmount,
          payoutStatus: owned.payoutStatus,
          closedAt: owned.closedAt,
          payoutSentAt: owned.payoutSentAt,
          transferResult: null,
          followUps: [],
        }),
      ),
    );
  }
}
