import { useLayoutEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { beadRoadColumns, longestRun, type RoadCell } from './roadmap.ts';
import type { SideOutcome } from './side-outcome.tsx';

const ROWS = 6;

/**
 * One market's bead road: a column per run of the same outcome, oldest issue on the left, with
 * the counts and the longest streak under it. Each bead names its issue for screen readers.
 */
export function BeadRoad(props: { title: MessageId; cells: RoadCell<SideOutcome>[]; counts: { outcome: SideOutcome; count: number }[]; testId: string }) {
  const { title, cells, counts, testId } = props;
  const intl = useIntl();
  const scroller = useRef<HTMLDivElement>(null);
  const outcomeLabel = (outcome: SideOutcome) => intl.formatMessage({ id: `results.outcome.${outcome ?? 'none'}` });
  const columns = beadRoadColumns(cells, ROWS);
  const streak = longestRun(cells);

  // The newest issues are on the right: when the road is wider than the screen, show them first.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollLeft = element.scrollWidth;
  }, [cells]);

  return (
    <figure className="bead-road" data-testid={testId}>
      <figcaption className="bead-road__title">
        <FormattedMessage id={title} />
      </figcaption>
      <div className="bead-road__scroll" ref={scroller}>
        <ol className="bead-road__grid">
          {columns.map((column) => (
            <li key={column[0]!.issue}>
              <ol className="bead-road__column">
                {column.map((cell) => {
                  const text = intl.formatMessage({ id: 'results.roadmap.cell' }, { issue: cell.issue, outcome: outcomeLabel(cell.outcome) });
                  return (
                    <li key={cell.issue} className={`bead side-tag--${cell.outcome ?? 'none'}`} title={text}>
                      <span aria-hidden="true">
                        <FormattedMessage id={`results.short.${cell.outcome ?? 'none'}`} />
                      </span>
                      <span className="visually-hidden">{text}</span>
                    </li>
                  );
                })}
              </ol>
            </li>
          ))}
        </ol>
      </div>
      <dl className="road-counts">
        {counts.map(({ outcome, count }) => (
          <div key={outcome ?? 'none'} className="road-counts__item">
            <dt>
              <span className={`bead bead--key side-tag--${outcome ?? 'none'}`} aria-hidden="true">
                <FormattedMessage id={`results.short.${outcome ?? 'none'}`} />
              </span>
              {outcomeLabel(outcome)}
            </dt>
            <dd data-testid={`${testId}-count-${outcome ?? 'none'}`}>{count}</dd>
          </div>
        ))}
      </dl>
      {streak && (
        <p className="muted road-streak">
          <FormattedMessage id="results.roadmap.streak" values={{ outcome: outcomeLabel(streak.outcome), length: streak.length }} />
        </p>
      )}
    </figure>
  );
}
