import { useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { NavLink, Route, Routes } from 'react-router';
import { LocaleSelect } from '../../shared/i18n/locale-select.tsx';
import { AdjustmentsPage } from './adjustments-page.tsx';
import { AuditPage } from './audit-page.tsx';
import { QueuePage } from './queue-page.tsx';
import { SignIn } from './sign-in.tsx';
import { ConsoleContext, isSupervisor, loadStaffSession, saveStaffSession, staffHttp, type StaffSessionValue } from './staff-session.ts';
import './admin.css';

/**
 * The back-office console at /admin: its own lazily loaded chunk (nothing of it is in the member
 * bundle), its own sign-in (password + TOTP), its own layout. Operators work the queue;
 * supervisors also approve adjustments and read the audit log.
 */
export function AdminPage() {
  const [session, setSession] = useState<StaffSessionValue | null>(loadStaffSession);
  const desk = useMemo(() => {
    if (!session) return null;
    const signOut = () => {
      saveStaffSession(null);
      setSession(null);
    };
    return { session, http: staffHttp(session.token, signOut), signOut };
  }, [session]);

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
            <NavLink to="/admin/adjustments"><FormattedMessage id="admin.nav.adjustments" /></NavLink>
            {isSupervisor(desk.session) && <NavLink to="/admin/audit"><FormattedMessage id="admin.nav.audit" /></NavLink>}
            {isSupervisor(desk.session) && <a href="/admin/queues"><FormattedMessage id="admin.nav.jobs" /></a>}
          </nav>
          <span className="admin-header__user">
            {desk.session.user.name} · <FormattedMessage id={desk.session.user.role === 'supervisor' ? 'admin.role.supervisor' : 'admin.role.operator'} />
          </span>
          <LocaleSelect compact />
          <button type="button" className="button button--ghost button--small" onClick={desk.signOut}><FormattedMessage id="admin.signOut" /></button>
        </header>
        <main className="admin-main">
          <Routes>
            <Route index element={<QueuePage />} />
            <Route path="adjustments" element={<AdjustmentsPage />} />
            <Route path="audit" element={<AuditPage />} />
            <Route path="*" element={<QueuePage />} />
          </Routes>
        </main>
      </div>
    </ConsoleContext.Provider>
  );
}
