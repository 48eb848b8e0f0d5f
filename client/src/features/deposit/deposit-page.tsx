import './deposit.css';
import { DEPOSIT_CURRENCIES, type DepositCurrency, type DepositMethod } from '@gp/common';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { newDepositKey, useCreateDeposit, useDepositOptions } from '../../shared/deposits/deposits-api.ts';
import { METHOD_LABEL } from '../../shared/deposits/labels.ts';
import { describeError } from '../../shared/i18n/describe-error.ts';
import { useTranslateRef } from '../../shared/i18n/use-translate.ts';
import { formatLocalMoney } from '../../shared/money/local-money.ts';
import { Points } from '../../shared/money/points.tsx';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { TicketIcon } from '../../shared/ui/icons.tsx';
import { LimitPrompt } from './limit-prompt.tsx';
import { SandboxBanner } from './sandbox-banner.tsx';

/** Minor units from what the member typed ("12.50" → 1250); null when it is not an amount. TWD: whole dollars. */
export function parseAmount(text: string, currency: DepositCurrency): number | null {
  const pattern = currency === 'TWD' ? /^\d{1,7}$/ : /^\d{1,7}(\.\d{1,2})?$/;
  const clean = text.trim().replace(/,/g, '');
  if (!pattern.test(clean)) return null;
  const [whole, cents = ''] = clean.split('.');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
}

/** The currency a reader of each language most likely pays in; USD for the rest. */
const LOCAL_CURRENCY: Readonly<Partial<Record<string, DepositCurrency>>> = { 'zh-TW': 'TWD', 'zh-CN': 'CNY' };

/**
 * Spec §2 deposit: an amount (presets or custom) in USD, TWD or CNY, the GPoints it buys, and a
 * method. It opens ready to go on — the reader's currency, its smallest preset, the first method —
 * so a member sent here from "you have no GPoints yet" pays with one more tap.
 */
export function DepositPage() {
  usePageTitle('deposit.pageTitle');
  const intl = useIntl();
  const translate = useTranslateRef();
  const navigate = useNavigate();
  const options = useDepositOptions();
  const create = useCreateDeposit();
  const [currencyChoice, setCurrency] = useState<DepositCurrency | null>(null);
  // Undefined until the member picks or types an amount: the currency's smallest preset.
  const [amountChoice, setAmount] = useState<number | null | undefined>(undefined);
  const [custom, setCustom] = useState('');
  const [method, setMethod] = useState<DepositMethod | null>(null);
  // The same form values keep the same key: a double click or a retry opens one deposit.
  const attempt = useRef<{ values: string; key: string } | null>(null);

  const offered = (code: DepositCurrency | undefined) => options.data?.currencies.some((c) => c.currency === code) === true;
  const local = LOCAL_CURRENCY[intl.locale];
  const currency: DepositCurrency = currencyChoice ?? (local && offered(local) ? local : 'USD');
  const terms = options.data?.currencies.find((c) => c.currency === currency);
  const amount = amountChoice === undefined ? (terms?.presets[0] ?? null) : amountChoice;
  const methods = useMemo(() => (options.data?.methods ?? []).filter((m) => m.currencies.includes(currency)), [options.data, currency]);
  const chosenMethod = methods.some((m) => m.method === method) ? method : (methods[0]?.method ?? null);
  const inRange = amount !== null && terms !== undefined && amount >= terms.min && amount <= terms.max;
  const points = inRange && terms ? Math.floor((amount * terms.rate.numerator) / terms.rate.denominator) : 0;
  const money = (minor: number) => formatLocalMoney(minor, currency, intl.locale);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!inRange || !chosenMethod) return;
    const body = { amount: amount!, currency, method: chosenMethod };
    const values = JSON.stringify(body);
    if (attempt.current?.values !== values) attempt.current = { values, key: newDepositKey() };
    create.mutate({ body, key: attempt.current.key }, { onSuccess: ({ deposit }) => void navigate(`/payment?id=${deposit.id}`) });
  };

  return (
    <div className="container page page--narrow deposit">
      <PageHeader title="deposit.title" lead="deposit.lead" leadClass="lead" />
      {options.data?.sandbox && <SandboxBanner />}
      <LimitPrompt />
      {options.isError && (
        <div className="notice notice--error" role="alert">
          <p>{translate(describeError(options.error))}</p>
        </div>
      )}
      <form className="card section-card form deposit-form" onSubmit={submit} noValidate data-testid="deposit-form">
        <fieldset className="deposit-form__group">
          <legend>
            <FormattedMessage id="deposit.currency.label" />
          </legend>
          <div className="deposit-choice" role="radiogroup">
            {DEPOSIT_CURRENCIES.map((c) => (
              <label key={c} className={`deposit-choice__item${c === currency ? ' is-active' : ''}`}>
                <input
                  type="radio"
                  name="currency"
                  value={c}
                  checked={c === currency}
                  onChange={() => {
                    setCurrency(c);
                    setAmount(undefined);
                    setCustom('');
                  }}
                />
                {c}
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className="deposit-form__group">
          <legend>
            <FormattedMessage id="deposit.amount.title" />
          </legend>
          <div className="deposit-presets">
            {(terms?.presets ?? []).map((preset) => (
              <button
                key={preset}
                type="button"
                className={`button button--ghost deposit-preset${amount === preset && !custom ? ' is-active' : ''}`}
                aria-pressed={amount === preset && !custom}
                onClick={() => {
                  setAmount(preset);
                  setCustom('');
                }}
                data-testid="deposit-preset"
              >
                {money(preset)}
              </button>
            ))}
          </div>
          <label className="field">
            <span className="field__label">
              <FormattedMessage id="deposit.amount.custom" values={{ currency }} />
            </span>
            <input
              className="field__input"
              inputMode={currency === 'TWD' ? 'numeric' : 'decimal'}
              value={custom}
              onChange={(e) => {
                setCustom(e.target.value);
                setAmount(parseAmount(e.target.value, currency));
              }}
              data-testid="deposit-custom"
              aria-invalid={custom !== '' && !inRange}
            />
            {terms && (
              <span className={`field__hint${custom !== '' && !inRange ? ' field__hint--error' : ''}`}>
                <FormattedMessage id="deposit.amount.range" values={{ min: money(terms.min), max: money(terms.max) }} />
              </span>
            )}
          </label>
          <p className="deposit-points" data-testid="deposit-points" aria-live="polite">
            <FormattedMessage id="deposit.points.youGet" values={{ points: <Points value={points} /> }} />
            {terms && (
              <span className="muted">
                {' · '}
                <FormattedMessage id="deposit.points.rate" values={{ price: money(Math.ceil((100 * terms.rate.denominator) / terms.rate.numerator)) }} />
              </span>
            )}
          </p>
        </fieldset>

        <fieldset className="deposit-form__group">
          <legend>
            <FormattedMessage id="deposit.method.title" />
          </legend>
          {methods.length === 0 && options.data && (
            <p className="muted">
              <FormattedMessage id="deposit.method.none" values={{ currency }} />
            </p>
          )}
          <div className="method-list">
            {methods.map((m) => (
              <label key={m.method} className={`method-list__item${m.method === chosenMethod ? ' is-active' : ''}`} data-testid={`method-${m.method}`}>
                <input type="radio" name="method" value={m.method} checked={m.method === chosenMethod} onChange={() => setMethod(m.method)} />
                <FormattedMessage id={METHOD_LABEL[m.method]} />
              </label>
            ))}
          </div>
        </fieldset>

        {create.isError && (
          <div className="notice notice--error" role="alert" data-testid="deposit-error">
            <p>{translate(describeError(create.error))}</p>
          </div>
        )}
        {options.data && (
          <p className="muted deposit-daily">
            <FormattedMessage id="deposit.daily.remaining" values={{ points: <Points value={options.data.dailyRemaining} /> }} />
          </p>
        )}
        <button type="submit" className="button button--primary button--block" disabled={!inRange || !chosenMethod || create.isPending} data-testid="deposit-continue">
          <FormattedMessage id="deposit.continue" />
        </button>
      </form>

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
        <Link to="/wallet#redeem" className="button button--ghost">
          <FormattedMessage id="deposit.pin.action" />
        </Link>
      </section>
    </div>
  );
}
