import { http, HttpResponse } from 'msw';
import { payoutStatusOf } from '../../web/src/features/payouts/api/payout-api';
import type { ConnectAccountStatus, PayoutStatusView } from '@api/payouts';
import type { OwnerRegistryView } from '@api/registries';
import { server } from './msw-server';
import { anOwnerRegistry, NOTHING_HELD, REGISTRY_ID } from './registry-fixtures';

/** Payout answers as the server answers them. */

export const noAccount: ConnectAccountStatus = { accountId: null, payoutsEnabled: false, requirementsDue: [], country: null };

export function anAccount(overrides: Partial<ConnectAccountStatus> = {}): ConnectAccountStatus {
  return { accountId: 'acct_sandbox_1', payoutsEnabled: false, requirementsDue: ['external_account'], country: 'US', ...overrides };
}

export const verifiedAccount = anAccount({ payoutsEnabled: true, requirementsDue: [] });

/** GET /api/connect/account-status answers these in turn (the last one from then on). */
export function serveAccountStatus(...answers: ConnectAccountStatus[]) {
  const calls: number[] = [];
  server.use(
    http.get('/api/connect/account-status', () => {
      calls.push(Date.now());
      const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
      return HttpResponse.json(answer);
    }),
  );
  return calls;
}

/** The owner's view of a closed registry with $180 received. */
export function aClosedRegistry(overrides: Partial<OwnerRegistryView> = {}): OwnerRegistryView {
  return anOwnerRegistry({
    status: 'closed',
    giftCount: 2,
    hasGifts: true,
    totalReceived: 180,
    closingAmounts: { payoutAmount: 162, charityPayoutAmount: 18, held: NOTHING_HELD },
    closedAt: '2030-04-02T15:00:00.000Z',
    payoutAmount: 162,
    charityPayoutAmount: 18,
    payoutStatus: 'pending',
    ...overrides,
  });
}

export function aPayoutStatus(registry: OwnerRegistryView, overrides: Partial<PayoutStatusView> = {}): PayoutStatusView {
  return { ...payoutStatusOf(registry), ...overrides };
}

export function servePayoutStatus(status: PayoutStatusView, id = REGISTRY_ID) {
  server.use(http.get(`/api/registries/${id}/payout-status`, () => HttpResponse.json(status)));
}
