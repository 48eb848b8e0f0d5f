import { FormattedMessage } from 'react-intl';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { SiteFooter } from '../features/layout/site-footer.tsx';
import { PlayStateBanner } from '../features/layout/play-state-banner.tsx';
import { RealityCheckDialog } from '../features/layout/reality-check-dialog.tsx';
import { SiteHeader } from '../features/layout/site-header.tsx';
import { RouteErrorBoundary } from '../shared/errors/route-error.tsx';
import { ScrollManager } from '../shared/navigation/scroll-manager.tsx';
import { PluginSlots } from './slots.tsx';

export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <div className="shell">
      <Link to="#main" className="skip-link">
        <FormattedMessage id="app.skipToContent" />
      </Link>
      <SiteHeader />
      <PlayStateBanner />
      <RealityCheckDialog />
      <main id="main" className="shell__main" tabIndex={-1}>
        {/* A page that fails keeps the header and footer around its error. */}
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
      <ScrollManager />
      <PluginSlots />
    </div>
  );
}
