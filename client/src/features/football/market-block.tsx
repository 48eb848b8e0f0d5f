import { FOOTBALL_MARKETS, type FootballEventWire, type FootballMarketWire, type MarketCode } from '@gp/common';
import { FormattedMessage } from 'react-intl';
import { useFootballLabels } from '../../shared/football/use-football-labels.ts';
import { OddsButton } from './odds-button.tsx';
import { orderSelections } from './selection-order.ts';
import { usePicks } from './pick-context.tsx';
import { pickKey } from './slip.ts';

type Selection = FootballMarketWire['selections'][number];

/** The correct-score grid as HKJC lays it out: home wins, draws, away wins, then the "others". */
function scoreColumns(selections: readonly Selection[]) {
  const score = (s: Selection) => /^(\d+):(\d+)$/.exec(s.key);
  const side = (s: Selection) => {
    const m = score(s);
    if (!m) return 'others';
    const [h, a] = [Number(m[1]), Number(m[2])];
    return h > a ? 'home' : h < a ? 'away' : 'draw';
  };
  return (['home', 'draw', 'away', 'others'] as const).map((column) => ({ column, selections: selections.filter((s) => side(s) === column) }));
}

function Prices({ event, market, selections }: { event: FootballEventWire; market: FootballMarketWire; selections: readonly Selection[] }) {
  const labels = useFootballLabels();
  const { selected, toggle } = usePicks();
  const closed = event.status !== 'open' || market.status !== 'open';
  return (
    <>
      {selections.map((s) => {
        const id = pickKey({ eventId: event.id, market: market.market, line: market.line, selection: s.key });
        return (
          <OddsButton
            key={s.key}
            pickId={id}
            label={labels.selection(market.market, s.key, event.players)}
            odds={s.odds}
            selected={selected.has(id)}
            disabled={closed}
            onToggle={() => toggle({ eventId: event.id, market: market.market, line: market.line, selection: s.key, odds: s.odds })}
          />
        );
      })}
    </>
  );
}

function LineLabel({ code, line }: { code: MarketCode; line: string }) {
  const kind = FOOTBALL_MARKETS[code].line;
  return (
    <span className="market__line">
      <FormattedMessage id={kind === 'total' ? 'football.line.total' : 'football.line.handicap'} values={{ line }} />
    </span>
  );
}

/**
 * Every line of one market of an event with its prices; a suspended line says so and disables
 * its prices. Correct scores get the grid, first scorer the players of `event.players`.
 */
export function MarketBlock({ event, code, markets }: { event: FootballEventWire; code: MarketCode; markets: readonly FootballMarketWire[] }) {
  const labels = useFootballLabels();
  const grid = code === 'CRS' || code === 'FCS';
  return (
    <section className={`market market--${code}`} aria-label={labels.market(code)} data-testid={`market-${code}`}>
      <h4 className="market__title">
        {labels.market(code)} <span className="market__code">{code}</span>
      </h4>
      {markets.map((market) => (
        <div key={market.line ?? ''} className={`market__row${market.status !== 'open' ? ' market__row--off' : ''}`}>
          {market.line !== null && <LineLabel code={code} line={market.line} />}
          {market.status !== 'open' && (
            <span className="football-badge">
              <FormattedMessage id={market.status === 'suspended' ? 'football.market.suspended' : 'football.market.closed'} />
            </span>
          )}
          {grid ? (
            <div className="score-grid">
              {scoreColumns(orderSelections(code, market.selections)).map(({ column, selections }) => (
                <div key={column} className={`score-grid__column score-grid__column--${column}`}>
                  <Prices event={event} market={market} selections={selections} />
                </div>
              ))}
            </div>
          ) : (
            <div className={`market__prices market__prices--${Math.min(market.selections.length, 9)}`}>
              <Prices event={event} market={market} selections={orderSelections(code, market.selections)} />
            </div>
          )}
        </div>
      ))}
    </section>
  );
}
