import { HKS01_STAKE_RULES } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatLocalMoney } from '../../shared/money/local-money.ts';
import { FactItem } from '../../shared/ui/fact-item.tsx';
import { DocSection } from './doc-section.tsx';
import { DOC_SECTIONS } from '../../shared/football/doc-links.ts';
import { workedExamples } from './worked-examples.ts';

/** Stakes, fees and the maximum prize of HKS01, read from common's HKS01_STAKE_RULES. */
export function StakesSection() {
  const intl = useIntl();
  const rules = HKS01_STAKE_RULES;
  const money = (amount: number) => formatLocalMoney(amount, rules.currency, intl.locale);
  const percent = (basisPoints: number) => intl.formatNumber(basisPoints / 10_000, { style: 'percent', maximumFractionDigits: 2 });
  const flatFee = rules.fees.bands.length === 1 && rules.fees.bands[0]!.basisPoints === 0 ? rules.fees.bands[0]! : null;
  const sample = workedExamples().find((e) => e.id === 'crs3x7')!;
  return (
    <DocSection anchor={DOC_SECTIONS.stakes} title="footballDoc.stakes.title">
      <dl className="rules-facts" data-testid="stake-rules">
        <FactItem label="footballDoc.stakes.minUnit" fact={rules.minUnitStake}>
          {money(rules.minUnitStake.amount)}
        </FactItem>
        <FactItem label="footballDoc.stakes.step" fact={rules.unitStakeStep}>
          <FormattedMessage id="footballDoc.stakes.stepValue" values={{ amount: money(rules.unitStakeStep.amount) }} />
        </FactItem>
        <FactItem label="footballDoc.stakes.handicap" fact={rules.handicapMinimum}>
          <FormattedMessage id="footballDoc.stakes.handicapValue" values={{ amount: money(rules.handicapMinimum.amount) }} />
        </FactItem>
        <FactItem label="footballDoc.stakes.minimum" fact={rules.minimumPurchase}>
          <FormattedMessage id="footballDoc.stakes.minimumValue" values={{ amount: money(rules.minimumPurchase.amount) }} />
        </FactItem>
        <FactItem label="footballDoc.stakes.fee" fact={rules.fees}>
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
        </FactItem>
        <FactItem label="footballDoc.stakes.maxPrize" fact={rules.maxPrize ?? undefined}>
          {rules.maxPrize ? money(rules.maxPrize.amount) : <FormattedMessage id="footballDoc.stakes.maxPrizeSlip" />}
        </FactItem>
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
    </DocSection>
  );
}
