import { currentIntl } from '../i18n/current-intl.ts';
import { AlertIcon } from '../ui/icons.tsx';

/**
 * The friendly message for an uncaught error. It may render above or without the i18n provider,
 * so it translates through currentIntl(), with English text if no catalogue loaded at all.
 */
export function CrashScreen() {
  const intl = currentIntl();
  const t = (id: 'app.crash.title' | 'app.crash.body' | 'app.crash.reload' | 'app.crash.home', english: string) =>
    intl.messages[id] ? intl.formatMessage({ id }) : english;
  return (
    <div className="crash" role="alert">
      <AlertIcon size={40} className="crash__icon" />
      <h1>{t('app.crash.title', 'Something went wrong')}</h1>
      <p>
        {t(
          'app.crash.body',
          'An unexpected error stopped this page. Reloading usually fixes it; if it keeps happening, please contact customer service.',
        )}
      </p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('app.crash.reload', 'Reload the page')}
        </button>
        <a className="button button--ghost" href="/">
          {t('app.crash.home', 'Go to the home page')}
        </a>
      </div>
    </div>
  );
}
