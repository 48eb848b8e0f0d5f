import './auth.css';
import { formatPoints } from '@gp/common/money';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ProviderLoginButtons } from '../../shared/account/provider-login.tsx';
import { safeNextPath } from '../../shared/navigation/navigator.ts';
import { isLoggedInAtom } from '../../shared/session/session-atoms.ts';
import { useSite } from '../../shared/site/site-query.ts';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { CheckIcon, LogoMark } from '../../shared/ui/icons.tsx';
import { LoginForm } from './login-form.tsx';
import { signupLinkOf } from './signup-code-step.tsx';
import { SignupForm } from './signup-form.tsx';

const PERKS = ['auth.perk.points', 'auth.perk.orders', 'auth.perk.refunds'] as const;

/**
 * Sign-up and login on one screen (spec §2); `?mode=login` shows login, `?next=` is where to go
 * after. The sign-up code email links here with `#email=…&code=…`: the sign-up's code step, filled in.
 */
export function AuthPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const loggedIn = useAtomValue(isLoggedInAtom);
  // Read once: the code then leaves the address bar (and the history entry), the step keeps it.
  const [signupLink] = useState(() => signupLinkOf(location.hash));
  useEffect(() => {
    if (signupLink) void navigate({ search: location.search, hash: '' }, { replace: true });
  }, [signupLink, navigate, location.search]);
  const mode = params.get('mode') === 'login' && !signupLink ? 'login' : 'signup';
  const why = params.get('why');
  const { trialPointsOnSignup } = useSite();
  usePageTitle(mode === 'login' ? 'auth.loginTitle' : 'auth.title');

  if (loggedIn) return <Navigate to={safeNextPath(params.get('next'))} replace />;

  const other = new URLSearchParams(params);
  if (mode === 'login') other.delete('mode');
  else other.set('mode', 'login');

  return (
    <div className="container auth">
      <aside className="auth__intro">
        <LogoMark size={56} />
        <p className="auth__intro-title">
          <FormattedMessage id="auth.introTitle" />
        </p>
        <ul className="perk-list">
          {PERKS.map((id) => (
            <li key={id}>
              <CheckIcon size={18} />
              <FormattedMessage id={id} />
            </li>
          ))}
          {trialPointsOnSignup > 0 && (
            <li data-testid="auth-trial-perk">
              <CheckIcon size={18} />
              <FormattedMessage id="auth.perk.trial" values={{ amount: formatPoints(trialPointsOnSignup, intl.locale) }} />
            </li>
          )}
        </ul>
      </aside>
      <section className="card auth__card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth__title">
          <FormattedMessage id={mode === 'login' ? 'auth.loginTitle' : 'auth.title'} />
        </h1>
        <p className="muted auth__subtitle">
          <FormattedMessage id={mode === 'login' ? 'auth.loginSubtitle' : 'auth.subtitle'} />
        </p>
        {mode === 'login' && (why === 'required' || why === 'expired') && (
          <p className="notice notice--info auth__why" role="status" data-testid="login-required">
            <FormattedMessage id={why === 'expired' ? 'error.session_expired' : 'error.unauthorized'} />
          </p>
        )}
        {mode === 'login' ? <LoginForm /> : <SignupForm link={signupLink} />}
        {mode === 'login' && (
          <p className="auth__forgot">
            <Link to="/auth/forgot" data-testid="forgot-password-link">
              <FormattedMessage id="recovery.forgotLink" />
            </Link>
          </p>
        )}
        <ProviderLoginButtons />
        <p className="auth__switch">
          <Link to={{ search: `?${other.toString()}` }} data-testid="auth-switch">
            <FormattedMessage id={mode === 'login' ? 'auth.noAccount' : 'auth.haveAccount'} />
          </Link>
        </p>
      </section>
    </div>
  );
}
