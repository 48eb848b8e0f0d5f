import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { CloseIcon, RefreshIcon } from '../ui/icons.tsx';

const UPDATE_CHECK_MS = 60 * 60_000;
const OFFLINE_NOTE_MS = 10_000;

/**
 * Registers /sw.js (scope /) and tells the user when the app works offline or when a new version
 * is waiting (spec §2, §4). Reloading asks first: the reload discards anything not yet submitted.
 */
export function ReloadPrompt() {
  const intl = useIntl();
  const {
    offlineReady: [offlineReady, setOfflineReady],
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS);
    },
    onRegisterError: (error: unknown) => console.error('[pwa] service worker registration failed', error),
  });

  const shown = offlineReady || needRefresh;
  // "Ready offline" is news, not a question: it goes by itself; a new version waits for an answer.
  useEffect(() => {
    if (!offlineReady || needRefresh) return undefined;
    const timer = setTimeout(() => setOfflineReady(false), OFFLINE_NOTE_MS);
    return () => clearTimeout(timer);
  }, [offlineReady, needRefresh, setOfflineReady]);
  // The card's height (and a gap) as --reload-card: the toasts stack above it and the page can scroll past it.
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const card = ref.current;
    if (!shown || !card) return undefined;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--reload-card', `${card.offsetHeight + 16}px`);
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(card);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--reload-card');
    };
  }, [shown]);

  if (!shown) return null;

  const close = () => {
    setOfflineReady(false);
    setNeedRefresh(false);
  };
  const reload = () => {
    if (!window.confirm(intl.formatMessage({ id: 'pwa.confirmReload' }))) return;
    // A page the old worker never controlled (the first visit) has nothing to hand over: just reload.
    if (!navigator.serviceWorker.controller) window.location.reload();
    else void updateServiceWorker(true);
  };

  return (
    <div ref={ref} className="reload-prompt" data-testid="reload-prompt" data-state={needRefresh ? 'need-refresh' : 'offline-ready'}>
      <p className="reload-prompt__text" role="status">
        <FormattedMessage id={needRefresh ? 'pwa.needRefresh' : 'pwa.offlineReady'} />
      </p>
      <div className="reload-prompt__actions">
        {needRefresh && (
          <button type="button" className="button button--primary button--small" onClick={reload}>
            <RefreshIcon size={16} />
            <FormattedMessage id="pwa.reload" />
          </button>
        )}
        <button type="button" className="button button--ghost button--small" onClick={close}>
          <CloseIcon size={16} />
          <FormattedMessage id="pwa.close" />
        </button>
      </div>
    </div>
  );
}
