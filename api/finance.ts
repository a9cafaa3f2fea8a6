import { CURRENCIES } from '@core/money';
import { amountSchema } from './amount';
import { FINANCE_LINES } from '@core/ledger/finance-lines';
import { DIFFERENCE_KINDS, RECONCILIATION_STATUSES } from '@core/model/reconciliation';
import { arrayOf, count, exactObject, nullableInstant, oneOfValues, text, type Wire } from './json-schema';
import { operation } from './operation';

/** An amount that may be below zero (what an account moved in a month): a number with at most two decimals. */
const signedAmount = { type: 'number' } as const;
const nullableSignedAmount = { type: ['number', 'null'] } as const;
const month = { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' } as const;
const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

/** One figure of the finance page: what moved in the month, and where it stood at the month's end. */
export const financeLineSchema = exactObject({ id: oneOfValues(FINANCE_LINES), month: signedAmount, toDate: signedAmount });
export type FinanceLineView = Wire<typeof financeLineSchema>;

export const reconciliationDifferenceSchema = exactObject({
  key: text,
  kind: oneOfValues(DIFFERENCE_KINDS),
  /** The provider's currency code; another than ours for money moved in a currency we do not keep. */
  currency: text,
  transactionId: { type: ['string', 'null'] },
  reference: { type: ['string', 'null'] },
  provider: nullableSignedAmount,
  ledger: nullableSignedAmount,
  description: text,
  /** The day whose run found it. */
  day,
});

export const financeReportSchema = exactObject({
  currency: oneOfValues(CURRENCIES),
  month,
  lines: arrayOf(financeLineSchema),
  /** How much less cash the provider holds than is held for families and charities at the month's end; 0 when it holds enough. */
  cashShortfall: amountSchema,
  /** Gifts paid per month, the chosen month last. */
  giftVolume: arrayOf(exactObject({ month, amount: signedAmount })),
  reconciliation: exactObject({
    status: oneOfValues(['agreed', 'differences', 'failed', 'not_run'] as const),
    daysReconciled: count,
    lastRun: { anyOf: [exactObject({ day, status: oneOfValues(RECONCILIATION_STATUSES), finishedAt: nullableInstant }), { type: 'null' }] },
    differences: arrayOf(reconciliationDifferenceSchema),
    failures: arrayOf(exactObject({ day, failure: text })),
  }),
});
export type FinanceReportView = Wire<typeof financeReportSchema>;

const FINANCE_QUERY = {
  currency: { description: 'USD or CAD (USD when left out)' },
  month: { description: 'The month, as YYYY-MM in UTC (this month when left out); one that has begun' },
} as const;

export const financeOperations = [
  operation({
    method: 'GET',
    path: '/api/admin/finance',
    operationId: 'getFinanceReport',
    session: 'required',
    summary: 'The books of one currency and month, from the ledger, with the reconciliation with the provider (administrators)',
    query: FINANCE_QUERY,
    responses: {
      200: {
        description: 'Each figure for the month and to its end, the gift volume of the last 12 months, and the month’s reconciliation',
        schema: financeReportSchema,
      },
    },
  }),
  operation({
    method: 'GET',
    path: '/api/admin/finance/export',
    operationId: 'exportFinanceMonth',
    session: 'required',
    summary: "The month's ledger postings in one currency, for an accountant (administrators)",
    query: FINANCE_QUERY,
    responses: {
      200: {
        description: 'A CSV file (one row per posting; debits and credits as decimal amounts), named for the currency and month',
        file: 'text/csv',
      },
    },
  }),
];
