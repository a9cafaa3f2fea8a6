import { describe, expect, it } from 'vitest';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { InMemoryPaymentGateway } from '../../adapters/in-memory/in-memory-payment-gateway';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import type { LedgerEntry } from '@core/model/ledger-entry';
import { reconcileDay, reconcileYesterday } from '@core/ledger/reconcile-day';
import { dayBefore, dayRange } from '@core/model/reconciliation';
import { reconciliationDifferences } from '@core/ledger/reconciliation-rules';
import type { BalanceTransaction } from '@core/ports/payment-gateway';
import type { PostedLedgerEntry } from '@core/ports/ledger';
import { aNewUser } from '../support/builders';

const DAY = dayRange('2026-11-24')!;
const NOON = new Date('2026-11-24T12:00:00Z');

function posted(entry: LedgerEntry, postedAt = NOON): PostedLedgerEntry {
  return { ...entry, postedAt };
}

/** A gift of $100 paid with a $3.00 platform fee and a $3.39 card fee, of which the provider took `fee`. */
function giftPaid(reference: string, fee = 339): PostedLedgerEntry {
  return posted({
    key: `gift:${reference}:paid`,
    kind: 'gift.paid',
    currency: 'USD',
    reference,
    postings: [
      { account: 'provider:cash', amount: 10_639 - fee },
      { account: 'platform:card-fees-paid', amount: fee },
      { account: 'registry:r1:gifts', amount: -10_000 },
      { account: 'platform:fee-revenue', amount: -300 },
      { account: 'platform:card-fees-collected', amount: -339 },
    ],
  });
}

function refunded(reference: string): PostedLedgerEntry {
  return posted({
    key: `gift:${reference}:refunded`,
    kind: 'gift.refunded',
    currency: 'USD',
    reference,
    postings: [
      { account: 'registry:r1:gifts', amount: 10_000 },
      { account: 'platform:fee-revenue', amount: 300 },
      { account: 'platform:card-fees-collected', amount: 339 },
      { account: 'platform:card-fees-paid', amount: -339 },
      { account: 'platform:refunds-absorbed', amount: 339 },
      { account: 'provider:cash', amount: -10_639 },
    ],
  });
}

function payoutSent(reference: string | null, amount = 9_000, postedAt = NOON): PostedLedgerEntry {
  return posted(
    {
      key: `registry:${reference}:payout-sent`,
      kind: 'family_payout.sent',
      currency: 'USD',
      reference,
      postings: [
        { account: 'family:r1:payable', amount },
        { account: 'provider:cash', amount: -amount },
      ],
    },
    postedAt,
  );
}

function transaction(overrides: Partial<BalanceTransaction> & Pick<BalanceTransaction, 'id' | 'kind'>): BalanceTransaction {
  return { type: overrides.kind, reference: null, currency: 'USD', amount: 0, fee: 0, created: NOON, ...overrides };
}

const charge = (reference: string, amount = 10_639, fee = 339) =>
  transaction({ id: `txn_${reference}`, kind: 'charge', reference, amount, fee });

describe('matching the provider’s balance transactions to the ledger', () => {
  it('finds nothing when each charge, refund and transfer has its entry, for the amount and the fee', () => {
    const transactions = [
      charge('pi_1'),
      transaction({ id: 'txn_re_1', kind: 'refund', reference: 'pi_1', amount: -10_639 }),
      transaction({ id: 'txn_tr_1', kind: 'transfer', reference: 'tr_1', amount: -9_000 }),
    ];
    const entries = [giftPaid('pi_1'), refunded('pi_1'), payoutSent('tr_1')];
    expect(reconciliationDifferences({ day: DAY, transactions, entries })).toEqual([]);
  });

  it('names a charge we never saw, an amount that differs, a fee we did not know, and a transfer of ours the provider does not have', () => {
    const transactions = [
      charge('pi_unknown', 5_000, 175),
      charge('pi_more', 10_700, 339),
      charge('pi_fee', 10_639, 350),
      transaction({ id: 'txn_stripe_fee', kind: 'other', type: 'stripe_fee', amount: -2_500 }),
    ];
    const entries = [giftPaid('pi_more'), giftPaid('pi_fee'), payoutSent('tr_gone', 9_000)];
    const found = reconciliationDifferences({ day: DAY, transactions, entries });
    expect(found.map((difference) => [difference.kind, difference.key, difference.provider, difference.ledger])).toEqual([
      ['unrecorded', 'unrecorded:txn_pi_unknown', 5_000, null],
      ['amount_differs', 'amount_differs:txn_pi_more', 10_700, 10_639],
      ['unknown_fee', 'unknown_fee:txn_pi_fee', 350, 339],
      ['unknown_fee', 'unknown_fee:txn_stripe_fee', 2_500, 0],
      ['missing_at_provider', 'missing_at_provider:tr_gone', null, -9_000],
    ]);
    expect(found.map((difference) => difference.description)).toEqual([
      'A charge of $50.00 (pi_unknown) that the ledger never recorded.',
      'The charge pi_more: the provider has $107.00, the ledger $106.39.',
      'A fee of $3.50 on the charge pi_fee, where the ledger has $3.39.',
      'A stripe fee of $25.00 (txn_stripe_fee) that the ledger did not know.',
      'A bank transfer of $90.00 (tr_gone) that the provider does not have.',
    ]);
  });

  it.each(['gift.refunded_after_closing', 'gift.refunded_at_platform_cost'] as const)(
    'matches a provider refund to a %s entry, for all the giver paid',
    (kind) => {
      const entry = { ...refunded('pi_1'), kind };
      const refund = transaction({ id: 'txn_re', kind: 'refund', reference: 'pi_1', amount: -10_639 });
      expect(reconciliationDifferences({ day: DAY, transactions: [refund], entries: [giftPaid('pi_1'), entry] })).toEqual([]);
      expect(
        reconciliationDifferences({ day: DAY, transactions: [{ ...refund, amount: -10_000 }], entries: [entry] }).map(
          (difference) => difference.kind,
        ),
      ).toEqual(['amount_differs']);
    },
  );

  it('names a refund and a transfer the ledger never saw, and a fee on either', () => {
    const transactions = [
      transaction({ id: 'txn_re', kind: 'refund', reference: 'pi_never', amount: -10_639 }),
      transaction({ id: 'txn_tr', kind: 'transfer', reference: 'tr_never', amount: -9_000 }),
      transaction({ id: 'txn_tr_fee', kind: 'transfer', reference: 'tr_1', amount: -9_000, fee: 25 }),
    ];
    const found = reconciliationDifferences({ day: DAY, transactions, entries: [payoutSent('tr_1')] });
    expect(found.map((difference) => difference.key)).toEqual(['unrecorded:txn_re', 'unrecorded:txn_tr', 'unknown_fee:txn_tr_fee']);
  });

  it('matches a late payment refunded at once by the fee it lost, and leaves the platform’s own bank payouts out', () => {
    const late = posted({
      key: 'gift:g9:refunded',
      kind: 'gift.late_payment_refunded',
      currency: 'USD',
      reference: 'pi_late',
      postings: [
        { account: 'platform:refunds-absorbed', amount: 339 },
        { account: 'provider:cash', amount: -339 },
      ],
    });
    const transactions = [
      charge('pi_late'),
      transaction({ id: 'txn_re_late', kind: 'refund', reference: 'pi_late', amount: -10_639 }),
      transaction({ id: 'po_1', kind: 'payout', amount: -500_000 }),
    ];
    expect(reconciliationDifferences({ day: DAY, transactions, entries: [late] })).toEqual([]);
    expect(
      reconciliationDifferences({ day: DAY, transactions: [charge('pi_late', 10_639, 400)], entries: [late] }).map(
        (difference) => difference.kind,
      ),
    ).toEqual(['unknown_fee']);
  });

  it('counts a dispute the ledger never recorded as unrecorded, though the gift’s own entries name its payment', () => {
    const dispute = transaction({ id: 'txn_du', kind: 'other', type: 'adjustment', reference: 'pi_1', amount: -10_639, fee: 1_500 });
    expect(
      reconciliationDifferences({ day: DAY, transactions: [dispute], entries: [giftPaid('pi_1')] }).map(
        (difference) => difference.description,
      ),
    ).toEqual(['An adjustment of $106.39 (pi_1) that the ledger never recorded.']);
    // Recorded by an entry of its own (disputes will post their own kind; any kind but the gift's and the payout's will do here).
    const recorded = posted({
      key: 'dispute:du_1:lost',
      kind: 'opening',
      currency: 'USD',
      reference: 'pi_1',
      postings: [
        { account: 'platform:dispute-losses', amount: 10_639 },
        { account: 'provider:cash', amount: -10_639 },
      ],
    });
    expect(reconciliationDifferences({ day: DAY, transactions: [dispute], entries: [giftPaid('pi_1'), recorded] })).toEqual([]);
  });

  it('checks only the day’s own transactions and transfers, and matches across midnight within the margin', () => {
    const lastNight = new Date('2026-11-23T23:59:30Z');
    const justAfter = new Date('2026-11-25T00:00:20Z');
    const transactions = [
      transaction({ id: 'txn_before', kind: 'charge', reference: 'pi_unknown_yesterday', amount: 100, created: lastNight }),
      // Made at the provider a moment before midnight; our entry was posted just after it.
      transaction({ id: 'txn_tr_edge', kind: 'transfer', reference: 'tr_edge', amount: -9_000, created: new Date('2026-11-24T23:59:59Z') }),
    ];
    const entries = [payoutSent('tr_edge', 9_000, justAfter), payoutSent('tr_yesterday', 9_000, lastNight), payoutSent(null, 9_000)];
    expect(reconciliationDifferences({ day: DAY, transactions, entries })).toEqual([]);
    const next = dayRange('2026-11-25')!;
    expect(reconciliationDifferences({ day: next, transactions, entries })).toEqual([]);
  });
});

describe('the daily reconciliation', () => {
  async function world() {
    const repositories = createInMemoryRepositories();
    const gateway = new InMemoryPaymentGateway();
    const clock = new FixedClock(new Date('2026-11-25T03:00:00Z'));
    const admins = [
      await repositories.users.setAdmin((await repositories.users.create(aNewUser({ username: 'ops' }))).id, true),
      await repositories.users.setAdmin((await repositories.users.create(aNewUser({ username: 'books' }))).id, true),
    ];
    await repositories.users.create(aNewUser({ username: 'family' }));
    const ports = { unitOfWork: repositories, gateway, clock, appUrl: 'https://gifts.example.org', supportEmail: 'help@gifts.example.org' };
    return { repositories, gateway, clock, admins, ports };
  }

  it('reconciles yesterday once across instances, stores the run, and e-mails each new difference to every administrator once', async () => {
    const { repositories, gateway, ports, admins } = await world();
    gateway.otherBalanceTransactions.push(charge('pi_nobody'));
    const runs = await Promise.all([reconcileYesterday(ports), reconcileYesterday(ports), reconcileYesterday(ports)]);
    const ran = runs.filter((run) => run !== null);
    expect(ran).toHaveLength(1);
    expect(ran[0]).toMatchObject({ day: '2026-11-24', status: 'differences', transactions: 1, failure: null });
    expect(ran[0]!.differences.map((difference) => difference.key)).toEqual(['unrecorded:txn_pi_nobody']);
    expect(await repositories.reconciliations.listRuns('2026-11-01', '2026-11-30')).toEqual([
      expect.objectContaining({ day: '2026-11-24', status: 'differences' }),
    ]);

    const mails = repositories.mail.queued;
    expect(mails.map((mail) => mail.to).sort()).toEqual(admins.map((admin) => admin.email).sort());
    expect(mails[0]).toMatchObject({ subject: 'Reconciliation of 2026-11-24: 1 difference with the payment provider' });
    expect(mails[0]!.text).toContain('- A charge of $106.39 (pi_nobody) that the ledger never recorded.');
    expect(mails[0]!.text).toContain('https://gifts.example.org/admin/finance');

    // The operator runs the day again, with one more difference: only the new one is e-mailed.
    gateway.otherBalanceTransactions.push(transaction({ id: 'txn_fee', kind: 'other', type: 'stripe_fee', amount: -150 }));
    const again = await reconcileDay('2026-11-24', ports, { force: true });
    expect(again?.differences).toHaveLength(2);
    const later = repositories.mail.queued.slice(mails.length);
    expect(later).toHaveLength(2);
    expect(later[0]!.text).toContain('A stripe fee of $1.50');
    expect(later[0]!.text).not.toContain('pi_nobody');
    await reconcileDay('2026-11-24', ports, { force: true });
    expect(repositories.mail.queued).toHaveLength(mails.length + 2);
  });

  it('waits two hours after a day ends before reconciling it, for late webhooks and the sweep to land', async () => {
    const { ports, clock } = await world();
    clock.advance(-(90 * 60 * 1000)); // 01:30 on the 25th
    expect(await reconcileYesterday(ports)).toMatchObject({ day: '2026-11-23' });
    clock.advance(31 * 60 * 1000); // 02:01
    expect(await reconcileYesterday(ports)).toMatchObject({ day: '2026-11-24' });
  });

  it('records a day that agrees, without e-mail', async () => {
    const { repositories, ports } = await world();
    expect(await reconcileDay('2026-11-20', ports, { force: false })).toMatchObject({ status: 'agreed', differences: [], transactions: 0 });
    expect(repositories.mail.queued).toEqual([]);
  });

  it('leaves the day failed when the provider does not answer, and the next look runs it', async () => {
    const { repositories, gateway, ports } = await world();
    gateway.down = true;
    await expect(reconcileYesterday(ports)).rejects.toThrow('provider unavailable');
    expect(await repositories.reconciliations.listRuns('2026-11-24', '2026-11-24')).toEqual([
      expect.objectContaining({
        status: 'failed',
        failure: 'The payment provider did not list its balance transactions: provider unavailable',
      }),
    ]);
    gateway.down = false;
    expect(await reconcileYesterday(ports)).toMatchObject({ day: '2026-11-24', status: 'agreed' });
  });

  it('reads days in UTC and refuses what is not one', () => {
    expect(dayBefore(new Date('2026-12-01T00:30:00Z'))).toBe('2026-11-30');
    expect(dayRange('2026-11-24')).toEqual({ from: new Date('2026-11-24T00:00:00Z'), to: new Date('2026-11-25T00:00:00Z') });
    for (const bad of ['2026-02-30', '2026-13-01', '24-11-2026', '2026-11-24T00:00', '']) expect(dayRange(bad)).toBeNull();
  });
});
