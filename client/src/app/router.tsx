import { useLocation, useRoutes, matchRoutes, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/require-auth.tsx';
import { RouteErrorBoundary } from '../shared/errors/route-error.tsx';
import { lazyPage } from './lazy-page.tsx';
import { RootLayout } from './root-layout.tsx';

/** What a page route carries besides its element: how to fetch its chunk ahead (boot does, for the first page). */
interface PageHandle {
  preload: () => Promise<unknown>;
}

/**
 * A route whose page is a separate chunk (app/lazy-page.tsx), loaded with the rest of the message
 * catalogue — but the home page, whose messages are in the `shell` part loaded at boot.
 */
const page = (load: Parameters<typeof lazyPage>[0], messages: Parameters<typeof lazyPage>[1] = 'pages'): Pick<RouteObject, 'element' | 'handle'> => {
  const Page = lazyPage(load, messages);
  return { element: <Page />, handle: { preload: Page.preload } satisfies PageHandle };
};

/**
 * Spec §2 routes. Errors while a page loads or renders are caught by RouteErrorBoundary: inside
 * the root layout (RootLayout), so the header and footer stay; the console's own, around it.
 */
const appRoutes: RouteObject[] = [
  // The back-office console: its own chunk and layout, outside the member shell (features/admin).
  { path: '/admin/*', ...page(() => import('../features/admin/admin-page.tsx').then((m) => m.AdminPage)) },
  {
    element: <RootLayout />,
    children: [
      { index: true, ...page(() => import('../features/home/home-page.tsx').then((m) => m.HomePage), 'shell') },
      { path: 'auth', ...page(() => import('../features/auth/auth-page.tsx').then((m) => m.AuthPage)) },
      { path: 'auth/provider', ...page(() => import('../features/account-links/provider-result-page.tsx').then((m) => m.ProviderResultPage)) },
      { path: 'auth/forgot', ...page(() => import('../features/account-links/recovery-pages.tsx').then((m) => m.ForgotPasswordPage)) },
      { path: 'auth/reset', ...page(() => import('../features/account-links/recovery-pages.tsx').then((m) => m.ResetPasswordPage)) },
      { path: 'auth/verify', ...page(() => import('../features/account-links/recovery-pages.tsx').then((m) => m.VerifyEmailPage)) },
      {
        element: <RequireAuth />,
        children: [
          { path: 'wallet', ...page(() => import('../features/wallet/wallet-page.tsx').then((m) => m.WalletPage)) },
          { path: 'withdrawals', ...page(() => import('../features/withdrawals/withdrawals-page.tsx').then((m) => m.WithdrawalsPage)) },
          // Big-win claims (issue 33 item 4): each step's inbox message links to its claim.
          { path: 'claims', ...page(() => import('../features/claims/claims-page.tsx').then((m) => m.ClaimsPage)) },
          { path: 'claims/:id', ...page(() => import('../features/claims/claim-page.tsx').then((m) => m.ClaimPage)) },
          { path: 'account', ...page(() => import('../features/account-links/account-page.tsx').then((m) => m.AccountPage)) },
          { path: 'inbox', ...page(() => import('../features/inbox/inbox-page.tsx').then((m) => m.InboxPage)) },
          { path: 'messaging-v1', ...page(() => import('../features/messaging/messaging-page.tsx').then((m) => m.MessagingPage)) },
          { path: 'deposit', ...page(() => import('../features/deposit/deposit-page.tsx').then((m) => m.DepositPage)) },
          { path: 'payment', ...page(() => import('../features/deposit/payment-page.tsx').then((m) => m.PaymentPage)) },
          { path: 'payment-h8', ...page(() => import('../features/deposit/payment-handoff.tsx').then((m) => m.PaymentH8Page)) },
          { path: 'payment-h8-stripe', ...page(() => import('../features/deposit/payment-handoff.tsx').then((m) => m.PaymentH8StripePage)) },
          { path: 'payment-result-h8', ...page(() => import('../features/deposit/deposit-result-page.tsx').then((m) => m.PaymentResultH8Page)) },
          { path: 'deposit-result', ...page(() => import('../features/deposit/deposit-result-page.tsx').then((m) => m.DepositResultPage)) },
          { path: 'orders', ...page(() => import('../features/orders/orders-page.tsx').then((m) => m.OrdersPage)) },
          {
            path: 'main/keno',
            children: [
              { index: true, ...page(() => import('../features/keno/keno-page.tsx').then((m) => m.BingoPage)) },
              { path: 'keno24h', ...page(() => import('../features/keno/keno-page.tsx').then((m) => m.Keno24hPage)) },
            ],
          },
          {
            path: 'main/lotto',
            children: [
              { index: true, ...page(() => import('../features/draw/lotto-index-page.tsx').then((m) => m.LottoIndexPage)) },
              { path: ':code', ...page(() => import('../features/draw/draw-page.tsx').then((m) => m.DrawPage)) },
            ],
          },
          { path: 'payment-lotto-combination', ...page(() => import('../features/draw/checkout-page.tsx').then((m) => m.LottoCheckoutPage)) },
          {
            path: 'payment-result-lotto-combination',
            ...page(() => import('../features/draw/purchase-result-page.tsx').then((m) => m.LottoPurchaseResultPage)),
          },
          {
            path: 'main/sports',
            children: [
              { index: true, ...page(() => import('../features/football/football-page.tsx').then((m) => m.FootballPage)) },
              { path: 'hkjc-football', ...page(() => import('../features/football/football-page.tsx').then((m) => m.FootballPage)) },
              { path: 'hkjc-football-doc', ...page(() => import('../features/football-doc/football-doc-page.tsx').then((m) => m.FootballDocPage)) },
            ],
          },
          {
            path: 'sidebar/dashboards',
            children: [
              { index: true, ...page(() => import('../features/dashboards/dashboards-index-page.tsx').then((m) => m.DashboardsIndexPage)) },
              { path: 'hkjc-football', ...page(() => import('../features/dashboards/odds-dashboard-page.tsx').then((m) => m.OddsDashboardPage)) },
              { path: 'soccer', ...page(() => import('../features/dashboards/soccer-dashboard-page.tsx').then((m) => m.SoccerDashboardPage)) },
            ],
          },
        ],
      },
      { path: 'navbar', ...page(() => import('../features/layout/navbar-page.tsx').then((m) => m.NavbarPage)) },
      { path: 'services', ...page(() => import('../features/services/services-page.tsx').then((m) => m.ServicesPage)) },
      { path: 'main', ...page(() => import('../features/services/services-page.tsx').then((m) => m.MainIndexPage)) },
      { path: 'sidebar', ...page(() => import('../features/services/services-page.tsx').then((m) => m.SidebarIndexPage)) },
      { path: 'test', ...page(() => import('../features/self-check/self-check-page.tsx').then((m) => m.SelfCheckPage)) },
      { path: 'error/:page', ...page(() => import('../features/errors/error-sample-page.tsx').then((m) => m.ErrorSamplePage)) },
      { path: 'roadmap', ...page(() => import('../features/results/roadmap-page.tsx').then((m) => m.RoadmapPage)) },
      // Draw lotteries' results and statistics are public; a signed-in member sees their own lines highlighted.
      { path: 'roadmap/:code', ...page(() => import('../features/draw/results-page.tsx').then((m) => m.DrawResultsPage)) },
      { path: 'lotto-number-master', ...page(() => import('../features/draw/number-master-page.tsx').then((m) => m.NumberMasterPage)) },
      // Public, unlike the purchase screens under main/keno: anyone may read the rules first.
      { path: 'main/keno/rules', ...page(() => import('../features/rules/rules-page.tsx').then((m) => m.RulesPage)) },
      { path: 'about/company', ...page(() => import('../features/info/company-page.tsx').then((m) => m.CompanyPage)) },
      { path: 'about/privacy', ...page(() => import('../features/info/privacy-page.tsx').then((m) => m.PrivacyPage)) },
      { path: 'about/terms', ...page(() => import('../features/info/terms-page.tsx').then((m) => m.TermsPage)) },
      { path: 'responsible-play', ...page(() => import('../features/info/responsible-play-page.tsx').then((m) => m.ResponsiblePlayPage)) },
      { path: 'help/contact', ...page(() => import('../features/info/contact-page.tsx').then((m) => m.ContactPage)) },
      { path: 'help/faq', ...page(() => import('../features/info/faq-page.tsx').then((m) => m.FaqPage)) },
      { path: '*', ...page(() => import('../features/not-found/not-found-page.tsx').then((m) => m.NotFoundPage)) },
    ],
  },
];

/** The routes for the location on screen, with the console's error boundary around them. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return <RouteErrorBoundary resetKey={pathname}>{useRoutes(appRoutes)}</RouteErrorBoundary>;
}

/** Fetches the chunks of the pages `pathname` renders, so the first paint is the real page, not a blank one. */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(appRoutes, pathname) ?? [];
  // A chunk that fails to load is shown by the route's error boundary once mounted, not here.
  await Promise.all(matches.map((match) => (match.route.handle as PageHandle | undefined)?.preload().catch(() => undefined)));
}
