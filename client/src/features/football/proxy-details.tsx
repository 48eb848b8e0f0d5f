import type { AllUpFormula } from '@gp/common';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatLocalMoney } from '../../shared/money/local-money.ts';
import { betLines } from './bet-lines.ts';
import { useFootballLabels } from '../../shared/football/use-football-labels.ts';
import type { Slip } from './slip.ts';

/** Lines shown before "show all": an 8x255 makes 255 of them. */
const FIRST_LINES = 10;

/**
 * Proxy details: every bet the order makes with its stake — each single, or each k-fold
 * combination of the all-up's matches — with the combined price and what it returns if it wins.
 * Collapsed by default once the list is long.
 */
export function ProxyDetails({ slip, formula }: { slip: Slip; formula: AllUpFormula | null }) {
  const intl = useIntl();
  const labels = useFootballLabels();
  const [all, setAll] = useState(false);
  const unit = (slip.unitDollars ?? 0) * 100;
  const lines = betLines(slip, formula, unit);
  if (lines.length === 0) return null;
  const shown = all ? lines : lines.slice(0, FIRST_LINES);
  const hkd = (cents: number) => formatLocalMoney(cents, 'HKD', intl.locale);

  return (
    <details className="card football-section proxy-details" open={lines.length <= 4 || undefined} data-testid="proxy-details">
      <summary className="football-section__title proxy-details__summary">
        <FormattedMessage id="football.details.title" values={{ count: lines.length }} />
      </summary>
      <ol className="bet-lines">
        {shown.map((line, i) => (
          <li key={i} className="bet-line" data-testid="bet-line">
            <span className="bet-line__legs">
              {line.legs.map((leg, j) => (
                <span key={j} className="bet-line__leg">
                  <span className="mono">{leg[0]!.event?.code ?? leg[0]!.eventId}</span>{' '}
                  {leg.map((p) => p.event?.selectionName ?? labels.selection(p.market, p.selection)).join(' / ')}
                </span>
              ))}
            </span>
            <span className="bet-line__figures">
              {line.bets > 1 && <FormattedMessage id="football.details.bets" values={{ bets: line.bets }} />}
              <span>{hkd(line.stake)}</span>
              {line.odds && line.returns !== null && (
                <span className="muted">
                  <FormattedMessage id="football.details.returns" values={{ odds: line.odds, amount: hkd(line.returns) }} />
                </span>
              )}
            </span>
          </li>
        ))}
      </ol>
      {lines.length > FIRST_LINES && (
        <button type="button" className="button button--ghost button--small" onClick={() => setAll((was) => !was)} data-testid="details-all">
          <FormattedMessage id={all ? 'football.details.fewer' : 'football.details.all'} values={{ count: lines.length }} />
        </button>
      )}
    </details>
  );
}
