import './deposit.css';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useDeposit } from '../../shared/deposits/deposits-api.ts';
import { describeError } from '../../shared/i18n/describe-error.ts';
import { useTranslateRef } from '../../shared/i18n/use-translate.ts';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { DepositSummary } from './deposit-summary.tsx';
import { SandboxBanner } from './sandbox-banner.tsx';
import { useDepositId } from './use-deposit-id.ts';

/** /payment: the deposit about to be paid, and the way on to the provider (Stripe: /payment-h8-stripe, ECPay and JKO: /payment-h8). */
export function PaymentPage() {
  usePageTitle('payment.pageTitle');
  const id = useDepositId();
  const deposit = useDeposit(id);
  const translate = useTranslateRef();
  const d = deposit.data;
  const next = d ? `/${d.provider === 'stripe' ? 'payment-h8-stripe' : 'payment-h8'}?id=${d.id}` : '#';
  return (
    <div className="container page page--narrow deposit">
      <PageHeader title="payment.title" lead="payment.lead" />
      {d?.sandbox && <SandboxBanner />}
      {(!id || deposit.isError) && (
        <div className="notice notice--error" role="alert">
          <p>{deposit.isError ? translate(describeError(deposit.error)) : translate({ id: 'error.not_found' })}</p>
        </div>
      )}
      {d && (
        <section className="card section-card deposit-result">
          <DepositSummary deposit={d} />
          <div className="deposit-actions">
            {d.start ? (
              <Link to={next} className="button button--primary" data-testid="payment-continue">
                <FormattedMessage id="payment.continue" />
              </Link>
            ) : (
              <Link to={`/deposit-result?id=${d.id}`} className="button button--primary">
                <FormattedMessage id="payment.viewResult" />
              </Link>
            )}
            <Link to="/deposit" className="button button--ghost">
              <FormattedMessage id="payment.back" />
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
