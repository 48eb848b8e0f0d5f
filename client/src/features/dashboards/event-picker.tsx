import type { FootballEventWire } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { printLine } from '../../shared/football/print-line.ts';
import { marketNameId } from '../../shared/football/selection-labels.ts';
import { useMatchName } from '../../shared/football/use-local-name.ts';
import { optionValue, type MarketOption } from './market-options.ts';

interface EventPickerProps {
  events: FootballEventWire[];
  event: FootballEventWire;
  options: MarketOption[];
  option: MarketOption | null;
  onChange: (next: Record<string, string | null>) => void;
}

/** The event and the market/line to chart, kept in the address so a chart can be linked to. */
export function EventPicker({ events, event, options, option, onChange }: EventPickerProps) {
  const intl = useIntl();
  const match = useMatchName();
  const eventText = (e: FootballEventWire) =>
    `${e.code} · ${match(e)} · ${intl.formatDate(e.kickOffAt, { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' })} · ${intl.formatMessage({ id: `dashboards.status.${e.status}` })}`;
  return (
    <div className="card section-card dash-pickers">
      <label className="field">
        <span className="field__label">
          <FormattedMessage id="dashboards.odds.event" />
        </span>
        <select
          className="field__input"
          value={event.id}
          onChange={(e) => onChange({ event: e.target.value, market: null, line: null })}
          data-testid="odds-event"
        >
          {events.map((e) => (
            <option key={e.id} value={e.id}>
              {eventText(e)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">
          <FormattedMessage id="dashboards.odds.market" />
        </span>
        <select
          className="field__input"
          value={option ? optionValue(option) : ''}
          disabled={options.length === 0}
          onChange={(e) => {
            const [market, line] = e.target.value.split('|');
            onChange({ market: market ?? null, line: line || null });
          }}
          data-testid="odds-market"
        >
          {options.map((o) => (
            <option key={optionValue(o)} value={optionValue(o)}>
              {`${o.market} · ${intl.formatMessage({ id: marketNameId(o.market) })}${o.line ? ` ${printLine(o.line)}` : ''}`}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
