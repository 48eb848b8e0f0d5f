import { ALLUP_LIMITS, HKS01_STAKE_RULES } from '@gp/common';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { formatLocalMoney } from '../../shared/money/local-money.ts';
import { DocSection } from './doc-section.tsx';
import { DOC_SECTIONS, FOOTBALL_PATHS } from '../../shared/football/doc-links.ts';

/** How to bet, in short steps, from picking a price to a settled order. */
export function UsageTutorial() {
  const intl = useIntl();
  const money = (amount: number) => formatLocalMoney(amount, HKS01_STAKE_RULES.currency, intl.locale);
  const link = (to: string) => (chunks: ReactNode[]) => <Link to={to}>{chunks}</Link>;
  return (
    <DocSection anchor={DOC_SECTIONS.tutorial} title="footballDoc.howTo.title">
      <ol className="how-to doc-steps" data-testid="tutorial-steps">
        <li>
          <FormattedMessage id="footballDoc.howTo.pick" values={{ a: link(FOOTBALL_PATHS.purchase) }} />
        </li>
        <li>
          <FormattedMessage id="footballDoc.howTo.mode" values={{ min: ALLUP_LIMITS.minLegs, max: ALLUP_LIMITS.maxLegs, a: link(`#${DOC_SECTIONS.allUp}`) }} />
        </li>
        <li>
          <FormattedMessage id="footballDoc.howTo.amount" values={{ min: money(HKS01_STAKE_RULES.minUnitStake.amount), a: link(`#${DOC_SECTIONS.stakes}`) }} />
        </li>
        <li>
          <FormattedMessage id="footballDoc.howTo.confirm" />
        </li>
        <li>
          <FormattedMessage id="footballDoc.howTo.after" />
        </li>
        <li>
          <FormattedMessage id="footballDoc.howTo.orders" values={{ a: link('/orders') }} />
        </li>
      </ol>
    </DocSection>
  );
}
