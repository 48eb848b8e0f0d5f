import './deposit.css';
import type { PaymentStart } from '@gp/common';
import { useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useDeposit } from '../../shared/deposits/deposits-api.ts';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { DepositWaysOn } from './deposit-ways-on.tsx';
import { SandboxBanner } from './sandbox-banner.tsx';
import { useDepositId } from './use-deposit-id.ts';

/**
 * Hands the browser to the provider: Stripe's Checkout page is a link; ECPay's cashier must be a
 * top-level form post (not a fetch, not an iframe); JKO's page is a link. Card numbers are typed
 * on the provider's page, never here. A link without a deposit of the member's says so and offers
 * the way on, instead of "taking you to the payment page" forever.
 */
function Handoff({ provider }: { provider: 'stripe' | 'other' }) {
  usePageTitle('payment.pageTitle');
  const id = useDepositId();
  const deposit = useDeposit(id);
  const form = useRef<HTMLFormElement>(null);
  const start = deposit.data?.start as PaymentStart | null | undefined;
  const wrongPage = deposit.data && (deposit.data.provider === 'stripe') !== (provider === 'stripe');

  useEffect(() => {
    if (!start || wrongPage) return;
    if (start.kind === 'redirect') window.location.assign(start.url);
    else form.current?.submit();
  }, [start, wrongPage]);

  if (!id || deposit.isError) {
    return (
      <div className="container page page--narrow deposit">
        <section className="card section-card deposit-result" data-testid="payment-not-found">
          <h1>
            <FormattedMessage id="payment.notFound.title" />
          </h1>
          <p>
            <FormattedMessage id="payment.notFound.body" />
          </p>
          <DepositWaysOn />
        </section>
      </div>
    );
  }

  return (
    <div className="container page page--narrow deposit">
      {deposit.data?.sandbox && <SandboxBanner />}
      <section className="card section-card deposit-result" aria-live="polite">
        <h1>
          <FormattedMessage id={deposit.data && !start ? 'payment.closed.title' : 'payment.redirecting'} />
        </h1>
        {start?.kind === 'form' && (
          <form ref={form} method="post" action={start.action}>
            {Object.entries(start.fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className="button button--primary">
              <FormattedMessage id="payment.continue" />
            </button>
          </form>
        )}
        {start?.kind === 'redirect' && (
          <a className="button button--primary" href={start.url}>
            <FormattedMessage id="payment.continue" />
          </a>
        )}
        {deposit.data && !start && (
          <Link to={`/deposit-result?id=${deposit.data.id}`} className="button button--primary">
            <FormattedMessage id="payment.viewResult" />
          </Link>
        )}
      </section>
    </div>
  );
}

/** /payment-h8: ECPay (card or store barcode) and JKO Pay. */
export function PaymentH8Page() {
  return <Handoff provider="other" />;
}

/** /payment-h8-stripe: Stripe Checkout (cards, WeChat Pay, Alipay). */
export function PaymentH8StripePage() {
  return <Handoff provider="stripe" />;
}
