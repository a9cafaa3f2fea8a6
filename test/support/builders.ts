import type { NewUser } from '@core/model/user';
import type { NewCharity } from '@core/model/charity';
import type { NewGift } from '@core/ports/gift-repository';
import type { NewRegistry } from '@core/ports/registry-repository';
import { makeShortCode } from '@core/registry/short-code';

let counter = 0;
const next = () => `${Date.now().toString(36)}${(counter += 1)}`;

export function aNewUser(overrides: Partial<NewUser> = {}): NewUser {
  const id = next();
  return {
    username: `user${id}`,
    email: `user${id}@example.com`,
    passwordHash: 'not-a-real-hash',
    firstName: 'Sarah',
    lastName: 'Cohen',
    ...overrides,
  };
}

export function aCharity(overrides: Partial<NewCharity> = {}): NewCharity {
  return {
    name: `Charity ${next()}`,
    description: 'Feeds families in need.',
    website: 'https://example.org',
    imageUrl: '/charity-images/example.svg',
    category: 'community',
    ...overrides,
  };
}

export interface Registration {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
}

/** A sign-up body; overrides may remove fields or give them wrong types, for the bad-input tests. */
export function aRegistration(overrides: Record<string, unknown> = {}): Registration {
  const id = next();
  return {
    firstName: 'Sarah',
    lastName: 'Cohen',
    email: `parent${id}@example.com`,
    username: `parent${id}`,
    password: 'correct-horse',
    ...overrides,
  } as Registration;
}

export function aNewRegistry(userId: string, overrides: Partial<NewRegistry> = {}): NewRegistry {
  return {
    userId,
    shortCode: makeShortCode((count) => crypto.getRandomValues(new Uint8Array(count))),
    childName: 'Sarah Cohen',
    celebrationType: 'unspecified',
    celebrationDate: new Date('2027-05-16T00:00:00.000Z'),
    hebrewCalendar: 'diaspora',
    personalMessage: 'Thank you for celebrating with us!',
    photoUrl: null,
    photoFocusX: 50,
    photoFocusY: 50,
    preferredCharityId: null,
    allowCharityChoice: true,
    currency: 'USD',
    unlisted: false,
    ...overrides,
  };
}

export function aNewGift(registryId: string, charityId: string, overrides: Partial<NewGift> = {}): NewGift {
  return {
    registryId,
    charityId,
    giftGiverName: 'Aunt Miriam',
    giftGiverEmail: 'miriam@example.com',
    currency: 'USD',
    amount: 10_000,
    childAmount: 9_000,
    charityAmount: 1_000,
    platformFee: 300,
    cardFee: 339,
    personalMessage: null,
    paymentIntentId: null,
    paymentStatus: 'succeeded',
    ...overrides,
  };
}

/** A check to the family's mailing address, as the owner fills in the payout details to close. */
export function aCheckPayout(): Record<string, string> {
  return {
    payoutMethod: 'check',
    mailingName: 'Rachel Cohen',
    mailingAddress: '12 Elm St',
    mailingCity: 'Teaneck',
    mailingState: 'NJ',
    mailingZip: '07666',
  };
}
