import { matchPath, Route, Routes } from 'react-router';
import { lazyPage } from './lazy-page';
import { AppLayout } from '@/components/layout/app-layout';
import { PageSpinner } from '@/components/page-spinner';
import { NotFoundPage, RequireAuth, VisitorOnly } from '@/components/route-guards';
import { useUser } from '@/lib/use-user';
import { pagePatterns } from '@core/page-paths';
import { lazyRoute as lazy } from './lazy-route';

// Every page is its own chunk, loaded when first shown.
const LandingPage = lazyPage(() => import('@/features/home/pages/landing-page'));
const DashboardPage = lazy(() => import('@/features/home/pages/dashboard-page'));
const AuthPage = lazy(() => import('@/features/auth/pages/auth-page'));
const CreateRegistryPage = lazy(() => import('@/features/registries/pages/create-registry-page'));
const RegistryRoute = lazyPage(() => import('./routes/registry-route'));
const ShortLinkPage = lazyPage(() => import('@/features/registries/pages/short-link-page'));
const GiftPage = lazyPage(() => import('@/features/gifts/pages/gift-page'));
const CheckoutPage = lazyPage(() => import('@/features/gifts/pages/checkout-page'));
const InvitationPage = lazyPage(() => import('@/features/invitations/pages/invitation-page'));
const CharitiesPage = lazyPage(() => import('@/features/charities/pages/charities-page'));
const FaqPage = lazyPage(() => import('@/features/faq/pages/faq-page'));
const GiftListPage = lazy(() => import('@/features/registries/pages/gift-list-page'));
const InvitationInsertPage = lazy(() => import('@/features/registries/pages/invitation-insert-page'));
const GuestListPage = lazy(() => import('@/features/guests/pages/guest-list-page'));
const MailingLabelsPage = lazy(() => import('@/features/guests/pages/mailing-labels-page'));
const ThankYouCardsPage = lazy(() => import('@/features/thank-you/pages/thank-you-cards-page'));
const PrintCardPage = lazy(() => import('@/features/thank-you/pages/print-card-page'));
const AdminRoutes = lazy(() => import('./routes/admin-routes'));
const ResetPasswordPage = lazy(() => import('@/features/auth/pages/reset-password-page'));
const AccountPage = lazy(() => import('@/features/account/pages/account-page'));
const ConfirmEmailPage = lazy(() => import('@/features/account/pages/confirm-email-page'));
const ExportDownloadPage = lazy(() => import('@/features/account/pages/export-download-page'));
const CoOwnerAcceptRoute = lazy(() => import('./routes/co-owner-accept-route'));
const PrivacyPage = lazy(() => import('@/features/legal/pages/privacy-page'));
const TermsPage = lazy(() => import('@/features/legal/pages/terms-page'));
const SecurityPage = lazy(() => import('@/features/legal/pages/security-page'));
const UnsubscribePage = lazy(() => import('@/features/newsletter/pages/unsubscribe-page'));
const MailUnsubscribePage = lazy(() => import('@/features/mail/pages/mail-unsubscribe-page'));
const SandboxOnboardingPage = lazy(() => import('@/features/sandbox/pages/sandbox-onboarding-page'));

/**
 * The pages a link on a page the server drew may open before the app is live (the first script
 * keeps such a tap: scripts/vite-route-preload.ts lists the same pages). / opens the landing page
 * for a visitor, the only one who sees a page the server drew there.
 */
const PAGES_A_TAP_OPENS = [
  ['/', LandingPage],
  [pagePatterns.registry, RegistryRoute],
  [pagePatterns.gift, GiftPage],
  [pagePatterns.checkout, CheckoutPage],
  [pagePatterns.shortLink, ShortLinkPage],
  [pagePatterns.guestInvitation, InvitationPage],
  [pagePatterns.charities, CharitiesPage],
  [pagePatterns.faq, FaqPage],
] as const;

/** Loads the page at a path ahead of its first render, so that render shows it at once; resolves at once for any other path. */
export async function preloadPageAt(pathname: string): Promise<void> {
  const page = PAGES_A_TAP_OPENS.find(([pattern]) => matchPath(pattern, pathname) !== null);
  if (page) await page[1].preload();
}

/** / is the landing page for visitors and the dashboard for signed-in users. */
function HomeRoute() {
  const { user, isLoading } = useUser();
  if (isLoading) return <PageSpinner label="Checking your account…" />;
  return user ? <DashboardPage /> : <LandingPage />;
}

/** The route table of docs/product.md#route-table, each page at its pattern (core/page-paths.ts). Mount it inside a router and <AppProviders>. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<HomeRoute />} />
        <Route
          path={pagePatterns.auth}
          element={
            <VisitorOnly>
              <AuthPage />
            </VisitorOnly>
          }
        />

        {/* Public */}
        <Route path={pagePatterns.registry} element={<RegistryRoute />} />
        <Route path={pagePatterns.gift} element={<GiftPage />} />
        <Route path={pagePatterns.checkout} element={<CheckoutPage />} />
        <Route path={pagePatterns.charities} element={<CharitiesPage />} />
        <Route path={pagePatterns.faq} element={<FaqPage />} />
        <Route path={pagePatterns.shortLink} element={<ShortLinkPage />} />
        <Route path={pagePatterns.guestInvitation} element={<InvitationPage />} />
        <Route path={pagePatterns.privacy} element={<PrivacyPage />} />
        <Route path={pagePatterns.terms} element={<TermsPage />} />
        <Route path={pagePatterns.security} element={<SecurityPage />} />
        {/* Reached from e-mailed links, signed in or not */}
        <Route path={pagePatterns.resetPassword} element={<ResetPasswordPage />} />
        <Route path={pagePatterns.confirmEmail} element={<ConfirmEmailPage />} />
        <Route path={pagePatterns.accountExport} element={<ExportDownloadPage />} />
        <Route path={pagePatterns.acceptCoOwnership} element={<CoOwnerAcceptRoute />} />
        <Route path={pagePatterns.newsletterUnsubscribe} element={<UnsubscribePage />} />
        <Route path={pagePatterns.unsubscribe} element={<MailUnsubscribePage />} />
        {/* The sandbox payment provider's onboarding: reached from its link, signed in or not */}
        <Route path={pagePatterns.sandboxOnboarding} element={<SandboxOnboardingPage />} />

        {/* Signed in */}
        <Route
          path={pagePatterns.createRegistry}
          element={
            <RequireAuth reason="You need to be logged in to create a registry.">
              <CreateRegistryPage />
            </RequireAuth>
          }
        />
        <Route
          path={pagePatterns.account}
          element={
            <RequireAuth reason="You need to be logged in to see your account.">
              <AccountPage />
            </RequireAuth>
          }
        />
        <Route
          path={pagePatterns.registryGifts}
          element={
            <RequireAuth reason="You need to be logged in to see the gifts.">
              <GiftListPage />
            </RequireAuth>
          }
        />
        <Route
          path={pagePatterns.registryInsert}
          element={
            <RequireAuth reason="You need to be logged in to print an invitation insert.">
              <InvitationInsertPage />
            </RequireAuth>
          }
        />
        <Route
          path={pagePatterns.registryGuests}
          element={
            <RequireAuth reason="You need to be logged in to see the guest list.">
              <GuestListPage />
            </RequireAuth>
          }
        />
        <Route
          path={pagePatterns.registryGuestLabels}
          element={
            <RequireAuth reason="You need to be logged in to print mailing labels.">
              <MailingLabelsPage />
            </RequireAuth>
          }
        />
        <Route
          path={pagePatterns.thankYouCards}
          element={
            <RequireAuth reason="You need to be logged in to write thank-you cards.">
              <ThankYouCardsPage />
            </RequireAuth>
          }
        />
        <Route
          path={pagePatterns.thankYouCardPrint}
          element={
            <RequireAuth reason="You need to be logged in to print thank-you cards.">
              <PrintCardPage />
            </RequireAuth>
          }
        />

        {/* Admins only; anyone else gets the 404 page */}
        <Route path="/admin/*" element={<AdminRoutes />} />

        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
