import './deposit.css';
import type { ComponentType } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PointsSources } from '../../shared/account/points-sources.tsx';
import { CardIcon, PhoneIcon, StoreIcon, TicketIcon } from '../../shared/ui/icons.tsx';

const METHODS: { label: MessageId; Icon: ComponentType<{ size?: number }> }[] = [
  { label: 'deposit.method.card', Icon: CardIcon },
  { label: 'deposit.method.store', Icon: StoreIcon },
  { label: 'deposit.method.wechat', Icon: PhoneIcon },
  { label: 'deposit.method.alipay', Icon: PhoneIcon },
  { label: 'deposit.method.jko', Icon: PhoneIcon },
];

/** Deposits are not live yet: this page says so plainly and points to PIN redemption, which is. */
export function DepositPage() {
  usePageTitle('deposit.pageTitle');
  return (
    <div className="container page page--narrow">
      <PageHeader title="deposit.title" lead="deposit.lead" leadClass="lead" />
      <PointsSources />
      <section className="card section-card section-card--accent" aria-labelledby="deposit-pin-title">
        <span className="icon-badge">
          <TicketIcon size={24} />
        </span>
        <h2 id="deposit-pin-title">
          <FormattedMessage id="deposit.pin.title" />
        </h2>
        <p>
          <FormattedMessage id="deposit.pin.body" />
        </p>
        <Link to="/wallet#redeem" className="button button--primary">
          <FormattedMessage id="deposit.pin.action" />
        </Link>
      </section>
      <section className="card section-card" aria-labelledby="deposit-methods-title">
        <h2 id="deposit-methods-title">
          <FormattedMessage id="deposit.methods.title" />
        </h2>
        <p className="muted">
          <FormattedMessage id="deposit.methods.body" />
        </p>
        <ul className="method-list">
          {METHODS.map(({ label, Icon }) => (
            <li key={label} className="method-list__item" aria-disabled="true">
              <Icon size={20} />
              <FormattedMessage id={label} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
