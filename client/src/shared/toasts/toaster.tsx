import { useAtomValue, useStore } from 'jotai';
import { useIntl } from 'react-intl';
import { useTranslateRef } from '../i18n/use-translate.ts';
import { AlertIcon, CheckIcon, CloseIcon } from '../ui/icons.tsx';
import { dismissToast, toastsAtom, type Toast } from './toast-store.ts';

function ToastItem({ toast }: { toast: Toast }) {
  const store = useStore();
  const intl = useIntl();
  const translate = useTranslateRef();
  const Icon = toast.tone === 'error' ? AlertIcon : CheckIcon;
  return (
    <li className={`toast toast--${toast.tone}`} data-testid="toast" data-tone={toast.tone}>
      <Icon className="toast__icon" />
      <p className="toast__text" role={toast.tone === 'error' ? 'alert' : 'status'}>
        {translate(toast.message)}
      </p>
      <button
        type="button"
        className="icon-button toast__close"
        aria-label={intl.formatMessage({ id: 'toast.close' })}
        title={intl.formatMessage({ id: 'toast.close' })}
        onClick={() => dismissToast(store, toast.id)}
      >
        <CloseIcon size={16} />
      </button>
    </li>
  );
}

/** Bottom-right stack of notifications (spec §9). */
export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  const intl = useIntl();
  return (
    <section className="toaster" aria-label={intl.formatMessage({ id: 'toast.region' })}>
      <ol className="toaster__list">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
}
