import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** Users as GET /api/user and POST /api/login answer with them. */
export const member = {
  id: '6f0c1b8e-1d2a-4c55-9a2f-000000000001',
  username: 'sarah',
  email: 'sarah@example.com',
  firstName: 'Sarah',
  lastName: 'Cohen',
  profileImageUrl: null,
  isAdmin: false,
};

export const admin = {
  ...member,
  id: '6f0c1b8e-1d2a-4c55-9a2f-000000000002',
  username: 'admin',
  email: 'admin@example.com',
  firstName: 'Avi',
  lastName: 'Levi',
  isAdmin: true,
};

export const sandboxConfig = {
  paymentProvider: 'sandbox',
  stripePublishableKey: null,
  supportEmail: 'support@mitzvahgifts.example',
  supportPhone: '+1 (555) 010-1818',
  privacyEmail: 'privacy@mitzvahgifts.test',
  guestDataRetentionDays: 730,
  accountDeletionGraceDays: 14,
  // The server's default price: 2.9% + 30 cents in each currency.
  processingRates: { USD: { basisPoints: 290, fixedCents: 30 }, CAD: { basisPoints: 290, fixedCents: 30 } },
  sandboxTestMode: {
    cards: { succeeds: '4242424242424242', declined: '4000000000000002', disputed: '4000000000000259' },
    evidence: { wins: 'winning_evidence', loses: 'losing_evidence' },
  },
};

export const charities = [
  {
    id: 'c-1',
    name: 'Jewish Federation Community Fund',
    description: 'Strengthens local Jewish communities.',
    website: 'https://federation.example.org',
    imageUrl: '/charity-images/federation.svg',
    category: 'community',
    isActive: true,
    createdAt: '2024-01-01T00:00:00.000Z',
  },
  {
    id: 'c-2',
    name: 'Tikkun Civil Rights Project',
    description: 'Defends civil rights for all.',
    website: null,
    imageUrl: '/charity-images/tikkun.svg',
    category: 'civil-rights',
    isActive: true,
    createdAt: '2024-01-01T00:00:00.000Z',
  },
];

/** A visitor by default; tests add handlers with server.use(). */
export const defaultHandlers = [
  http.get('/api/user', () => HttpResponse.json({ message: 'Not authenticated' }, { status: 401 })),
  http.get('/api/config', () => HttpResponse.json(sandboxConfig)),
  http.get('/api/charities', () => HttpResponse.json(charities)),
  // A signed-in user starts with no registries; tests that need some add their own handler.
  http.get('/api/registries/my', () => HttpResponse.json([])),
  // No registry was created yet; tests of the visitors' Recent Registries serve some.
  http.get('/api/registries/recent', () => HttpResponse.json([])),
  // The forms show the Hebrew date of the day picked; tests of that answer per day with their own handler.
  http.get('/api/hebrew-date', () => HttpResponse.json({ date: '9 Adar II 5790', hebrew: 'ט׳ אדר ב׳ תש״צ', reading: null })),
  // A password-reset link is asked about as its page opens; it works unless a test says otherwise.
  http.post('/api/password-reset/check', () => HttpResponse.json({ message: 'This link can set a new password.' })),
];

export const server = setupServer(...defaultHandlers);

export function signInAs(user: typeof member): void {
  server.use(http.get('/api/user', () => HttpResponse.json(user)));
}
