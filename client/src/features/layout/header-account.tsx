import { formatPoints } from '@gp/common/money';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { authPathFor } from '../../shared/navigation/navigator.ts';
import { isLoggedInAtom, userAtom } from '../../shared/session/session-atoms.ts';
import { LoginIcon, LogoutIcon, RefreshIcon, WalletIcon } from '../../shared/ui/icons.tsx';
import { useMe } from '../../shared/account/me-query.ts';
import { useRefreshAccount } from '../../shared/account/use-refresh-account.ts';
import { useLogout } from '../../shared/session/use-logout.ts';
import { InboxBadge } from '../../shared/account/inbox-badge.tsx';

function GuestAccount() {
  const { pathname, search } = useLocation();
  // From the home page a member lands in the wallet; from anywhere else they come back.
  const next = pathname === '/' ? '' : `${pathname}${search}`;
  return (
    <div className="account">
      <span className="account__guest">
        <FormattedMessage id="header.guest" />
      </span>
      <Link to={authPathFor(next, 'login')} className="button button--primary button--small" data-testid="header-login">
        <LoginIcon size={16} />
        <FormattedMessage id="header.login" />
      </Link>
    </div>
  );
}

function MemberAccount() {
  const intl = useIntl();
  const me = useMe();
  const [storedUser, setStoredUser] = useAtom(userAtom);
  const { refresh, refreshing } = useRefreshAccount();
  const logout = useLogout();

  // /api/me is the truth about the member; keep localStorage.user in step with it.
  const freshUser = me.data?.user;
  useEffect(() => {
    if (freshUser && JSON.stringify(freshUser) !== JSON.stringify(storedUser)) setStoredUser(freshUser);
  }, [freshUser, storedUser, setStoredUser]);

  const name = freshUser?.name ?? storedUser.name ?? '';
  const balance = me.data ? formatPoints(me.data.balance, intl.locale) : me.isError ? '—' : '…';
  // Without real points, the trial points are said under the 0.00 GP: a new member's 0.00 GP is not all they have.
  const trial = me.data && me.data.balance === 0 && me.data.trialBalance > 0 ? formatPoints(me.data.trialBalance, intl.locale) : null;
  const updateLabel = intl.formatMessage({ id: 'header.update' });

  return (
    <div className="account">
      <Link to="/account" className="account__name" title={intl.formatMessage({ id: 'header.member' }, { name })} data-testid="header-account">
        {name}
      </Link>
      <Link to="/wallet" className="balance-chip" title={`${name} · ${intl.formatMessage({ id: 'header.balance' })}`}>
        <WalletIcon size={16} />
        <span className="visually-hidden">
          <FormattedMessage id="header.balance" />
        </span>
        <span className="balance-chip__figures">
          <span data-testid="header-balance" aria-live="polite">
            <FormattedMessage id="app.gp" values={{ amount: balance }} />
          </span>
          {trial && (
            <span className="balance-chip__trial" data-testid="header-trial-balance">
              <FormattedMessage id="header.trialBalance" values={{ amount: trial }} />
            </span>
          )}
        </span>
      </Link>
      <Link to="/deposit" className="button button--primary button--small">
        <FormattedMessage id="header.deposit" />
      </Link>
      <InboxBadge />
      <button
        type="button"
        className="icon-button"
        data-testid="header-update"
        aria-label={updateLabel}
        title={updateLabel}
        disabled={refreshing}
        onClick={() => void refresh()}
      >
        <RefreshIcon size={18} className={refreshing ? 'spin' : undefined} />
      </button>
      <button
        type="button"
        className="button button--ghost button--small account__logout"
        data-testid="header-logout"
        title={intl.formatMessage({ id: 'header.logout' })}
        onClick={() => void logout()}
      >
        <LogoutIcon size={16} />
        <span className="button__label">
          <FormattedMessage id="header.logout" />
        </span>
      </button>
    </div>
  );
}

/** Spec §2 header account area: guest label and login, or name, live balance, deposit, update, logout. */
export function HeaderAccount() {
  return useAtomValue(isLoggedInAtom) ? <MemberAccount /> : <GuestAccount />;
}
