import type { DepositView } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { METHOD_LABEL, STATE_LABEL } from '../../shared/deposits/labels.ts';
import { formatLocalMoney } from '../../shared/money/local-money.ts';
import { Points } from '../../shared/money/points.tsx';
import { Moment } from '../../shared/time/moment.tsx';

/** Spec §2 deposit result fields: result, time, points, amount, method. */
export function DepositSummary({ deposit }: { deposit: DepositView }) {
  const intl = useIntl();
  const at = deposit.paidAt ?? deposit.createdAt;
  return (
    <dl className="deposit-summary" data-testid="deposit-summary">
      <dt>
        <FormattedMessage id="deposit.field.result" />
      </dt>
      <dd data-testid="deposit-state" data-state={deposit.state}>
        <FormattedMessage id={STATE_LABEL[deposit.state]} />
      </dd>
      <dt>
        <FormattedMessage id="deposit.field.time" />
      </dt>
      <dd>
        <Moment value={at} />
      </dd>
      <dt>
        <FormattedMessage id="deposit.field.points" />
      </dt>
      <dd data-testid="deposit-summary-points">
        <Points value={deposit.points} />
      </dd>
      <dt>
        <FormattedMessage id="deposit.field.amount" />
      </dt>
      <dd>{formatLocalMoney(deposit.amount, deposit.currency, intl.locale)}</dd>
      <dt>
        <FormattedMessage id="deposit.field.method" />
      </dt>
      <dd>
        <FormattedMessage id={METHOD_LABEL[deposit.method]} />
      </dd>
    </dl>
  );
}
