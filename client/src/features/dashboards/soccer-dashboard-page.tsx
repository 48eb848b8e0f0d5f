import './dashboards.css';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { FootballLinks } from '../../shared/football/football-links.tsx';
import { useLocalName } from '../../shared/football/use-local-name.ts';
import { RESULTS_PAGE_SIZE, useFootballResults, useStandings } from './football-queries.ts';
import { LoadError } from './load-error.tsx';
import { OutcomeChart } from './outcome-chart.tsx';
import { ResultsTable } from './results-table.tsx';
import { StandingsTable } from './standings-table.tsx';
import { tournamentSummaries } from './standings-summary.ts';
import { SectionCard } from '../../shared/ui/section-card.tsx';

/** `/sidebar/dashboards/soccer`: our own football data — latest results, league tables and how matches ended. */
export function SoccerDashboardPage() {
  usePageTitle('dashboards.soccer.pageTitle');
  const intl = useIntl();
  const name = useLocalName();
  const [page, setPage] = useState(1);
  const results = useFootballResults(page);
  const standings = useStandings();
  const summaries = tournamentSummaries(standings.data ?? []).filter((s) => s.matches > 0);
  const pageCount = results.data ? Math.max(1, Math.ceil(results.data.total / RESULTS_PAGE_SIZE)) : 1;

  return (
    <div className="container page dashboard-page">
      <PageHeader title="dashboards.soccer.title" lead="dashboards.soccer.lead" />
      <FootballLinks current="soccer" />

      <SectionCard titleId="soccer-results-title" title="dashboards.results.title">
        {results.isError && !results.data ? (
          <LoadError onRetry={() => void results.refetch()} />
        ) : !results.data ? (
          <p className="muted" aria-busy="true">
            <FormattedMessage id="app.loading" />
          </p>
        ) : results.data.items.length === 0 ? (
          <p className="empty-state" data-testid="results-empty">
            <FormattedMessage id="dashboards.results.empty" />
          </p>
        ) : (
          <>
            <ResultsTable items={results.data.items} busy={results.isFetching} />
            <Pagination page={page} pageCount={pageCount} onChange={setPage} />
          </>
        )}
      </SectionCard>

      <SectionCard titleId="soccer-chart-title" title="dashboards.chart.title">
        {summaries.length > 0 ? (
          <>
            <OutcomeChart summaries={summaries} />
            <ul className="dash-goals">
              {summaries.map((s) => (
                <li key={s.tournamentCode}>
                  <strong>{name(s.tournament, s.names)}</strong>{' '}
                  <FormattedMessage
                    id="dashboards.chart.summary"
                    values={{ matches: s.matches, goals: intl.formatNumber(s.goalsPerMatch ?? 0, { maximumFractionDigits: 2 }) }}
                  />
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="empty-state">
            <FormattedMessage id="dashboards.standings.empty" />
          </p>
        )}
      </SectionCard>

      <SectionCard titleId="soccer-standings-title" title="dashboards.standings.title">
        {standings.isError && !standings.data ? (
          <LoadError onRetry={() => void standings.refetch()} />
        ) : !standings.data ? (
          <p className="muted" aria-busy="true">
            <FormattedMessage id="app.loading" />
          </p>
        ) : standings.data.length === 0 ? (
          <p className="empty-state">
            <FormattedMessage id="dashboards.standings.empty" />
          </p>
        ) : (
          <div className="standings-list">
            {standings.data.map((table) => (
              <StandingsTable key={table.tournamentCode} table={table} />
            ))}
          </div>
        )}
      </SectionCard>
    </div>
  );
}
