import { HKJC_CONVENTIONS, type MarketCode } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { ConfidenceLabel } from '../../shared/ui/confidence-label.tsx';
import { correctScoreGrid } from './correct-score-grid.ts';
import { useSelectionLabel } from '../../shared/football/use-selection-label.ts';

const COLUMNS: { key: 'homeWins' | 'draws' | 'awayWins'; label: MessageId }[] = [
  { key: 'homeWins', label: 'footballDoc.crs.homeWins' },
  { key: 'draws', label: 'footballDoc.crs.draws' },
  { key: 'awayWins', label: 'footballDoc.crs.awayWins' },
];

/**
 * The correct-score grid (home wins, draws, away wins) and the "others" groups with the scores
 * each covers, for CRS or FCS under the configured others scheme (itself an unconfirmed convention).
 */
export function CorrectScorePanel({ market }: { market: Extract<MarketCode, 'CRS' | 'FCS'> }) {
  const intl = useIntl();
  const label = useSelectionLabel();
  const scheme = HKJC_CONVENTIONS.correctScoreOthers[market];
  const grid = correctScoreGrid(scheme);
  return (
    <div className="crs-panel" data-testid={`crs-grid-${market}`}>
      <div className="crs-grid">
        {COLUMNS.map((column) => (
          <div key={column.key} className="crs-grid__column">
            <h4>
              <FormattedMessage id={column.label} />
            </h4>
            <ul className="doc-selections doc-selections--scores">
              {grid[column.key].map((score) => (
                <li key={score} className="doc-selection">
                  {score}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="rules-section__head crs-panel__others-head">
        <h4>
          <FormattedMessage id="footballDoc.crs.others" values={{ count: grid.others.length }} />
        </h4>
        <ConfidenceLabel fact={HKJC_CONVENTIONS.correctScoreOthers} />
      </div>
      <ul className="crs-others">
        {grid.others.map((other) => (
          <li key={other.key}>
            <span className="doc-selection">{label(market, other.key)}</span>{' '}
            <span className="muted">
              <FormattedMessage id="footballDoc.crs.example" values={{ scores: intl.formatList(other.examples, { type: 'unit' }) }} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
