import { CHARITY_CATEGORIES, CHARITY_COUNTRIES } from '@core/model/charity';
import { charityDetailsSchema } from '@core/charity/charity-details-schema';
import { CURRENCIES } from '@core/money';
import { amountSchema } from './amount';
import { arrayOf, exactObject, flag, instant, nullableText, oneOfValues, text, type Wire } from './json-schema';
import { charityPayoutSchema } from './admin';
import { operation } from './operation';

/** A charity's legal details as a receipt states them (core/model/charity.ts). */
export const charityDetailsViewSchema = exactObject({
  legalName: text,
  country: oneOfValues(CHARITY_COUNTRIES),
  /** NN-NNNNNNN (US EIN) or NNNNNNNNNRRNNNN (Canadian registration number). */
  taxId: text,
  address: text,
  /** YYYY-MM-DD. */
  agreementDate: text,
});

/** A charity as administrators see it: with its legal details, or null while they are missing (no receipts are issued then). */
export const adminCharitySchema = exactObject({
  id: text,
  name: text,
  category: oneOfValues(CHARITY_CATEGORIES),
  isActive: flag,
  createdAt: instant,
  details: { anyOf: [charityDetailsViewSchema, { type: 'null' }] },
  /** Whether gifts over the threshold get a receipt in its name: its details are on file. */
  receiptsIssued: flag,
});
export type AdminCharityView = Wire<typeof adminCharitySchema>;
export type CharityDetailsView = Wire<typeof charityDetailsViewSchema>;

/** One line of a charity payout's donor list (core/payout/donor-list.ts). */
export const donorSchema = exactObject({
  receiptNumber: nullableText,
  giverName: text,
  /** Only where the giver agreed to share it with the charity. */
  giverEmail: nullableText,
  amount: amountSchema,
  currency: oneOfValues(CURRENCIES),
  /** YYYY-MM-DD, US Eastern time. */
  date: text,
  /** void: refunded or taken back; not a donation. */
  status: oneOfValues(['donation', 'void'] as const),
});

export const donorListSchema = exactObject({
  payout: charityPayoutSchema,
  donors: arrayOf(donorSchema),
});
export type DonorListView = Wire<typeof donorListSchema>;
export type DonorView = Wire<typeof donorSchema>;

export const charityReceiptOperations = [
  operation({
    method: 'GET',
    path: '/api/admin/charities',
    operationId: 'listCharitiesForAdmin',
    session: 'required',
    summary: 'Every charity, active or not, with its legal details and whether receipts are issued in its name (administrators)',
    responses: { 200: { description: 'By name', schema: arrayOf(adminCharitySchema) } },
  }),
  operation({
    method: 'GET',
    path: '/api/admin/charities/{id}',
    operationId: 'getCharityForAdmin',
    session: 'required',
    summary: 'One charity with its legal details (administrators)',
    responses: { 200: { description: 'The charity', schema: adminCharitySchema } },
  }),
  operation({
    method: 'PATCH',
    path: '/api/admin/charities/{id}',
    operationId: 'updateCharityDetails',
    session: 'required',
    summary:
      "Record a charity's legal name, country, tax id, address and agreement date, all at once; a bad field changes nothing (administrators)",
    body: charityDetailsSchema,
    responses: { 200: { description: 'The charity now', schema: adminCharitySchema } },
  }),
  operation({
    method: 'GET',
    path: '/api/admin/charity-payouts/{id}/donors',
    operationId: 'listCharityPayoutDonors',
    session: 'required',
    summary:
      "A charity payout's donor list: receipt number, giver, e-mail where shared, amount, date; voided receipts as void (administrators)",
    query: { format: { description: 'json (the default) or csv' } },
    responses: { 200: { description: 'Oldest first; a CSV file with format=csv', schema: donorListSchema, file: 'text/csv' } },
  }),
  operation({
    method: 'GET',
    path: '/api/admin/charity-payouts/{id}/donors.csv',
    operationId: 'downloadCharityPayoutDonors',
    session: 'required',
    summary: "A charity payout's donor list as a CSV file (administrators)",
    responses: { 200: { description: 'One row per donor, oldest first', file: 'text/csv' } },
  }),
];
