import { useAtom } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { confirmPurchasesAtom } from '../../shared/orders/confirm-setting.ts';
import { SectionCard } from '../../shared/ui/section-card.tsx';

/** The member's purchase settings on this device: whether Buy asks for confirmation first. */
export function PurchaseSettings() {
  const [setting, setSetting] = useAtom(confirmPurchasesAtom);
  return (
    <SectionCard anchor="settings" titleId="settings-title" title="wallet.settings.title" testId="purchase-settings">
      <label className="checkbox">
        <input type="checkbox" checked={setting === 'on'} onChange={(event) => setSetting(event.target.checked ? 'on' : 'off')} data-testid="confirm-setting" />
        <span>
          <FormattedMessage id="wallet.settings.confirm" />
          <span className="field__hint checkbox__hint">
            <FormattedMessage id="wallet.settings.confirmHint" />
          </span>
        </span>
      </label>
    </SectionCard>
  );
}
