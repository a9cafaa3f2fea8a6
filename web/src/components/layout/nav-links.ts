import { paths } from '@core/page-paths';

export interface NavLinkItem {
  label: string;
  href: string;
}

export const adminLinks: NavLinkItem[] = [
  { label: 'Manual Payouts', href: paths.adminManualPayouts },
  { label: 'Charity Payouts', href: paths.adminCharityPayouts },
  { label: 'Charity Details', href: paths.adminCharities },
  { label: 'Gift Refunds', href: paths.adminGiftRefunds },
  { label: 'Failed Payouts', href: paths.adminFailedPayouts },
  { label: 'Finance', href: paths.adminFinance },
  { label: 'Disputes', href: paths.adminDisputes },
];

export const current = (pathname: string, href: string) => (pathname === href ? ('page' as const) : undefined);
