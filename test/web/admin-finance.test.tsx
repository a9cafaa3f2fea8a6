import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FinanceReportView } from '../../web/src/features/admin/api/admin-finance';
import { FINANCE_LINES } from '@core/ledger/finance-lines';
import { admin, server, signInAs } from './msw-server';
import { renderApp } from './render-app';

const thisMonth = new Date().toISOString().slice(0, 7);

function aReport(overrides: Partial<FinanceReportView> = {}): FinanceReportView {
  const month = overrides.month ?? thisMonth;
  return {
    currency: 'USD',
    month,
    lines: FINANCE_LINES.map((id) => ({ id, month: 0, toDate: 0 })),
    cashShortfall: 0,
    giftVolume: Array.from({ length: 12 }, (_, index) => ({
      month: new Date(Date.UTC(2026, index, 1)).toISOString().slice(0, 7),
      amount: index * 10,
    })),
    reconciliation: { status: 'not_run', daysReconciled: 0, lastRun: null, differences: [], failures: [] },
    ...overrides,
  };
}

function serve(answer: (currency: string, month: string) => FinanceReportView) {
  const asked: string[] = [];
  server.use(
    http.get('/api/admin/finance', ({ request }) => {
      const url = new URL(request.url);
      const currency = url.searchParams.get('currency') ?? '';
      const month = url.searchParams.get('month') ?? '';
      asked.push(`${currency} ${month}`);
      return HttpResponse.json(answer(currency, month));
    }),
  );
  return asked;
}

async function openFinance() {
  signInAs(admin);
  const app = renderApp('/admin/finance');
  // The page's first load brings MUI X Charts, which takes a while to transform on a busy machine.
  await screen.findByRole('heading', { level: 1, name: 'Finance' }, { timeout: 15_000 });
  return app;
}

describe('Admin → Finance', () => {
  it('shows this month’s figures in USD, each for the month and now, grouped, with the CSV of the month', async () => {
    const lines = FINANCE_LINES.map((id) => ({ id, month: 0, toDate: 0 }));
    Object.assign(lines.find((line) => line.id === 'moneyTaken')!, { month: 1063.9, toDate: 5210.55 });
    Object.assign(lines.find((line) => line.id === 'heldForOpenRegistries')!, { month: -120.5, toDate: 900 });
    serve(() => aReport({ lines }));
    await openFinance();
    expect(document.title).toBe('Finance | Mitzvah Gifts');
    const table = await screen.findByRole('table', { name: /^USD in / });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(
      within(row('Money taken'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$1,063.90', '$5,210.55']);
    expect(
      within(row('Held for families: open registries'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['-$120.50', '$900.00']);
    expect(within(table).getByRole('columnheader', { name: 'Now' })).toBeInTheDocument();
    for (const group of ['Money in and given back', 'Held for others', 'Paid out', 'The platform', 'At the payment provider'])
      expect(within(table).getByRole('columnheader', { name: group })).toBeInTheDocument();
    for (const name of [
      'Refunded to givers',
      'Dispute losses',
      'Dispute fees',
      'Platform net',
      'Held for others, in all',
      'Taken by the provider for disputes',
    ])
      expect(row(name)).toBeInTheDocument();
    // All is well: no warning.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Download .* as CSV/ })).toHaveAttribute(
      'href',
      `/api/admin/finance/export?currency=USD&month=${thisMonth}`,
    );
    expect(
      screen.getByText('No day of this month has been reconciled yet. Days are reconciled once each is over (UTC).'),
    ).toBeInTheDocument();
  });

  it('warns when cash at the provider is short of what is held for families and charities, saying by how much', async () => {
    const lines = FINANCE_LINES.map((id) => ({ id, month: 0, toDate: 0 }));
    Object.assign(lines.find((line) => line.id === 'providerCash')!, { toDate: 4.99 });
    Object.assign(lines.find((line) => line.id === 'heldForCharities')!, { toDate: 10 });
    Object.assign(lines.find((line) => line.id === 'heldForOthers')!, { toDate: 10 });
    Object.assign(lines.find((line) => line.id === 'disputeFees')!, { toDate: 15 });
    serve(() => aReport({ lines, cashShortfall: 5.01 }));
    await openFinance();
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('Cash at the payment provider is $5.01 short of what is held for others.');
    expect(warning).toHaveTextContent('It holds $4.99 now, while $10.00 is held for families and charities');
  });

  it('gives the chart of gift volume a table of the same numbers for screen readers', async () => {
    serve(() => aReport());
    await openFinance();
    const alternative = await screen.findByRole('table', { name: 'Gifts paid in USD, by month' });
    expect(within(alternative).getAllByRole('row')).toHaveLength(13);
    expect(within(alternative).getByRole('row', { name: 'March 2026 $20.00' })).toBeInTheDocument();
    expect(screen.getByText(/Gifts paid in USD each month, from January 2026 to December 2026: \$660\.00 in all\./)).toBeInTheDocument();
  });

  it('lists the month’s differences with the provider and the days that failed', async () => {
    serve(() =>
      aReport({
        reconciliation: {
          status: 'differences',
          daysReconciled: 3,
          lastRun: { day: `${thisMonth}-03`, status: 'failed', finishedAt: null },
          differences: [
            {
              key: 'unrecorded:txn_1',
              kind: 'unrecorded',
              currency: 'USD',
              transactionId: 'txn_1',
              reference: 'pi_1',
              provider: 50,
              ledger: null,
              description: 'A charge of $50.00 (pi_1) that the ledger never recorded.',
              day: `${thisMonth}-02`,
            },
          ],
          failures: [{ day: `${thisMonth}-03`, failure: 'The payment provider did not list its balance transactions: timeout' }],
        },
      }),
    );
    await openFinance();
    const differences = await screen.findByRole('list', { name: 'Differences with the provider' });
    expect(within(differences).getByRole('listitem')).toHaveTextContent(
      `${thisMonth}-02: A charge of $50.00 (pi_1) that the ledger never recorded.`,
    );
    expect(screen.getByText('Differences')).toBeInTheDocument();
    expect(screen.getByText(`${thisMonth}-03: The payment provider did not list its balance transactions: timeout`)).toBeInTheDocument();
  });

  it('asks again for the currency and month chosen, and names the column after that month’s end', async () => {
    const asked = serve((currency, month) => aReport({ currency: currency as 'USD' | 'CAD', month }));
    const { user } = await openFinance();
    await screen.findByRole('table', { name: /^USD in / });
    await user.click(screen.getByRole('combobox', { name: 'Currency' }));
    await user.click(await screen.findByRole('option', { name: 'CAD' }));
    await screen.findByRole('table', { name: /^CAD in / });
    await user.click(screen.getByRole('combobox', { name: 'Month' }));
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(24);
    await user.click(options[1]!);
    const table = await screen.findByRole('table', { name: /^CAD in / });
    await waitFor(() => expect(within(table).getByRole('columnheader', { name: /^End of / })).toBeInTheDocument());
    expect(asked.at(-1)).toMatch(/^CAD \d{4}-\d{2}$/);
    expect(asked.at(-1)).not.toBe(`CAD ${thisMonth}`);
  });
});
