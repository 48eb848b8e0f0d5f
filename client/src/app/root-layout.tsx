import { FormattedMessage } from 'react-intl';
import { Link, Outlet } from 'react-router';
import { SiteFooter } from '../features/layout/site-footer.tsx';
import { SiteHeader } from '../features/layout/site-header.tsx';
import { ScrollManager } from '../shared/navigation/scroll-manager.tsx';
import { PluginSlots } from './slots.tsx';

export function RootLayout() {
  return (
    <div className="shell">
      <Link to="#main" className="skip-link">
        <FormattedMessage id="app.skipToContent" />
      </Link>
      <SiteHeader />
      <main id="main" className="shell__main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollManager />
      <PluginSlots />
    </div>
  );
}
