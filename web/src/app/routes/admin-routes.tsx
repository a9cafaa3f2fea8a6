import { Route, Routes } from 'react-router';
import { NotFoundPage, RequireAdmin } from '@/components/route-guards';
import { pagePatterns } from '@core/page-paths';
import { lazyRoute } from '@/app/lazy-route';

const CharityPayoutsPage = lazyRoute(() => import('@/features/admin/pages/charity-payouts-page'));
const CharityDetailsPage = lazyRoute(() => import('@/features/admin/pages/charity-details-page'));
const ManualPayoutsPage = lazyRoute(() => import('@/features/admin/pages/manual-payouts-page'));
const GiftRefundsPage = lazyRoute(() => import('@/features/admin/pages/gift-refunds-page'));
const FailedPayoutsPage = lazyRoute(() => import('@/features/admin/pages/failed-payouts-page'));
const FinancePage = lazyRoute(() => import('@/features/admin/pages/finance-page'));
const DisputesPage = lazyRoute(() => import('@/features/admin/pages/disputes-page'));

/** The pages under /admin/, as the descendant routes of /admin/* name them. */
const under = (pattern: string) => pattern.slice('/admin/'.length);

/**
 * The administrators' pages, in a chunk of their own that only /admin/… loads: a guest's first
 * script carries one route for them all, not one per page. Anyone not an administrator gets the 404
 * page, as on every admin call.
 */
export default function AdminRoutes() {
  return (
    <RequireAdmin>
      <Routes>
        <Route path={under(pagePatterns.adminCharityPayouts)} element={<CharityPayoutsPage />} />
        <Route path={under(pagePatterns.adminCharities)} element={<CharityDetailsPage />} />
        <Route path={under(pagePatterns.adminManualPayouts)} element={<ManualPayoutsPage />} />
        <Route path={under(pagePatterns.adminGiftRefunds)} element={<GiftRefundsPage />} />
        <Route path={under(pagePatterns.adminFailedPayouts)} element={<FailedPayoutsPage />} />
        <Route path={under(pagePatterns.adminFinance)} element={<FinancePage />} />
        <Route path={under(pagePatterns.adminDisputes)} element={<DisputesPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </RequireAdmin>
  );
}
