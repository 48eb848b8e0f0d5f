import { MARKET_CODES, type FootballEventWire, type FootballMarketWire, type MarketCode } from '@gp/common';
import { FormattedMessage } from 'react-intl';
import { EventAnalysis } from './event-analysis.tsx';
import { MarketBlock } from './market-block.tsx';
import { useLocalName } from '../../shared/football/use-local-name.ts';

/** An event's markets by code, in the order of the 14 bet types, the main line first. */
export function marketsByCode(markets: readonly FootballMarketWire[]): { code: MarketCode; markets: FootballMarketWire[] }[] {
  return MARKET_CODES.map((code) => ({
    code,
    markets: markets.filter((m) => m.market === code).sort((a, b) => Number(b.main) - Number(a.main)),
  })).filter((group) => group.markets.length > 0);
}

/** The opened event: every market it offers, then the analysis. */
export function EventMarkets({ event, id }: { event: FootballEventWire; id: string }) {
  const groups = marketsByCode(event.markets);
  const name = useLocalName();
  return (
    <div id={id} className="event-markets" data-testid="event-markets">
      {groups.length === 0 && (
        <p className="muted">
          <FormattedMessage id="football.markets.none" />
        </p>
      )}
      <div className="event-markets__grid">
        {groups.map((group) => (
          <MarketBlock key={group.code} event={event} code={group.code} markets={group.markets} />
        ))}
      </div>
      <EventAnalysis eventId={event.id} home={name(event.home, event.names?.home)} away={name(event.away, event.names?.away)} />
    </div>
  );
}
