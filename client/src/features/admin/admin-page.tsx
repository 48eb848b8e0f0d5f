import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { NavLink, Route, Routes } from 'react-router';
import { LocaleSelect } from '../../shared/ui/locale-select.tsx';
import { AdjustmentsPage } from './adjustments-page.tsx';
import { AuditPage } from './audit-page.tsx';
import { ClaimsPage } from './claims-page.tsx';
import { DepositsHeldPage } from './deposits-held-page.tsx';
import { DrawsPage } from './draws-page.tsx';
import { FeedsPage } from './feeds-page.tsx';
import { MemberDetailPage } from './members-detail-page.tsx';
import { MembersSearchPage } from './members-search-page.tsx';
import { NoticesPage } from './notices-page.tsx';
import { OrderDetailPage } from './order-detail-page.tsx';
import { OrdersPage } from './orders-page.tsx';
import { ReportsPage } from './reports-page.tsx';
import { PinsPage } from './pins-page.tsx';
import { PurchaseSheetPage } from './purchase-sheet-page.tsx';
import { QueuePage } from './queue-page.tsx';
import { ResultsPage } from './results-page.tsx';
import { SignIn } from './sign-in.tsx';
import { StaffPage } from './staff-page.tsx';
import { SupportPage } from './support-page.tsx';
import { WithdrawalsPage } from './withdrawals-page.tsx';
import { ConsoleContext, hasStaffCookie, isSupervisor, loadStaffSession, restoreStaffSession, saveStaffSession, staffHttp, type StaffSessionValue } from './staff-session.ts';
import './admin.css';

/**
 * The back-office console at /admin: its own lazily loaded chunk (nothing of it is in the member
 * bundle), its own sign-in (password + TOTP), its own layout. Operators work the queue;
 * supervisors also approve adjustments and read the audit log.
 */
export function AdminPage() {
  const [session, setSession] = useState<StaffSessionValue | null>(loadStaffSession);
  // A reload or a new tab: the HttpOnly cookie may still hold a live session this tab has not seen.
  // The server says whose and until when (GET /api/admin/me); until it answers, no sign-in form flashes.
  const [restoring, setRestoring] = useState(() => session === null && hasStaffCookie());
  useEffect(() => {
    if (!restoring) return undefined;
    let live = true;
    void restoreStaffSession()
      .then((restored) => {
        if (!live) return;
        saveStaffSession(restored);
        setSession(restored);
      })
      .finally(() => live && setRestoring(false));
    return () => {
      live = false;
    };
  }, [restoring]);
  const desk = useMemo(() => {
    if (!session) return null;
    const forget = () => {
      saveStaffSession(null);
      setSession(null);
    };
    const http = staffHttp(forget);
    // Signing out ends the session on the server (and its cookies); a refused session is only forgotten.
    const signOut = () => void http.post('/api/admin/auth/logout', undefined, { ignoreSessionRejection: true }).catch(() => undefined).finally(forget);
    return { session, http, signOut };
  }, [session]);

  if (restoring) return <div className="admin-shell admin-shell--signin" aria-busy="true" />;
  if (!desk) {
    return (
      <div className="admin-shell admin-shell--signin">
        <LocaleSelect compact />
        <SignIn
          onSignedIn={(value) => {
            saveStaffSession(value);
            setSession(value);
          }}
        />
      </div>
    );
  }
  return (
    <ConsoleContext.Provider value={desk}>
      <div className="admin-shell">
        <header className="admin-header">
          <strong><FormattedMessage id="admin.title" /></strong>
          <nav aria-label="Back office">
            <NavLink to="/admin" end><FormattedMessage id="admin.nav.queue" /></NavLink>
            <NavLink to="/admin/orders"><FormattedMessage id="admin.nav.orders" /></NavLink>
            <NavLink to="/admin/reports"><FormattedMessage id="admin.nav.reports" /></NavLink>
            <NavLink to="/admin/adjustments"><FormattedMessage id="admin.nav.adjustments" /></NavLink>
            <NavLink to="/admin/draws"><FormattedMessage id="admin.nav.draws" /></NavLink>
            <NavLink to="/admin/feeds"><FormattedMessage id="admin.nav.feeds" /></NavLink>
            <NavLink to="/admin/results"><FormattedMessage id="admin.nav.results" /></NavLink>
            <NavLink to="/admin/pins"><FormattedMessage id="admin.nav.pins" /></NavLink>
            <NavLink to="/admin/members"><FormattedMessage id="admin.nav.members" /></NavLink>
            <NavLink to="/admin/deposits"><FormattedMessage id="admin.nav.deposits" /></NavLink>
            <NavLink to="/admin/withdrawals"><FormattedMessage id="admin.nav.withdrawals" /></NavLink>
            <NavLink to="/admin/claims"><FormattedMessage id="admin.nav.claims" /></NavLink>
            <NavLink to="/admin/support"><FormattedMessage id="admin.nav.support" /></NavLink>
            <NavLink to="/admin/notices"><FormattedMessage id="admin.nav.notices" /></NavLink>
            {isSupervisor(desk.session) && <NavLink to="/admin/staff"><FormattedMessage id="admin.nav.staff" /></NavLink>}
            {isSupervisor(desk.session) && <NavLink to="/admin/audit"><FormattedMessage id="admin.nav.audit" /></NavLink>}
            {isSupervisor(desk.session) && <a href="/admin/queues"><FormattedMessage id="admin.nav.jobs" /></a>}
          </nav>
          <span className="admin-header__user">
            {/* Signed in as: the email (the seeded staff account's name, "Back office", read as untranslated words), and the role. */}
            {desk.session.user.email} · <FormattedMessage id={desk.session.user.role === 'supervisor' ? 'admin.role.supervisor' : 'admin.role.operator'} />
          </span>
          <LocaleSelect compact />
          <button type="button" className="button button--ghost button--small" onClick={desk.signOut}><FormattedMessage id="admin.signOut" /></button>
        </header>
        <main className="admin-main">
          <Routes>
            <Route index element={<QueuePage />} />
            <Route path="orders" element={<OrdersPage />} />
            <Route path="orders/:id" element={<OrderDetailPage />} />
            <Route path="reports" element={<ReportsPage />} />
            <Route path="adjustments" element={<AdjustmentsPage />} />
            <Route path="results" element={<ResultsPage />} />
            <Route path="draws" element={<DrawsPage />} />
            <Route path="feeds" element={<FeedsPage />} />
            <Route path="pins" element={<PinsPage />} />
            <Route path="members" element={<MembersSearchPage />} />
            <Route path="members/:id" element={<MemberDetailPage />} />
            <Route path="deposits" element={<DepositsHeldPage />} />
            <Route path="audit" element={<AuditPage />} />
            <Route path="staff" element={<StaffPage />} />
            <Route path="withdrawals" element={<WithdrawalsPage />} />
            <Route path="claims" element={<ClaimsPage />} />
            <Route path="support" element={<SupportPage />} />
            <Route path="support/:id" element={<SupportPage />} />
            <Route path="notices" element={<NoticesPage />} />
            <Route path="draws/:id/sheet" element={<PurchaseSheetPage per="draw" />} />
            <Route path="events/:id/sheet" element={<PurchaseSheetPage per="event" />} />
            <Route path="*" element={<QueuePage />} />
          </Routes>
        </main>
      </div>
    </ConsoleContext.Provider>
  );
}
