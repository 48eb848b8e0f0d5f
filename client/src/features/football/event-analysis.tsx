import type { FormEntry } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useLocalName } from '../../shared/football/use-local-name.ts';
import { useFootballEvent } from './football-queries.ts';

/** One team's last five, newest first: a W/D/L chip per match with its score and opponent. */
function Form({ team, entries }: { team: string; entries: readonly FormEntry[] }) {
  const intl = useIntl();
  const name = useLocalName();
  return (
    <div className="form-line">
      <span className="form-line__team">{team}</span>
      {entries.length === 0 ? (
        <span className="muted">
          <FormattedMessage id="football.analysis.noForm" />
        </span>
      ) : (
        <ol className="form-line__chips">
          {entries.slice(0, 5).map((e) => (
            <li
              key={e.eventId}
              className={`form-chip form-chip--${e.outcome}`}
              title={intl.formatMessage(
                { id: 'football.analysis.formTitle' },
                { opponent: name(e.opponent, e.opponentNames), score: `${e.goalsFor}-${e.goalsAgainst}`, venue: intl.formatMessage({ id: e.venue === 'H' ? 'football.analysis.home' : 'football.analysis.away' }) },
              )}
            >
              <span className="form-chip__outcome">
                <FormattedMessage id={`football.form.${e.outcome}`} />
              </span>
              <span className="form-chip__score">
                {e.goalsFor}-{e.goalsAgainst}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** Win/draw/loss probabilities implied by the HAD prices with the margin taken out. */
function Probabilities({ probabilities, margin, home, away }: { probabilities: { H: number; D: number; A: number }; margin: number | null; home: string; away: string }) {
  const intl = useIntl();
  const percent = (value: number) => intl.formatNumber(value, { style: 'percent', maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const rows = [
    { key: 'H', name: home, value: probabilities.H },
    { key: 'D', name: intl.formatMessage({ id: 'football.sel.D' }), value: probabilities.D },
    { key: 'A', name: away, value: probabilities.A },
  ];
  return (
    <div className="probabilities" data-testid="probabilities">
      <ul className="probabilities__bars">
        {rows.map((row) => (
          <li key={row.key} className={`probability probability--${row.key}`}>
            <span className="probability__name">{row.name}</span>
            <span className="probability__bar" aria-hidden="true">
              <span style={{ width: `${Math.round(row.value * 1000) / 10}%` }} />
            </span>
            <strong className="probability__value">{percent(row.value)}</strong>
          </li>
        ))}
      </ul>
      {margin !== null && (
        <p className="muted probabilities__margin">
          <FormattedMessage id="football.analysis.margin" values={{ margin: percent(margin) }} />
        </p>
      )}
    </div>
  );
}

/** The analysis of an opened event: team status (last five of each side) and the implied probabilities. */
export function EventAnalysis({ eventId, home, away }: { eventId: string; home: string; away: string }) {
  const detail = useFootballEvent(eventId);
  const analysis = detail.data?.analysis;
  return (
    <section className="analysis" aria-labelledby={`analysis-${eventId}`} data-testid="event-analysis">
      <h4 id={`analysis-${eventId}`} className="market__title">
        <FormattedMessage id="football.analysis.title" />
      </h4>
      {analysis ? (
        <div className="analysis__body">
          <div>
            <h5 className="analysis__subtitle">
              <FormattedMessage id="football.analysis.form" />
            </h5>
            <Form team={home} entries={analysis.homeForm} />
            <Form team={away} entries={analysis.awayForm} />
          </div>
          <div>
            <h5 className="analysis__subtitle">
              <FormattedMessage id="football.analysis.probabilities" />
            </h5>
            {analysis.probabilities ? (
              <Probabilities probabilities={analysis.probabilities} margin={analysis.margin} home={home} away={away} />
            ) : (
              <p className="muted">
                <FormattedMessage id="football.analysis.noProbabilities" />
              </p>
            )}
          </div>
        </div>
      ) : detail.isError ? (
        <p className="muted" role="alert">
          <FormattedMessage id="football.analysis.error" />
        </p>
      ) : (
        <p className="muted" role="status">
          <FormattedMessage id="app.loading" />
        </p>
      )}
      <p className="analysis__links">
        <Link to="/main/sports/hkjc-football-doc">
          <FormattedMessage id="football.link.help" />
        </Link>
        <Link to="/sidebar/dashboards/hkjc-football">
          <FormattedMessage id="football.link.dashboard" />
        </Link>
      </p>
    </section>
  );
}
