import { useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { notify } from '../toasts/toast-store.ts';
import { CloseIcon, RefreshIcon } from '../ui/icons.tsx';

const UPDATE_CHECK_MS = 60 * 60_000;
/** Set once the member was told the app works offline: it is news once per device, never again. */
const OFFLINE_ANNOUNCED_KEY = 'pwa-offline-announced';

function firstOfflineAnnouncement(): boolean {
  try {
    if (localStorage.getItem(OFFLINE_ANNOUNCED_KEY)) return false;
    localStorage.setItem(OFFLINE_ANNOUNCED_KEY, '1');
  } catch {
    // No storage (a private mode): say it this once, as if it were the first time.
  }
  return true;
}

/**
 * Registers /sw.js (scope /) and tells the user when the app works offline or when a new version
 * is waiting (spec §2, §4). "Ready offline" is news, said once per device as a toast that goes by
 * itself; a new version is a question, so its card waits for an answer. Reloading asks first: the
 * reload discards anything not yet submitted.
 */
export function ReloadPrompt() {
  const intl = useIntl();
  const store = useStore();
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

  useEffect(() => {
    if (!offlineReady) return;
    if (firstOfflineAnnouncement()) notify(store, 'info', { id: 'pwa.offlineReady' });
    setOfflineReady(false);
  }, [offlineReady, setOfflineReady, store]);

  // The card's height (and a gap) as --reload-card: the toasts stack above it and the page can scroll past it.
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const card = ref.current;
    if (!needRefresh || !card) return undefined;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--reload-card', `${card.offsetHeight + 16}px`);
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(card);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--reload-card');
    };
  }, [needRefresh]);

  if (!needRefresh) return null;

  const reload = () => {
    if (!window.confirm(intl.formatMessage({ id: 'pwa.confirmReload' }))) return;
    // A page the old worker never controlled (the first visit) has nothing to hand over: just reload.
    if (!navigator.serviceWorker.controller) window.location.reload();
    else void updateServiceWorker(true);
  };

  return (
    <div ref={ref} className="reload-prompt" data-testid="reload-prompt" data-state="need-refresh">
      <p className="reload-prompt__text" role="status">
        <FormattedMessage id="pwa.needRefresh" />
      </p>
      <div className="reload-prompt__actions">
        <button type="button" className="button button--primary button--small" onClick={reload}>
          <RefreshIcon size={16} />
          <FormattedMessage id="pwa.reload" />
        </button>
        <button type="button" className="button button--ghost button--small" onClick={() => setNeedRefresh(false)}>
          <CloseIcon size={16} />
          <FormattedMessage id="pwa.close" />
        </button>
      </div>
    </div>
  );
}
