import { useAtom } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { confirmPurchasesAtom } from '../../shared/orders/confirm-setting.ts';

/** The member's purchase settings on this device: whether Buy asks for confirmation first. */
export function PurchaseSettings() {
  const [setting, setSetting] = useAtom(confirmPurchasesAtom);
  return (
    <section className="card section-card" id="settings" aria-labelledby="settings-title" data-testid="purchase-settings">
      <h2 id="settings-title">
        <FormattedMessage id="wallet.settings.title" />
      </h2>
      <label className="checkbox">
        <input type="checkbox" checked={setting === 'on'} onChange={(event) => setSetting(event.target.checked ? 'on' : 'off')} data-testid="confirm-setting" />
        <span>
          <FormattedMessage id="wallet.settings.confirm" />
          <span className="field__hint checkbox__hint">
            <FormattedMessage id="wallet.settings.confirmHint" />
          </span>
        </span>
      </label>
    </section>
  );
}
