import { FormattedMessage, useIntl } from 'react-intl';
import { formatLocalMoney } from '../../shared/money/local-money.ts';
import type { SlipProblem } from './slip-rules.ts';

/** A slip rule problem in words, with the minimum or the leg limits it is about. */
export function SlipProblemText({ problem }: { problem: SlipProblem }) {
  const intl = useIntl();
  switch (problem.code) {
    case 'empty':
      return <FormattedMessage id="football.slip.empty" />;
    case 'noAmount':
      return <FormattedMessage id="football.problem.noAmount" />;
    case 'oneMarketPerMatch':
      return <FormattedMessage id="football.problem.oneMarket" values={{ count: problem.eventIds.length }} />;
    case 'legCount':
      return <FormattedMessage id="football.problem.legCount" values={{ minimum: problem.minimum, maximum: problem.maximum, legs: problem.legs }} />;
    case 'noFormula':
      return <FormattedMessage id="football.problem.noFormula" values={{ wins: problem.wins, legs: problem.legs }} />;
    case 'belowMinimum': {
      const minimum = formatLocalMoney(problem.minimum, 'HKD', intl.locale);
      const id = problem.rule === 'handicap' ? 'football.problem.handicap' : problem.rule === 'unitStake' ? 'football.problem.unitStake' : 'football.problem.purchase';
      return <FormattedMessage id={id} values={{ minimum }} />;
    }
    case 'invalid':
      return <FormattedMessage id="error.validation_failed" />;
  }
}
