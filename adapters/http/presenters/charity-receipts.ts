import { toWireAmount } from '@api/amount';
import type { AdminCharityView, DonorListView } from '@api/charity-receipts';
import type { Charity } from '@core/model/charity';
import { issuesReceipts } from '@core/charity/charity-details';
import { centsToDecimalString } from '@core/money';
import type { AuditActor } from '@core/model/audit-event';
import type { DonorList } from '@core/payout/donor-list';
import { presentCharityPayout } from './admin';
import { csvText } from './csv';

export function presentAdminCharity(charity: Charity) {
  return {
    id: charity.id,
    name: charity.name,
    category: charity.category,
    isActive: charity.isActive,
    createdAt: charity.createdAt.toISOString(),
    details: charity.details ? { ...charity.details } : null,
    receiptsIssued: issuesReceipts(charity),
  } satisfies AdminCharityView;
}

export function presentDonorList(list: DonorList, viewer: AuditActor) {
  return {
    payout: presentCharityPayout({ ...list.payout, charityName: list.charityName }, viewer),
    donors: list.donors.map((donor) => ({ ...donor, amount: toWireAmount(donor.amount) })),
  } satisfies DonorListView;
}

/** The donor list as the charity keeps it: one row per donor, amounts as decimals (never through a float). */
export function donorListCsv(list: DonorList): string {
  const rows = list.donors.map((donor) => [
    donor.receiptNumber ?? '',
    donor.giverName,
    donor.giverEmail ?? '',
    centsToDecimalString(donor.amount),
    donor.currency,
    donor.date,
    donor.status,
  ]);
  return csvText([['Receipt number', 'Giver name', 'Giver e-mail', 'Amount', 'Currency', 'Date', 'Status'], ...rows]);
}
