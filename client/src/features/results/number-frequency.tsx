import type { CSSProperties } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ball } from '../../shared/keno/order-plays.ts';
import type { NumberCount } from './roadmap.ts';

function NumberList({ title, numbers, testId }: { title: 'results.hot' | 'results.cold'; numbers: NumberCount[]; testId: string }) {
  const intl = useIntl();
  return (
    <div className="hot-cold__list" data-testid={testId}>
      <h4>
        <FormattedMessage id={title} />
      </h4>
      <ol className="balls">
        {numbers.map(({ number, count }) => (
          <li key={number} className={`ball ${title === 'results.hot' ? 'ball--hot' : 'ball--cold'}`} title={intl.formatMessage({ id: 'results.frequency.cell' }, { number: ball(number), count })}>
            {ball(number)}
            <span className="ball__count">{count}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * How often each number came up over the issues shown: the hot and cold lists and a heat grid of
 * the whole pool (darker = drawn more often).
 */
export function NumberFrequency({ frequency, hot, cold }: { frequency: NumberCount[]; hot: NumberCount[]; cold: NumberCount[] }) {
  const intl = useIntl();
  const max = Math.max(1, ...frequency.map((n) => n.count));
  return (
    <section className="hot-cold" aria-labelledby="frequency-title" data-testid="number-frequency">
      <h3 id="frequency-title">
        <FormattedMessage id="results.frequency" />
      </h3>
      <div className="hot-cold__lists">
        <NumberList title="results.hot" numbers={hot} testId="hot-numbers" />
        <NumberList title="results.cold" numbers={cold} testId="cold-numbers" />
      </div>
      <ol className="heat-grid">
        {frequency.map(({ number, count }) => {
          const label = intl.formatMessage({ id: 'results.frequency.cell' }, { number: ball(number), count });
          return (
            <li key={number} className="heat-grid__cell" style={{ '--heat': `${Math.round((count / max) * 100)}%` } as CSSProperties} title={label}>
              <span aria-hidden="true">{ball(number)}</span>
              <span className="visually-hidden">{label}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
