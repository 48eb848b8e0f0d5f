import { drawProduct, expandEntry, zonesOf, type DrawOrderPart, type DrawOrderWire } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatLocalAmount } from '../money/local-money.ts';
import { EntryBalls, ResultBalls } from './entry-balls.tsx';

/**
 * The orders list's cells for a draw-lottery order (spec §2 columns): the issue (and which of a
 * multi-draw group), the numbers with what matched, the special numbers, the play type, add-ons,
 * how the draw went and the official result. A system or banker entry's single lines are folded
 * under it, the winning ones marked.
 */

/** "26/030 · draw 2 of 3". */
export function DrawIssue({ part }: { part: DrawOrderPart }) {
  return (
    <span className="draw-order__issue">
      <span className="mono" data-testid="draw-issue">
        {part.displayIssue}
      </span>
      {part.group.count > 1 && (
        <span className="muted">
          {' '}
          <FormattedMessage id="draw.order.groupIndex" values={{ index: part.group.index, count: part.group.count }} />
        </span>
      )}
    </span>
  );
}

const isCombination = (order: DrawOrderWire) => order.draw.system || order.selections.some((entry) => entry.bankers?.some((z) => z.length > 0));

/** The lines an order's entries stand for, in common's stable order (the `line` of a settled line indexes them). */
function expandedLines(order: DrawOrderWire): number[][][] {
  const product = drawProduct(order.productCode);
  if (!product) return [];
  const zones = zonesOf(product, order.draw.play ?? undefined);
  return order.selections.flatMap((entry) => expandEntry(zones, { zones: entry.zones, ...(entry.bankers ? { bankers: entry.bankers } : {}) }));
}

/** The entries as bought, matched numbers marked once drawn; a combination's lines folded under it. */
export function DrawNumbers({ order }: { order: DrawOrderWire }) {
  const intl = useIntl();
  const { draw } = order;
  const result = draw.result;
  // The numbers column shows the first zone; the second (Powerball, Lucky Stars…) is the special-number column.
  const firstZone = (entry: DrawOrderWire['selections'][number]) => ({ zones: entry.zones.slice(0, 1), bankers: entry.bankers?.slice(0, 1) });
  const winning = new Map((draw.outcome?.lines ?? []).map((line) => [line.line, line]));
  const combination = isCombination(order);
  return (
    <div className="draw-order__numbers">
      <ul className="play-lines">
        {order.selections.map((entry, i) => (
          <li key={i}>
            <EntryBalls entry={firstZone(entry)} drawn={result?.zones.slice(0, 1)} extra={result?.extra} />
          </li>
        ))}
      </ul>
      {combination && (
        <details className="draw-order__lines" data-testid="draw-order-lines">
          <summary>
            <FormattedMessage id="draw.order.lines" values={{ count: draw.lines }} />
          </summary>
          <ol className="play-lines">
            {expandedLines(order).map((line, i) => {
              const won = winning.get(i);
              return (
                <li key={i} className={won?.division ? 'draw-order__line--won' : undefined} data-won={won?.division ? 'true' : undefined} data-testid="draw-order-line">
                  <EntryBalls entry={{ zones: line }} drawn={result?.zones} extra={result?.extra} />
                  {won?.division != null && (
                    <span className="outcome-tag outcome-tag--win">{intl.formatMessage({ id: 'draw.division.name' }, { id: won.division })}</span>
                  )}
                </li>
              );
            })}
          </ol>
        </details>
      )}
    </div>
  );
}

/** The second zone's numbers (Powerball, Mega Ball, Lucky Stars, 威力彩 zone 2); "—" for one-zone games. */
export function DrawSpecial({ order }: { order: DrawOrderWire }) {
  const second = order.selections.filter((entry) => entry.zones.length > 1);
  if (second.length === 0) return <>—</>;
  return (
    <ul className="play-lines">
      {second.map((entry, i) => (
        <li key={i}>
          <EntryBalls entry={{ zones: [entry.zones[1] ?? []], bankers: entry.bankers?.[1] ? [entry.bankers[1]] : undefined }} drawn={order.draw.result ? [order.draw.result.zones[1] ?? []] : undefined} />
        </li>
      ))}
    </ul>
  );
}

/** Single lines, multiple (system) or banker; 39樂合彩's play; Mark Six's partial unit. */
export function DrawPlayType({ order }: { order: DrawOrderWire }) {
  const { draw } = order;
  const banker = order.selections.some((entry) => entry.bankers?.some((z) => z.length > 0));
  return (
    <span className="draw-order__play">
      <FormattedMessage id={banker ? 'draw.mode.banker' : draw.system ? 'draw.mode.system' : 'draw.mode.standard'} />
      {draw.play && (
        <>
          {' · '}
          <FormattedMessage id="draw.order.play" values={{ pick: draw.play }} />
        </>
      )}
      {draw.partialUnit && (
        <>
          {' · '}
          <FormattedMessage id="draw.order.partial" />
        </>
      )}
    </span>
  );
}

/** Add-ons (Power Play) and Mega Millions' per-line multipliers. */
export function DrawMultiplier({ order }: { order: DrawOrderWire }) {
  const { draw } = order;
  const parts = [...draw.addOns.map((code) => (code === 'powerPlay' ? 'Power Play' : code))];
  if (draw.lineMultipliers?.length) parts.push([...new Set(draw.lineMultipliers)].sort((a, b) => a - b).map((m) => `${m}×`).join(' '));
  if (draw.result?.multiplier) parts.push(`PP ${draw.result.multiplier}×`);
  return <>{parts.length ? parts.join(' · ') : '—'}</>;
}

/**
 * How the order fared: waiting for its draw; "division 2 won — amount pending" while a pool amount
 * is not in; held as a large win for the back office; or settled (won, with the local amount, or no win).
 */
export function DrawOutcome({ order }: { order: DrawOrderWire }) {
  const intl = useIntl();
  const { draw } = order;
  if (order.status === 9) return <>—</>;
  switch (draw.state) {
    case 'open':
      return (
        <span className="muted" data-testid="draw-state" data-state="open">
          <FormattedMessage id="draw.order.state.open" />
        </span>
      );
    case 'pending':
      return (
        <span data-testid="draw-state" data-state="pending">
          {(draw.outcome?.pendingDivisions ?? []).map((division) => (
            <span key={division} className="outcome-tag outcome-tag--refund">
              <FormattedMessage id="draw.order.state.pending" values={{ division: intl.formatMessage({ id: 'draw.division.name' }, { id: division }) }} />
            </span>
          ))}
        </span>
      );
    case 'large_win':
      return (
        <span className="outcome-tag outcome-tag--win" data-testid="draw-state" data-state="large_win">
          <FormattedMessage id="draw.order.state.largeWin" />
        </span>
      );
    case 'settled': {
      const prize = draw.outcome?.prize;
      return prize && prize.amount > 0 ? (
        <span className="outcome-tag outcome-tag--win" data-testid="draw-state" data-state="settled">
          <FormattedMessage id="draw.order.state.won" values={{ amount: formatLocalAmount(prize, intl.locale) }} />
        </span>
      ) : (
        <span className="muted" data-testid="draw-state" data-state="settled">
          <FormattedMessage id="draw.order.state.noWin" />
        </span>
      );
    }
  }
}

/** The draw's numbers as the lottery drew them (extra numbers apart). */
export function DrawOfficial({ order }: { order: DrawOrderWire }) {
  const result = order.draw.result;
  if (!result) return <span className="muted">—</span>;
  return <ResultBalls zones={result.zones} extra={result.extra} />;
}
