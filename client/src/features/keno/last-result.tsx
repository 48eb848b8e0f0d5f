import type { LastResult } from '@gp/common';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { pad } from './number-board.tsx';

/** A result's numbers in draw order; `mine` are ringed, the super number (the last drawn) stands out. */
export function ResultBalls({ numbers, superNumber, mine = [] }: { numbers: readonly number[]; superNumber: number; mine?: readonly number[] }) {
  return (
    <ol className="result-balls">
      {numbers.map((n) => (
        <li key={n} className={['result-ball', mine.includes(n) ? 'result-ball--mine' : '', n === superNumber ? 'result-ball--super' : ''].filter(Boolean).join(' ')}>
          {pad(n)}
        </li>
      ))}
    </ol>
  );
}

export function SideOutcome({ label, value }: { label: 'keno.last.bigSmall' | 'keno.last.oddEven'; value: 'big' | 'small' | 'odd' | 'even' | null }) {
  return (
    <span className="result-tag">
      <FormattedMessage id={label} />{' '}
      <strong>{value ? <FormattedMessage id={`keno.side.${value}`} /> : <FormattedMessage id="keno.side.none" />}</strong>
    </span>
  );
}

/** The latest published result (the clock's `lastResult`), with quick links to the results and the rules. */
export function LastResultCard({ result, code, showSuper, showSides }: { result: LastResult | null | undefined; code: string; showSuper: boolean; showSides: boolean }) {
  return (
    <section className="card last-result" aria-labelledby="keno-last-title" data-testid="keno-last-result">
      <div className="last-result__head">
        <h2 id="keno-last-title" className="clock__title">
          <FormattedMessage id="keno.last.title" />
        </h2>
        {result && (
          <span className="muted">
            <FormattedMessage id="keno.last.issue" values={{ issue: result.issue }} />
          </span>
        )}
      </div>
      {result ? (
        <>
          <ResultBalls numbers={result.numbers} superNumber={result.superNumber} />
          {(showSuper || showSides) && (
            <p className="result-tags">
              {showSuper && (
                <span className="result-tag">
                  <FormattedMessage id="keno.last.super" /> <strong>{pad(result.superNumber)}</strong>
                </span>
              )}
              {showSides && <SideOutcome label="keno.last.bigSmall" value={result.bigSmall} />}
              {showSides && <SideOutcome label="keno.last.oddEven" value={result.oddEven} />}
            </p>
          )}
        </>
      ) : (
        <p className="muted">
          <FormattedMessage id="keno.last.none" />
        </p>
      )}
      <p className="last-result__links">
        <Link to={`/roadmap?product=${code}`}>
          <FormattedMessage id="keno.link.results" />
        </Link>
        <Link to={`/main/keno/rules?product=${code}`}>
          <FormattedMessage id="keno.link.rules" />
        </Link>
      </p>
    </section>
  );
}
