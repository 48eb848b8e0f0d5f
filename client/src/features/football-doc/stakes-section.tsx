import { HKS01_STAKE_RULES, type Provenance } from '@gp/common';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { formatLocalMoney } from '../../shared/money/local-money.ts';
import { ConfidenceLabel } from '../../shared/ui/confidence-label.tsx';
import { DOC_SECTIONS } from '../../shared/football/doc-links.ts';
import { workedExamples } from './worked-examples.ts';

function Fact({ label, fact, children }: { label: MessageId; fact?: Provenance; children: ReactNode }) {
  return (
    <div className="rules-facts__item">
      <dt>
        <FormattedMessage id={label} />
      </dt>
      <dd>
        <span className="rules-facts__value">{children}</span>
        {fact && <ConfidenceLabel fact={fact} />}
      </dd>
    </div>
  );
}

/** Stakes, fees and the maximum prize of HKS01, read from common's HKS01_STAKE_RULES. */
export function StakesSection() {
  const intl = useIntl();
  const rules = HKS01_STAKE_RULES;
  const money = (amount: number) => formatLocalMoney(amount, rules.currency, intl.locale);
  const percent = (basisPoints: number) => intl.formatNumber(basisPoints / 10_000, { style: 'percent', maximumFractionDigits: 2 });
  const flatFee = rules.fees.bands.length === 1 && rules.fees.bands[0]!.basisPoints === 0 ? rules.fees.bands[0]! : null;
  const sample = workedExamples().find((e) => e.id === 'crs3x7')!;
  return (
    <section id={DOC_SECTIONS.stakes} className="card section-card" aria-labelledby="stakes-title">
      <h2 id="stakes-title">
        <FormattedMessage id="footballDoc.stakes.title" />
      </h2>
      <dl className="rules-facts" data-testid="stake-rules">
        <Fact label="footballDoc.stakes.minUnit" fact={rules.minUnitStake}>
          {money(rules.minUnitStake.amount)}
        </Fact>
        <Fact label="footballDoc.stakes.step" fact={rules.unitStakeStep}>
          <FormattedMessage id="footballDoc.stakes.stepValue" values={{ amount: money(rules.unitStakeStep.amount) }} />
        </Fact>
        <Fact label="footballDoc.stakes.handicap" fact={rules.handicapMinimum}>
          <FormattedMessage id="footballDoc.stakes.handicapValue" values={{ amount: money(rules.handicapMinimum.amount) }} />
        </Fact>
        <Fact label="footballDoc.stakes.minimum" fact={rules.minimumPurchase}>
          <FormattedMessage id="footballDoc.stakes.minimumValue" values={{ amount: money(rules.minimumPurchase.amount) }} />
        </Fact>
        <Fact label="footballDoc.stakes.fee" fact={rules.fees}>
          {flatFee ? (
            <FormattedMessage id="footballDoc.stakes.feeFlat" values={{ amount: money(flatFee.fixed) }} />
          ) : (
            rules.fees.bands.map((band) => (
              <span key={band.fromStake} className="doc-fee-band">
                <FormattedMessage
                  id="footballDoc.stakes.feeBand"
                  values={{ from: money(band.fromStake), fixed: money(band.fixed), percent: percent(band.basisPoints) }}
                />
              </span>
            ))
          )}
        </Fact>
        <Fact label="footballDoc.stakes.maxPrize" fact={rules.maxPrize ?? undefined}>
          {rules.maxPrize ? money(rules.maxPrize.amount) : <FormattedMessage id="footballDoc.stakes.maxPrizeSlip" />}
        </Fact>
      </dl>
      <p className="rules-note muted">
        <FormattedMessage
          id="footballDoc.stakes.example"
          values={{ formula: sample.formula, stake: money(sample.stake.amount), fee: money(sample.fee.amount), total: money(sample.total.amount) }}
        />
      </p>
      <p className="rules-note muted">
        <FormattedMessage id="footballDoc.stakes.currency" values={{ currency: rules.currency }} />
      </p>
    </section>
  );
}
