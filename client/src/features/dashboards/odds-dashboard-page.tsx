import './dashboards.css';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { FootballLinks } from '../../shared/football/football-links.tsx';
import { printLine } from '../../shared/football/print-line.ts';
import { marketNameId } from '../../shared/football/selection-labels.ts';
import { useSelectionLabel } from '../../shared/football/use-selection-label.ts';
import { useMatchName } from '../../shared/football/use-local-name.ts';
import { CurrentOddsTable } from './current-odds-table.tsx';
import { EventPicker } from './event-picker.tsx';
import { useFootballEvent, useFootballEvents } from './football-queries.ts';
import { chooseOption, marketOptions } from './market-options.ts';
import { OddsChart } from './odds-chart.tsx';
import { currentOdds, historyPoints, normalisePoints, seriesByKey } from './odds-series.ts';
import { LoadError } from './load-error.tsx';
import { useLiveOdds } from './use-live-odds.ts';
import { SectionCard } from '../../shared/ui/section-card.tsx';

/**
 * `/sidebar/dashboards/hkjc-football?event=&market=&line=`: how one event's prices moved, per
 * market and line (HAD by default), from the recorded history plus live `odds` events.
 */
export function OddsDashboardPage() {
  usePageTitle('dashboards.odds.pageTitle');
  const intl = useIntl();
  const match = useMatchName();
  const label = useSelectionLabel();
  const [params, setParams] = useSearchParams();
  const events = useFootballEvents();
  const list = events.data ?? [];
  const event = list.find((e) => e.id === params.get('event')) ?? list.find((e) => e.status === 'open') ?? list[0] ?? null;
  const options = event ? marketOptions(event) : [];
  const option = chooseOption(options, params.get('market'), params.get('line'));
  const detail = useFootballEvent(event?.id ?? null, option?.market ?? null, option?.line ?? null);
  const live = useLiveOdds(event?.id ?? null, option?.market ?? null, option?.line ?? null);

  const history = detail.data?.id === event?.id ? detail.data?.history : undefined;
  const market = option?.market ?? null;
  const line = option?.line ?? null;
  const points = useMemo(() => (market ? normalisePoints([...historyPoints(history ?? [], market, line), ...live]) : []), [history, live, market, line]);
  const choose = (next: Record<string, string | null>) => {
    const merged = { event: event?.id ?? null, market: option?.market ?? null, line: option?.line ?? null, ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter((e): e is [string, string] => !!e[1])), { replace: true });
  };

  const players = new Map((detail.data?.players ?? event?.players ?? []).map((p) => [p.code, p.name]));
  const marketText = option ? `${intl.formatMessage({ id: marketNameId(option.market) })}${option.line ? ` ${printLine(option.line)}` : ''}` : '';
  const series = option ? seriesByKey(points, option.keys).map((s) => ({ ...s, label: players.get(s.key) ?? label(option.market, s.key) })) : [];
  const current = option ? currentOdds(points, option.keys) : [];
  // Without recorded history yet, the table still shows the event's current prices.
  const marketNow = event?.markets.find((m) => option && m.market === option.market && (m.line ?? null) === option.line);
  const rows = current.map((r) => ({ ...r, odds: r.odds ?? marketNow?.selections.find((s) => s.key === r.key)?.odds ?? null }));

  return (
    <div className="container page dashboard-page">
      <PageHeader title="dashboards.odds.title" lead="dashboards.odds.lead" />
      <FootballLinks current="odds" />
      {events.isError && !events.data ? (
        <LoadError onRetry={() => void events.refetch()} />
      ) : !events.data ? (
        <p className="muted" aria-busy="true">
          <FormattedMessage id="app.loading" />
        </p>
      ) : !event ? (
        <p className="empty-state card section-card" data-testid="odds-no-events">
          <FormattedMessage id="dashboards.odds.noEvents" />
        </p>
      ) : (
        <>
          <EventPicker events={list} event={event} options={options} option={option} onChange={choose} />
          <section className="card section-card" aria-labelledby="odds-chart-title">
            <div className="dash-head">
              <h2 id="odds-chart-title">{`${match(event)} · ${marketText}`}</h2>
              <span className="dash-live">
                <span className="dash-live__dot" aria-hidden="true" />
                <FormattedMessage id="dashboards.live" />
              </span>
            </div>
            {detail.isError && !detail.data ? (
              <LoadError onRetry={() => void detail.refetch()} />
            ) : points.length === 0 ? (
              <p className="empty-state" data-testid="odds-empty">
                {detail.isPending ? <FormattedMessage id="app.loading" /> : <FormattedMessage id="dashboards.odds.empty" />}
              </p>
            ) : (
              <OddsChart series={series} label={intl.formatMessage({ id: 'dashboards.odds.chartLabel' }, { market: marketText, match: match(event) })} />
            )}
          </section>
          {option && (
            <SectionCard titleId="odds-current-title" title="dashboards.odds.current">
              <CurrentOddsTable market={option.market} rows={rows} playerName={(key) => players.get(key) ?? null} />
            </SectionCard>
          )}
        </>
      )}
    </div>
  );
}
