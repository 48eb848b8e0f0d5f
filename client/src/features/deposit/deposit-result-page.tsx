import './deposit.css';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { formatPoints } from '@gp/common/money';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { isOpen, useDeposit } from '../../shared/deposits/deposits-api.ts';
import { describeError } from '../../shared/i18n/describe-error.ts';
import { useTranslateRef } from '../../shared/i18n/use-translate.ts';
import { formatLocalMoney } from '../../shared/money/local-money.ts';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { AlertIcon, CheckIcon } from '../../shared/ui/icons.tsx';
import { Barcode } from './barcode.tsx';
import { DepositSummary } from './deposit-summary.tsx';
import { DepositWaysOn } from './deposit-ways-on.tsx';
import { SandboxBanner } from './sandbox-banner.tsx';
import { useDepositId } from './use-deposit-id.ts';
import { formatMoment, Moment } from '../../shared/time/moment.tsx';

/**
 * /deposit-result (and /payment-result-h8, where providers send the member back): the outcome
 * with spec §8's messages; an open deposit is read again until the provider's word arrives, and a
 * store barcode is shown until it is paid.
 */
export function DepositResultPage() {
  usePageTitle('depositResult.pageTitle');
  const id = useDepositId();
  const [params] = useSearchParams();
  const deposit = useDeposit(id);
  const translate = useTranslateRef();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const d = deposit.data;

  // Once paid, the wallet, the ledger and the header balance are read again. The `balance` push
  // moves the header too, but this page is a fresh load after the provider's page: the push can
  // come before its socket is connected, and /api/me can have been read before the credit.
  useEffect(() => {
    if (d?.state !== 'paid') return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  }, [d?.state, queryClient]);

  return (
    <div className="container page page--narrow deposit">
      <header className="page__header">
        <h1>
          <FormattedMessage id="depositResult.title" />
        </h1>
      </header>
      {d?.sandbox && <SandboxBanner />}
      {(!id || deposit.isError) && (
        <div className="notice notice--error" role="alert" data-testid="deposit-result-error">
          <AlertIcon size={18} />
          <div>
            <p>{deposit.isError ? translate(describeError(deposit.error)) : translate({ id: 'payment.notFound.body' })}</p>
            <DepositWaysOn small />
          </div>
        </div>
      )}
      {d && (
        <section className="card section-card deposit-result" data-testid="deposit-result" data-state={d.state}>
          {d.state === 'paid' && (
            <div className="notice notice--success" role="status" data-testid="deposit-success">
              <CheckIcon size={18} />
              <p>
                <FormattedMessage
                  id="success.payment_successful"
                  values={{ amount: formatLocalMoney(d.amount, d.currency, intl.locale, { symbol: false }), currency: d.currency, gpoints: formatPoints(d.points, intl.locale) }}
                />
              </p>
            </div>
          )}
          {(d.state === 'failed' || d.state === 'expired') && (
            <div className="notice notice--error" role="alert" data-testid="deposit-failed">
              <AlertIcon size={18} />
              <p>
                <FormattedMessage id="error.transaction_failed" />
              </p>
            </div>
          )}
          {(d.state === 'held' || d.state === 'refunded') && (
            <div className="notice notice--error" role="alert">
              <AlertIcon size={18} />
              <p>
                <FormattedMessage id={d.state === 'held' ? 'error.payment_issue' : 'depositResult.refunded'} />
              </p>
            </div>
          )}
          {/* Not paid (yet): say what that means — nothing charged if it was cancelled or left — and the ways on. */}
          {isOpen(d) && !d.barcode && (
            <div className="notice notice--info" role="status" data-testid="deposit-waiting" data-cancelled={params.get('cancelled') ? 'true' : undefined}>
              <div>
                <p>
                  <FormattedMessage id={params.get('cancelled') ? 'depositResult.cancelled' : 'depositResult.notCompleted'} />
                </p>
                {d.expiresAt && (
                  <p className="muted" data-testid="deposit-open-until">
                    <FormattedMessage id="depositResult.openUntil" values={{ time: formatMoment(intl, d.expiresAt) }} />
                  </p>
                )}
              </div>
            </div>
          )}
          {isOpen(d) && d.barcode && (
            <>
              <div className="notice notice--info" role="status">
                <p>
                  <FormattedMessage id="depositResult.barcode" />{' '}
                  {d.expiresAt && (
                    <FormattedMessage
                      id="depositResult.barcodeExpires"
                      values={{ time: formatMoment(intl, d.expiresAt) }}
                    />
                  )}
                </p>
                {/* ECPay's StoreExpireDate unit is unconfirmed (ECPAY_BARCODE_EXPIRE_DAYS, README): say so where the member reads the expiry. */}
                {d.expiresAt && d.provider === 'ecpay' && (
                  <p className="muted" data-testid="barcode-expiry-unconfirmed"><FormattedMessage id="depositResult.barcodeExpiryUnconfirmed" /></p>
                )}
              </div>
              <div className="deposit-barcodes" data-testid="deposit-barcodes">
                {d.barcode.map((code) => (
                  <Barcode key={code} value={code} />
                ))}
              </div>
            </>
          )}
          <DepositSummary deposit={d} />
          <div className="deposit-actions">
            {isOpen(d) && d.start && (
              <Link className="button button--primary" to={`/payment?id=${d.id}`} data-testid="deposit-pay-now">
                <FormattedMessage id="depositResult.tryAgain" />
              </Link>
            )}
            <Link className={`button ${isOpen(d) && d.start ? 'button--ghost' : 'button--primary'}`} to="/wallet">
              <FormattedMessage id="depositResult.toWallet" />
            </Link>
            <Link className="button button--ghost" to="/deposit" data-testid="deposit-another">
              <FormattedMessage id="depositResult.another" />
            </Link>
          </div>
          <p className="muted">
            <FormattedMessage id="depositResult.reference" values={{ id: d.id }} /> · <Moment value={d.createdAt} />
          </p>
        </section>
      )}
    </div>
  );
}

/** /payment-result-h8: where providers send the member back; the same result, on its own route (spec §2). */
export const PaymentResultH8Page = DepositResultPage;
